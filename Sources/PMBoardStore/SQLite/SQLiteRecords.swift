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
  public static let historyColumns = #"at, action, task, title, "from", "to", fields, author, resolution, changes"#

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
    let hasFields = try SQLiteSchema.hasFields(db)
    guard !hasLabels || !hasFields else { return shownTaskColumns }
    let missing = (hasLabels ? [] : TaskField.addedInV9) + (hasFields ? [] : TaskField.addedInV11)
    return "id, " + TaskField.columnList { missing.contains($0) ? $0.emptyColumnValue : $0.sqliteColumn }
  }
  /// `historyColumns` as a SELECT list that also reads a store an older pmboard made and nothing has written to
  /// since (a read does not migrate: the file may be read-only): its lines have no author or resolution.
  public static func selectedHistoryColumns(_ db: Database) throws -> String {
    let hasAuthor =
      try Bool.fetchOne(
        db, sql: "SELECT EXISTS (SELECT 1 FROM pragma_table_info('history') WHERE name = 'author')") ?? false
    guard hasAuthor else { return #"at, action, task, title, "from", "to", fields, '' AS author, NULL, ''"# }
    return try SQLiteSchema.hasFields(db)
      ? historyColumns : #"at, action, task, title, "from", "to", fields, author, resolution, ''"#
  }

  /// The order history is read in: by time, ties in the order recorded (``HistoryEntry/inTimeOrder(_:)``), which
  /// the index `history_by_time` gives without a sort.
  public static let historyOrder = "at, seq"

  public static let insertHistory = "INSERT INTO history (\(historyColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"

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
    case .values:
      let text = try row.decode(String.self, atIndex: index)
      guard let values = FieldValues(storedText: text) else { throw DamagedRow.values(task: task.idString) }
      task.values = values
    }
  }

  /// The source name and id in two columns: both or neither.
  static func source(_ row: Row, atIndex index: Int) throws -> TaskSource? {
    let name = try row.decode(String?.self, atIndex: index)
    let id = try row.decode(String?.self, atIndex: index + 1)
    guard let name, let id else { return nil }
    return TaskSource(name: name, id: id)
  }

  /// A column's value as the store writes it.
  enum ColumnValue {
    case text(String?)
    case integer(Int64)

    var argument: (any DatabaseValueConvertible)? {
      switch self {
      case .text(let text): text
      case .integer(let number): number
      }
    }
  }

  /// `task`'s values in `taskColumns` order, the one list both ways of writing a task row take: GRDB's arguments
  /// (``taskArguments(_:)``) and an import's direct binds (`bind(_:to:)`).
  static func forEachColumn(of task: BoardTask, _ body: (ColumnValue) -> Void) {
    body(.text(task.idString))
    for field in TaskField.allCases { body(.text(field.storedText(of: task))) }
    body(.integer(seconds(task.created)))
    body(.integer(seconds(task.updated)))
    body(.text(task.source?.name))
    body(.text(task.source?.id))
  }

  /// `entry`'s values in `historyColumns` order, likewise.
  static func forEachColumn(of entry: HistoryEntry, _ body: (ColumnValue) -> Void) {
    body(.integer(seconds(entry.at)))
    body(.text(entry.action.rawValue))
    body(.text(entry.taskID.lowercaseString))
    body(.text(entry.title))
    body(.text(entry.from?.rawValue))
    body(.text(entry.to?.rawValue))
    body(.text(entry.fields.isEmpty ? "" : entry.fields.map(\.rawValue).joined(separator: ",")))
    body(.text(entry.author))
    body(.text(entry.resolution?.rawValue))
    body(.text(ValueChange.storedText(entry.changes)))
  }

  public static func taskArguments(_ task: BoardTask) -> StatementArguments {
    var values: [(any DatabaseValueConvertible)?] = []
    forEachColumn(of: task) { values.append($0.argument) }
    return StatementArguments(values)
  }

  /// The arguments of `updateTask`: the columns after the id, then the id, its key.
  public static func updateArguments(_ task: BoardTask) -> StatementArguments {
    var values: [(any DatabaseValueConvertible)?] = []
    forEachColumn(of: task) { values.append($0.argument) }
    return StatementArguments(Array(values.dropFirst()) + [values[0]])
  }

  public static func entryArguments(_ entry: HistoryEntry) -> StatementArguments {
    var values: [(any DatabaseValueConvertible)?] = []
    forEachColumn(of: entry) { values.append($0.argument) }
    return StatementArguments(values)
  }

  /// Binds `task` to `insertTask`'s parameters.
  static func bind(_ task: BoardTask, to statement: SQLiteBulkStatement) {
    var index: Int32 = 1
    forEachColumn(of: task) { value in
      statement.bind(value, at: index)
      index += 1
    }
  }

  /// Binds `entry` to `insertHistory`'s parameters.
  static func bind(_ entry: HistoryEntry, to statement: SQLiteBulkStatement) {
    var index: Int32 = 1
    forEachColumn(of: entry) { value in
      statement.bind(value, at: index)
      index += 1
    }
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
      resolution: try row.decode(String?.self, atIndex: 8).flatMap(SyncResolution.init(rawValue:)),
      changes: ValueChange.list(storedText: try row.decode(String.self, atIndex: 9)) ?? [])
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
  public static func values(task: String) -> DamagedRow {
    DamagedRow("task \(task) has field values that are not pmboard's JSON")
  }
  public static func historyTaskID(_ text: String) -> DamagedRow {
    DamagedRow("a history line names task \"\(text)\", which is not a UUID")
  }
}

extension SQLiteBulkStatement {
  /// Binds a column's value to the parameter at `index` (from 1).
  func bind(_ value: SQLiteRecords.ColumnValue, at index: Int32) {
    switch value {
    case .text(let text): bind(text, at: index)
    case .integer(let number): bind(number, at: index)
    }
  }
}
