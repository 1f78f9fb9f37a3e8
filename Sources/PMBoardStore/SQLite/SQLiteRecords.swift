import Foundation
import GRDB
import PMBoardBytes
import PMBoardCore

/// How tasks and history lines map to rows.
///
/// Hand-written rather than Codable records: loading 400,000 rows spends most of its time here, and reading columns
/// by index through GRDB's fast path skips keyed decoding's per-column name lookups and boxing.
public enum SQLiteRecords {
  /// The task columns a site shows (``SQLiteSnapshotReader``), then the rest.
  public static let shownTaskColumns = "id, " + TaskField.columnList(\.sqliteColumn)
  public static let taskColumns = shownTaskColumns + ", created, updated, source, source_id"
  /// Where `created` is in `taskColumns`: after the id and the fields.
  static let createdIndex = 1 + TaskField.allCases.count
  public static let historyColumns = #"at, action, task, title, "from", "to", fields, author, resolution"#

  /// One `?` per column of `taskColumns`.
  private static let taskPlaceholders = Array(repeating: "?", count: createdIndex + 4).joined(separator: ", ")
  public static let insertTask = "INSERT INTO task (\(taskColumns)) VALUES (\(taskPlaceholders))"
  public static let updateTask =
    "UPDATE task SET \(TaskField.allCases.map { "\($0.sqliteColumn) = ?" }.joined(separator: ", ")), "
    + "created = ?, updated = ?, source = ?, source_id = ?\nWHERE id = ?"

  /// `taskColumns` as a SELECT list that also reads a store an older pmboard made and nothing has written to since
  /// (its tasks have no source).
  public static func selectedTaskColumns(_ db: Database) throws -> String {
    let hasSource =
      try Bool.fetchOne(
        db, sql: "SELECT EXISTS (SELECT 1 FROM pragma_table_info('task') WHERE name = 'source')") ?? false
    return try selectedShownTaskColumns(db)
      + (hasSource ? ", created, updated, source, source_id" : ", created, updated, NULL, NULL")
  }

  /// `shownTaskColumns` as a SELECT list that also reads a store made before labels, assignees and links
  /// (``TaskField/addedInV9``), which a build reads without migrating: those read as empty.
  public static func selectedShownTaskColumns(_ db: Database) throws -> String {
    let hasLabels =
      try Bool.fetchOne(
        db, sql: "SELECT EXISTS (SELECT 1 FROM pragma_table_info('task') WHERE name = 'labels')") ?? false
    guard !hasLabels else { return shownTaskColumns }
    return "id, " + TaskField.columnList { TaskField.addedInV9.contains($0) ? $0.emptyColumnValue : $0.sqliteColumn }
  }
  /// `historyColumns` as a SELECT list that also reads a store an older pmboard made and nothing has written to
  /// since (a read does not migrate: the file may be read-only): its lines have no author or resolution.
  public static func selectedHistoryColumns(_ db: Database) throws -> String {
    let hasAuthor =
      try Bool.fetchOne(
        db, sql: "SELECT EXISTS (SELECT 1 FROM pragma_table_info('history') WHERE name = 'author')") ?? false
    return hasAuthor ? historyColumns : #"at, action, task, title, "from", "to", fields, '' AS author, NULL"#
  }

  /// The order history is read in: by time, ties in the order recorded (``HistoryEntry/inTimeOrder(_:)``), which
  /// the index `history_by_time` gives without a sort.
  public static let historyOrder = "at, seq"

  public static let insertHistory = "INSERT INTO history (\(historyColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"

  public static func task(_ row: Row) throws -> BoardTask {
    guard let id = try uuid(row, atIndex: 0) else {
      throw DamagedRow.taskID(try row.decode(String.self, atIndex: 0))
    }
    var task = BoardTask(
      id: id, title: "", created: date(try row.decode(Int64.self, atIndex: createdIndex)),
      updated: date(try row.decode(Int64.self, atIndex: createdIndex + 1)),
      source: try source(row, atIndex: createdIndex + 2))
    for (offset, field) in TaskField.allCases.enumerated() {
      try read(field, atIndex: 1 + offset, of: row, into: &task)
    }
    return task
  }

  /// Sets `task`'s `field` from column `index` of `row`, checked as the snapshot reader checks it.
  private static func read(_ field: TaskField, atIndex index: Int, of row: Row, into task: inout BoardTask) throws {
    switch field {
    case .title: task.title = try row.decode(String.self, atIndex: index)
    case .body: task.body = try row.decode(String.self, atIndex: index)
    case .due:
      guard let text = try row.decode(String?.self, atIndex: index) else { return }
      guard let due = CalendarDate(iso: text) else { throw DamagedRow.due(text, task: task.idString) }
      task.due = due
    case .state:
      let text = try row.decode(String.self, atIndex: index)
      guard let state = TaskState(rawValue: text) else { throw DamagedRow.state(text, task: task.idString) }
      task.state = state
    case .labels, .assignees: task.setNames(NameSet(storedText: try row.decode(String.self, atIndex: index)), of: field)
    case .url: task.url = try row.decode(String.self, atIndex: index)
    }
  }

  /// The source name and id in two columns: both or neither.
  static func source(_ row: Row, atIndex index: Int) throws -> TaskSource? {
    let name = try row.decode(String?.self, atIndex: index)
    let id = try row.decode(String?.self, atIndex: index + 1)
    guard let name, let id else { return nil }
    return TaskSource(name: name, id: id)
  }

