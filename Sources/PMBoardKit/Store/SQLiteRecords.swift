import Foundation
import GRDB

/// How tasks and history lines map to rows.
///
/// Hand-written rather than Codable records: loading 400,000 rows spends most of its time here, and reading columns
/// by index with GRDB's fast path is several times quicker than keyed decoding.
enum SQLiteRecords {
  static let taskColumns = "id, title, body, due, state, created, updated"
  static let historyColumns = #"at, action, task, title, "from", "to", fields"#

  static let insertTask = "INSERT INTO task (\(taskColumns)) VALUES (?, ?, ?, ?, ?, ?, ?)"
  static let updateTask = "UPDATE task SET title = ?, body = ?, due = ?, state = ?, created = ?, updated = ? WHERE id = ?"
  static let insertHistory = "INSERT INTO history (\(historyColumns)) VALUES (?, ?, ?, ?, ?, ?, ?)"

  static func task(_ row: Row) throws -> BoardTask {
    let idText = try row.decode(String.self, atIndex: 0)
    guard let id = UUID(uuidString: idText) else { throw DamagedRow("task id \"\(idText)\" is not a UUID") }
    let dueText = try row.decode(String?.self, atIndex: 3)
    var due: CalendarDate?
    if let dueText {
      due = CalendarDate(iso: dueText)
      if due == nil { throw DamagedRow("task \(idText) has due date \"\(dueText)\"") }
    }
    let stateText = try row.decode(String.self, atIndex: 4)
    guard let state = TaskState(rawValue: stateText) else {
      throw DamagedRow("task \(idText) has state \"\(stateText)\"")
    }
    return BoardTask(
      id: id, title: try row.decode(String.self, atIndex: 1), body: try row.decode(String.self, atIndex: 2), due: due,
      state: state, created: date(try row.decode(Int64.self, atIndex: 5)),
      updated: date(try row.decode(Int64.self, atIndex: 6)))
  }

  static func taskArguments(_ task: BoardTask) -> StatementArguments {
    [
      task.idString, task.title, task.body, task.due?.description, task.state.rawValue, seconds(task.created),
      seconds(task.updated),
    ]
  }

  /// The arguments of `updateTask`, whose key comes last.
  static func updateArguments(_ task: BoardTask) -> StatementArguments {
    [
      task.title, task.body, task.due?.description, task.state.rawValue, seconds(task.created),
      seconds(task.updated), task.idString,
    ]
  }

  static func entry(_ row: Row) throws -> HistoryEntry {
    let actionText = try row.decode(String.self, atIndex: 1)
    guard let action = HistoryAction(rawValue: actionText) else {
      throw DamagedRow("a history line has action \"\(actionText)\"")
    }
    let taskText = try row.decode(String.self, atIndex: 2)
    guard let taskID = UUID(uuidString: taskText) else {
      throw DamagedRow("a history line names task \"\(taskText)\", which is not a UUID")
    }
    let fieldsText = try row.decode(String.self, atIndex: 6)
    return HistoryEntry(
      at: date(try row.decode(Int64.self, atIndex: 0)), action: action, taskID: taskID,
      title: try row.decode(String.self, atIndex: 3),
      from: try row.decode(String?.self, atIndex: 4).flatMap(TaskState.init(rawValue:)),
      to: try row.decode(String?.self, atIndex: 5).flatMap(TaskState.init(rawValue:)),
      fields: fieldsText.isEmpty ? [] : fieldsText.split(separator: ",").compactMap { TaskField(rawValue: String($0)) })
  }

  static func entryArguments(_ entry: HistoryEntry) -> StatementArguments {
    [
      seconds(entry.at), entry.action.rawValue, entry.taskID.uuidString.lowercased(), entry.title,
      entry.from?.rawValue, entry.to?.rawValue, entry.fields.map(\.rawValue).joined(separator: ","),
    ]
  }

  /// Whole seconds, as the interchange format keeps them.
  static func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }

  static func date(_ seconds: Int64) -> Date { Date(timeIntervalSince1970: Double(seconds)) }
}

/// A row holding a value pmboard never writes: the store was changed by something else.
struct DamagedRow: Error {
  var reason: String
  init(_ reason: String) { self.reason = reason }
}
