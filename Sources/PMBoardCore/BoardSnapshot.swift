import Foundation
import PMBoardBytes

/// A board as a site build reads it: plain records whose text lives in two byte buffers (one for tasks, one for
/// history), so that 400,000 rows cost no `String`, `UUID` or `Date` each.
///
/// The SQLite store fills one straight from its rows (``BoardStore/snapshot()``); any ``Board`` packs into one.
/// It holds what pages and feeds show and nothing else: no created/updated times. History keeps its task ids, which
/// the change feed's entry ids and publish-time redaction need.
public final class BoardSnapshot: Sendable {
  public let info: BoardInfo
  public let tasks: Tasks
  public let history: History
  /// The store's revision (``BoardStore/revision()``) as of the very content read, when the store read it with the
  /// board; nil otherwise.
  public let revision: String?

  public init(info: BoardInfo, tasks: Tasks, history: History, revision: String? = nil) {
    self.info = info
    self.tasks = tasks
    self.history = history
    self.revision = revision
  }

  /// Packs `board`.
  public convenience init(_ board: Board, revision: String? = nil) {
    var tasks = Tasks.Builder(capacity: board.tasks.count)
    for task in board.tasks {
      tasks.add(
        id: task.idString, title: task.title, body: task.body, due: task.due, state: task.state,
        labels: task.labels.storedText, assignees: task.assignees.storedText, url: task.url,
        values: task.values.storedText)
    }
    var history = History.Builder(capacity: board.history.count)
    // Definition lines are not shown by the site yet (issue 58, pages): a snapshot leaves them out.
    for entry in board.history where entry.action != .defined {
      history.add(
        at: Int64(Instant.seconds(entry.at)), action: entry.action, taskID: entry.taskID.lowercaseString,
        title: entry.title, from: entry.from, to: entry.to, fields: entry.fields, author: entry.author,
        resolution: entry.resolution, changes: ValueChange.described(entry.changes))
    }
    self.init(info: board.info, tasks: tasks.finish(), history: history.finish(), revision: revision)
  }

  public var taskCount: Int { tasks.records.count }
  public var historyCount: Int { history.records.count }

  /// Tasks in store order; `id` is the lowercase UUID.
  public final class Tasks: Sendable {
    public struct Record: Sendable {
      public var id: RawRef
      public var title: RawRef
      public var body: RawRef
      public var due: CalendarDate?
      public var state: TaskState
      /// The names as the stores keep them, joined by line breaks (``NameSet/storedText``).
      public var labels: RawRef
      public var assignees: RawRef
      /// Empty for none.
      public var url: RawRef
      /// The declared fields' values as the stores keep them (``FieldValues/storedText``); empty for none.
      public var values: RawRef

      public init(
        id: RawRef, title: RawRef, body: RawRef, due: CalendarDate?, state: TaskState, labels: RawRef,
        assignees: RawRef, url: RawRef, values: RawRef
      ) {
        (self.id, self.title, self.body, self.due, self.state) = (id, title, body, due, state)
        (self.labels, self.assignees, self.url, self.values) = (labels, assignees, url, values)
      }
    }

    public let text: ByteArena
    public let records: [Record]

    public init(text: ByteArena, records: [Record]) {
      self.text = text
      self.records = records
    }

    /// Collects tasks. Text must be valid UTF-8: `String`s are, and the SQLite reader checks (and repairs) bytes.
    public struct Builder: ~Copyable {
      /// Where the records' text goes: a reader holding bytes appends them here itself (`appendRef`) and adds
      /// the references, so that no `String` is made per column.
      public var writer = ByteWriter(capacity: 1 << 16)
      private var records: [Record] = []

      public init(capacity: Int = 0) {
        records.reserveCapacity(capacity)
      }

      /// Adds a task whose text is already in ``writer``.
      public mutating func add(_ record: Record) {
        records.append(record)
      }