  public static func taskArguments(_ task: BoardTask) -> StatementArguments {
    var values: [(any DatabaseValueConvertible)?] = [task.idString]
    values += fieldArguments(task)
    return StatementArguments(values)
  }

  /// Binds `task` to `insertTask`'s parameters, as ``taskArguments(_:)`` gives them.
  static func bind(_ task: BoardTask, to statement: SQLiteBulkStatement) {
    statement.bind(task.idString, at: 1)
    var index: Int32 = 2
    for field in TaskField.allCases {
      statement.bind(field.storedText(of: task), at: index)
      index += 1
    }
    statement.bind(seconds(task.created), at: index)
    statement.bind(seconds(task.updated), at: index + 1)
    statement.bind(task.source?.name, at: index + 2)
    statement.bind(task.source?.id, at: index + 3)
  }

  /// The arguments of `updateTask`, whose key comes last.
  public static func updateArguments(_ task: BoardTask) -> StatementArguments {
    StatementArguments(fieldArguments(task) + [task.idString])
  }

  /// The task's columns after its id, in `taskColumns` order.
  private static func fieldArguments(_ task: BoardTask) -> [(any DatabaseValueConvertible)?] {
    var values: [(any DatabaseValueConvertible)?] = []
    values.reserveCapacity(TaskField.allCases.count + 5)
    for field in TaskField.allCases { values.append(field.storedText(of: task)) }
    return values + [seconds(task.created), seconds(task.updated), task.source?.name, task.source?.id]
  }

  public static func entry(_ row: Row) throws -> HistoryEntry {
    let actionText = try row.decode(String.self, atIndex: 1)
    guard let action = HistoryAction(rawValue: actionText) else {
      throw DamagedRow.action(actionText)
    }
    guard let taskID = try uuid(row, atIndex: 2) else {
      throw DamagedRow.historyTaskID(try row.decode(String.self, atIndex: 2))
    }
    let fieldsText = try row.decode(String.self, atIndex: 6)
    return HistoryEntry(
      at: date(try row.decode(Int64.self, atIndex: 0)), action: action, taskID: taskID,
      title: try row.decode(String.self, atIndex: 3),
      from: try row.decode(String?.self, atIndex: 4).flatMap(TaskState.init(rawValue:)),
      to: try row.decode(String?.self, atIndex: 5).flatMap(TaskState.init(rawValue:)),
      fields: fieldsText.isEmpty
        ? [] : fieldsText.split(separator: ",").compactMap { TaskField(editedFieldName: String($0)) },
      author: try row.decode(String.self, atIndex: 7),
      resolution: try row.decode(String?.self, atIndex: 8).flatMap(SyncResolution.init(rawValue:)))
  }

  /// Binds `entry` to `insertHistory`'s parameters, as ``entryArguments(_:)`` gives them.
  static func bind(_ entry: HistoryEntry, to statement: SQLiteBulkStatement) {
    statement.bind(seconds(entry.at), at: 1)
    statement.bind(entry.action.rawValue, at: 2)
    statement.bind(entry.taskID.lowercaseString, at: 3)
    statement.bind(entry.title, at: 4)
    statement.bind(entry.from?.rawValue, at: 5)
    statement.bind(entry.to?.rawValue, at: 6)
    statement.bind(entry.fields.isEmpty ? "" : entry.fields.map(\.rawValue).joined(separator: ","), at: 7)
    statement.bind(entry.author, at: 8)
    statement.bind(entry.resolution?.rawValue, at: 9)
  }

  public static func entryArguments(_ entry: HistoryEntry) -> StatementArguments {
    [
      seconds(entry.at), entry.action.rawValue, entry.taskID.lowercaseString, entry.title,
      entry.from?.rawValue, entry.to?.rawValue, entry.fields.map(\.rawValue).joined(separator: ","), entry.author,
      entry.resolution?.rawValue,
    ]
  }

  /// The UUID in a text column, parsed from SQLite's own buffer: `UUID(uuidString:)` goes through `sscanf`, and with
  /// the intermediate `String` it took over a third of the time of loading 400,000 rows.
  public static func uuid(_ row: Row, atIndex index: Int) throws -> UUID? {
    try row.withUnsafeData(atIndex: index) { data in data.flatMap { $0.withReadView { $0.uuid } } }
  }

  /// Whole seconds, as the interchange format keeps them.
  public static func seconds(_ date: Date) -> Int64 { Int64(Instant.seconds(date)) }

  public static func date(_ seconds: Int64) -> Date { Date(timeIntervalSince1970: Double(seconds)) }
}

/// A row holding a value pmboard never writes: the store was changed by something else.
public struct DamagedRow: Error {
  public var reason: String
  public init(_ reason: String) { self.reason = reason }

  public static func taskID(_ text: String) -> DamagedRow { DamagedRow("task id \"\(text)\" is not a UUID") }
  public static func due(_ text: String, task: String) -> DamagedRow {
    DamagedRow("task \(task) has due date \"\(text)\"")
  }
  public static func state(_ text: String, task: String) -> DamagedRow {
    DamagedRow("task \(task) has state \"\(text)\"")
  }
  public static func action(_ text: String) -> DamagedRow { DamagedRow("a history line has action \"\(text)\"") }
  public static func historyTaskID(_ text: String) -> DamagedRow {
    DamagedRow("a history line names task \"\(text)\", which is not a UUID")
  }
}
