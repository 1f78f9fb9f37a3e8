import Foundation
import GRDB

/// How tasks and history lines map to rows.
///
/// Hand-written rather than Codable records: loading 400,000 rows spends most of its time here, and reading columns
/// by index through GRDB's fast path skips keyed decoding's per-column name lookups and boxing.
enum SQLiteRecords {
  static let taskColumns = "id, title, body, due, state, created, updated"
  static let historyColumns = #"at, action, task, title, "from", "to", fields"#

  static let insertTask = "INSERT INTO task (\(taskColumns)) VALUES (?, ?, ?, ?, ?, ?, ?)"
  static let updateTask =
    "UPDATE task SET title = ?, body = ?, due = ?, state = ?, created = ?, updated = ? WHERE id = ?"
  static let insertHistory = "INSERT INTO history (\(historyColumns)) VALUES (?, ?, ?, ?, ?, ?, ?)"

  static func task(_ row: Row) throws -> BoardTask {
    guard let id = try uuid(row, atIndex: 0) else {
      throw DamagedRow("task id \"\(try row.decode(String.self, atIndex: 0))\" is not a UUID")
    }
    let dueText = try row.decode(String?.self, atIndex: 3)
    var due: CalendarDate?
    if let dueText {
      due = CalendarDate(iso: dueText)
      if due == nil { throw DamagedRow("task \(id.lowercaseString) has due date \"\(dueText)\"") }
    }
    let stateText = try row.decode(String.self, atIndex: 4)
    guard let state = TaskState(rawValue: stateText) else {
      throw DamagedRow("task \(id.lowercaseString) has state \"\(stateText)\"")
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
    guard let taskID = try uuid(row, atIndex: 2) else {
      throw DamagedRow("a history line names task \"\(try row.decode(String.self, atIndex: 2))\", which is not a UUID")
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
      seconds(entry.at), entry.action.rawValue, entry.taskID.lowercaseString, entry.title,
      entry.from?.rawValue, entry.to?.rawValue, entry.fields.map(\.rawValue).joined(separator: ","),
    ]
  }

  /// The UUID in a text column, parsed from SQLite's own buffer: `UUID(uuidString:)` goes through `sscanf`, and with
  /// the intermediate `String` it took over a third of the time of loading 400,000 rows.
  static func uuid(_ row: Row, atIndex index: Int) throws -> UUID? {
    try row.withUnsafeData(atIndex: index) { data in data.flatMap { $0.withUnsafeBytes(uuid(bytes:)) } }
  }

  static func uuid(_ text: String) -> UUID? {
    var text = text
    return text.withUTF8 { uuid(bytes: UnsafeRawBufferPointer($0)) }
  }

  /// Parses the 36-character form `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, in either letter case.
  static func uuid(bytes: UnsafeRawBufferPointer) -> UUID? {
    guard bytes.count == 36 else { return nil }
    var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    let parsed = withUnsafeMutableBytes(of: &value) { out -> Bool in
      var index = 0
      for position in 0..<16 {
        if position == 4 || position == 6 || position == 8 || position == 10 {
          guard bytes[index] == UInt8(ascii: "-") else { return false }
          index += 1
        }
        let high = hexValues[Int(bytes[index])]
        let low = hexValues[Int(bytes[index + 1])]
        guard high | low < 16 else { return false }
        out[position] = high << 4 | low
        index += 2
      }
      return true
    }
    return parsed ? UUID(uuid: value) : nil
  }

  /// The value of each hex digit byte; 0xFF for any other byte.
  private static let hexValues: [UInt8] = (0...255).map { byte -> UInt8 in
    switch UInt8(byte) {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(byte) - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt8(byte) - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt8(byte) - UInt8(ascii: "A") + 10
    default: 0xFF
    }
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