      /// Adds a task; `labels` and `assignees` are names joined by line breaks (``NameSet/storedText``), `values`
      /// is ``FieldValues/storedText``.
      public mutating func add(
        id: String, title: String, body: String, due: CalendarDate?, state: TaskState, labels: String,
        assignees: String, url: String, values: String = ""
      ) {
        let id = writer.appendRef(id)
        let title = writer.appendRef(title)
        let body = writer.appendRef(body)
        let labels = writer.appendRef(labels)
        let assignees = writer.appendRef(assignees)
        let url = writer.appendRef(url)
        let values = writer.appendRef(values)
        add(
          Record(
            id: id, title: title, body: body, due: due, state: state, labels: labels, assignees: assignees, url: url,
            values: values))
      }

      public consuming func finish() -> Tasks { Tasks(text: ByteArena(writer), records: records) }
    }
  }

  /// History oldest first.
  public final class History: Sendable {
    public struct Record: Sendable {
      /// Seconds since 1970, UTC, rounded down.
      public var at: Int64
      public var action: HistoryAction
      /// The lowercase UUID of the task the entry is about.
      public var taskID: RawRef
      public var title: RawRef
      public var from: TaskState?
      public var to: TaskState?
      /// `fields[fieldsStart..<fieldsStart + fieldsCount]`.
      public var fieldsStart: Int32
      public var fieldsCount: Int32
      /// Who made the change; empty when not known.
      public var author: RawRef
      /// What an edit did to declared fields' values, as a reader reads it (``ValueChange/described(_:)``:
      /// "priority P2 → P1"); empty for none.
      public var changes: RawRef = RawRef(start: 0, count: 0)
      public var resolution: SyncResolution?
    }

    public let text: ByteArena
    public let records: [Record]
    public let fields: [TaskField]
    /// How many `defined` lines (changes of field definitions) the reader left out: the site does not show them
    /// yet (issue 58, pages). Counted so that a reader can tell its rows were all read.
    public let definitionLines: Int

    public init(text: ByteArena, records: [Record], fields: [TaskField], definitionLines: Int = 0) {
      self.text = text
      self.records = records
      self.fields = fields
      self.definitionLines = definitionLines
    }

    /// Collects history entries in order.
    public struct Builder: ~Copyable {
      /// Where the titles go: a reader holding bytes appends them here itself (`appendRef`) and adds the
      /// references, so that no `String` is made per row.
      public var writer = ByteWriter(capacity: 1 << 16)
      private var records: [Record] = []
      private var fields: [TaskField] = []
      private var definitionLines = 0

      public init(capacity: Int = 0) {
        records.reserveCapacity(capacity)
      }

      /// Notes a `defined` line left out (``History/definitionLines``).
      public mutating func leaveOutDefinitionLine() { definitionLines += 1 }

      /// Adds an entry whose task id, title and author are already in ``writer``.
      public mutating func add(
        at: Int64, action: HistoryAction, taskID: RawRef, title: RawRef, from: TaskState?, to: TaskState?,
        fields entryFields: some Collection<TaskField>, author: RawRef, resolution: SyncResolution?,
        changes: RawRef = RawRef(start: 0, count: 0)
      ) {
        let fieldsStart = Int32(fields.count)
        // Most entries name no field; appending none still cost a call and a uniqueness check a row.
        if !entryFields.isEmpty { fields.append(contentsOf: entryFields) }
        records.append(
          Record(
            at: at, action: action, taskID: taskID, title: title, from: from, to: to, fieldsStart: fieldsStart,
            fieldsCount: Int32(fields.count) - fieldsStart, author: author, changes: changes, resolution: resolution))
      }

      /// `changes` is the described text (``ValueChange/described(_:)``), empty for none.
      public mutating func add(
        at: Int64, action: HistoryAction, taskID: String, title: String, from: TaskState?, to: TaskState?,
        fields: [TaskField], author: String, resolution: SyncResolution?, changes: String = ""
      ) {
        let taskID = writer.appendRef(taskID)
        let title = writer.appendRef(title)
        let author = writer.appendRef(author)
        let changes = writer.appendRef(changes)
        add(
          at: at, action: action, taskID: taskID, title: title, from: from, to: to, fields: fields, author: author,
          resolution: resolution, changes: changes)
      }

      public consuming func finish() -> History {
        History(text: ByteArena(writer), records: records, fields: fields, definitionLines: definitionLines)
      }
    }
  }
}
