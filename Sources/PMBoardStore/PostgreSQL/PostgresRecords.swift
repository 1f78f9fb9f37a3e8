import Foundation
import PMBoardBytes
import PMBoardCore

/// How tasks and history lines map to the PostgreSQL store's rows and text parameters.
///
/// Rows are checked as the SQLite store checks them: a value pmboard never writes is a `DamagedRow`, reported, not
/// shown.
enum PostgresRecords {
  static let taskColumns = "id, " + TaskField.columnList(\.postgresColumn) + ", created, updated, source, source_id"
  /// Where `created` is in `taskColumns`: after the id and the fields.
  static let createdIndex = 1 + TaskField.allCases.count
  /// Parameters of one task row: the board, then `taskColumns`.
  static let taskWidth = createdIndex + 5
  static let historyColumns = "at, action, task, title, from_state, to_state, fields, author, resolution, changes"
  /// How many columns `historyColumns` lists.
  static let historyWidth = historyColumns.split(separator: ",").count

  /// `$1` to `$taskWidth`.
  private static let taskPlaceholders = (1...taskWidth).map { "$\($0)" }.joined(separator: ", ")
  static let insertTask = "INSERT INTO pmboard.task (board, \(taskColumns)) VALUES (\(taskPlaceholders))"
  /// `SET` each column after the id to its parameter (`$3` on: `$1` is the board, `$2` the id).
  static let updateTask =
    "UPDATE pmboard.task SET "
    + taskColumns.split(separator: ", ").dropFirst().enumerated().map { "\($1) = $\($0 + 3)" }.joined(separator: ", ")
    + "\nWHERE board = $1 AND id = $2"
  /// A history row with the task as the change left it (null: removed) and the replica's change id, if pushed.
  static let insertChange = """
    INSERT INTO pmboard.history (board, \(historyColumns), task_after, change_id)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
    """

  static func task(_ rows: PostgresRows, _ row: Int) throws(DamagedRow) -> BoardTask {
    let idText = rows.text(row, 0) ?? ""
    guard let id = UUID(text: idText) else { throw DamagedRow.taskID(idText) }
    let (created, source) = (createdIndex, createdIndex + 2)
    var task = BoardTask(
      id: id, title: "", created: try date(rows, row, created), updated: try date(rows, row, created + 1),
      source: rows.text(row, source).flatMap { name in rows.text(row, source + 1).map { TaskSource(name: name, id: $0) }
      })
    for (offset, field) in TaskField.allCases.enumerated() {
      try read(field, rows.text(row, 1 + offset), into: &task)
    }
    return task
  }

  /// Sets `task`'s `field` from its column's text, checked as the snapshot reader checks it.
  private static func read(_ field: TaskField, _ text: String?, into task: inout BoardTask) throws(DamagedRow) {
    switch field {
    case .title: task.title = text ?? ""
    case .body: task.body = text ?? ""
    case .due:
      guard let text else { return }
      guard let due = CalendarDate(iso: text) else { throw DamagedRow.due(text, task: task.idString) }
      task.due = due
    case .state:
      guard let state = TaskState(rawValue: text ?? "") else { throw DamagedRow.state(text ?? "", task: task.idString) }
      task.state = state
    case .labels, .assignees: task.setNames(NameSet(storedText: text ?? ""), of: field)
    case .url: task.url = text ?? ""
    case .values:
      guard let values = FieldValues(storedText: text ?? "") else { throw DamagedRow.values(task: task.idString) }
      task.values = values
    }
  }

  /// `$1` the board, then the task's columns in `taskColumns` order (for `insertTask` and `updateTask`).
  static func taskParameters(_ task: BoardTask, board: String) -> [String?] {
    var parameters: [String?] = [board, task.idString]
    parameters.reserveCapacity(taskWidth)
    for field in TaskField.allCases { parameters.append(field.storedText(of: task)) }
    return parameters + [
      String(SQLiteRecords.seconds(task.created)), String(SQLiteRecords.seconds(task.updated)), task.source?.name,
      task.source?.id,
    ]
  }

  static func entry(_ rows: PostgresRows, _ row: Int) throws(DamagedRow) -> HistoryEntry {
    let actionText = rows.text(row, 1) ?? ""
    guard let action = HistoryAction(rawValue: actionText) else { throw DamagedRow.action(actionText) }
    let taskText = rows.text(row, 2) ?? ""
    guard let taskID = UUID(text: taskText) else { throw DamagedRow.historyTaskID(taskText) }
    let fieldsText = rows.text(row, 6) ?? ""
    return HistoryEntry(
      at: try date(rows, row, 0), action: action, taskID: taskID, title: rows.text(row, 3) ?? "",
      from: rows.text(row, 4).flatMap(TaskState.init(rawValue:)),
      to: rows.text(row, 5).flatMap(TaskState.init(rawValue:)),
      fields: fieldsText.split(separator: ",").compactMap { TaskField(editedFieldName: String($0)) },
      author: rows.text(row, 7) ?? "", resolution: rows.text(row, 8).flatMap(SyncResolution.init(rawValue:)),
      changes: ValueChange.list(storedText: rows.text(row, 9) ?? "") ?? [])
  }

  /// `$1` the board, then the entry's columns in `historyColumns` order.
  static func entryParameters(_ entry: HistoryEntry, board: String) -> [String?] {
    [
      board, String(SQLiteRecords.seconds(entry.at)), entry.action.rawValue, entry.taskID.lowercaseString,
      entry.title, entry.from?.rawValue, entry.to?.rawValue, entry.fields.map(\.rawValue).joined(separator: ","),
      entry.author, entry.resolution?.rawValue, ValueChange.storedText(entry.changes),
    ]
  }

  /// A task as the interchange format writes it: how a history row keeps the task its change left.
  static func taskText(_ task: BoardTask) -> String {
    var bytes: [UInt8] = []
    InterchangeWriter().appendTask(task, indent: "", to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func date(_ rows: PostgresRows, _ row: Int, _ column: Int) throws(DamagedRow) -> Date {
    guard let text = rows.text(row, column), let seconds = Int64(text) else {
      throw DamagedRow("a row has no time in column \(column + 1)")
    }
    return SQLiteRecords.date(seconds)
  }
}
