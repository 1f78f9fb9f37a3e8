import Foundation
import PMBoardBytes

/// A board as a site build reads it: plain records whose text lives in two byte buffers (one for tasks, one for
/// history), so that 400,000 rows cost no `String`, `UUID` or `Date` each.
///
/// The SQLite store fills one straight from its rows (``BoardStore/snapshot()``); any ``Board`` packs into one.
/// It holds what pages show and nothing else: no created/updated times, no history task ids.
package final class BoardSnapshot: Sendable {
  package let info: BoardInfo
  package let tasks: Tasks
  package let history: History

  package init(info: BoardInfo, tasks: Tasks, history: History) {
    self.info = info
    self.tasks = tasks
    self.history = history
  }

  /// Packs `board`.
  package convenience init(_ board: Board) {
    var tasks = Tasks.Builder(capacity: board.tasks.count)
    for task in board.tasks {
      tasks.add(id: task.idString, title: task.title, body: task.body, due: task.due, state: task.state)
    }
    var history = History.Builder(capacity: board.history.count)
    for entry in board.history {
      history.add(
        at: Int64(Instant.seconds(entry.at)), action: entry.action, title: entry.title,
        from: entry.from, to: entry.to, fields: entry.fields)
    }
    self.init(info: board.info, tasks: tasks.finish(), history: history.finish())
  }

  package var taskCount: Int { tasks.records.count }
  package var historyCount: Int { history.records.count }

  /// Tasks in store order; `id` is the lowercase UUID.
  package final class Tasks: Sendable {
    package struct Record {
      package var id: RawRef
      package var title: RawRef
      package var body: RawRef
      package var due: CalendarDate?
      package var state: TaskState
    }

    package let text: ByteArena
    package let records: [Record]

    package init(text: ByteArena, records: [Record]) {
      self.text = text
      self.records = records
    }

    /// Collects tasks. Text must be valid UTF-8: `String`s are, and the SQLite reader checks (and repairs) bytes.
    package struct Builder: ~Copyable {
      private var writer = ByteWriter(capacity: 1 << 16)
      private var records: [Record] = []

      package init(capacity: Int = 0) {
        records.reserveCapacity(capacity)
      }

      package mutating func add(
        id: UnsafeBufferPointer<UInt8>, title: UnsafeBufferPointer<UInt8>, body: UnsafeBufferPointer<UInt8>,
        due: CalendarDate?, state: TaskState
      ) {
        records.append(
          Record(
            id: writer.appendRef(id), title: writer.appendRef(title), body: writer.appendRef(body), due: due,
            state: state))
      }

      package mutating func add(id: String, title: String, body: String, due: CalendarDate?, state: TaskState) {
        var (id, title, body) = (id, title, body)
        id.withUTF8 { id in
          title.withUTF8 { title in
            body.withUTF8 { body in add(id: id, title: title, body: body, due: due, state: state) }
          }
        }
      }

      package consuming func finish() -> Tasks { Tasks(text: ByteArena(writer), records: records) }
    }
  }

  /// History oldest first.
  package final class History: Sendable {
    package struct Record {
      /// Seconds since 1970, UTC, rounded down.
      package var at: Int64
      package var action: HistoryAction
      package var title: RawRef
      package var from: TaskState?
      package var to: TaskState?
      /// `fields[fieldsStart..<fieldsStart + fieldsCount]`.
      package var fieldsStart: Int32
      package var fieldsCount: Int32
    }

    package let text: ByteArena
    package let records: [Record]
    package let fields: [TaskField]

    package init(text: ByteArena, records: [Record], fields: [TaskField]) {
      self.text = text
      self.records = records
      self.fields = fields
    }

    /// Collects history entries in order.
    package struct Builder: ~Copyable {
      private var writer = ByteWriter(capacity: 1 << 16)
      private var records: [Record] = []
      private var fields: [TaskField] = []

      package init(capacity: Int = 0) {
        records.reserveCapacity(capacity)
      }

      package mutating func add(
        at: Int64, action: HistoryAction, title: UnsafeBufferPointer<UInt8>, from: TaskState?, to: TaskState?,
        fields entryFields: some Collection<TaskField>
      ) {
        let title = writer.appendRef(title)
        let fieldsStart = Int32(fields.count)
        fields.append(contentsOf: entryFields)
        records.append(
          Record(
            at: at, action: action, title: title, from: from, to: to, fieldsStart: fieldsStart,
            fieldsCount: Int32(fields.count) - fieldsStart))
      }

      package mutating func add(
        at: Int64, action: HistoryAction, title: String, from: TaskState?, to: TaskState?, fields: [TaskField]
      ) {
        var title = title
        title.withUTF8 { add(at: at, action: action, title: $0, from: from, to: to, fields: fields) }
      }

      package consuming func finish() -> History { History(text: ByteArena(writer), records: records, fields: fields) }
    }
  }
}
