import Foundation
import PMBoardBytes
import PMBoardCore

/// Reads the PostgreSQL store's rows into a ``BoardSnapshot`` in place, as ``SQLiteSnapshotReader`` does SQLite's:
/// column bytes go from libpq's result straight into the snapshot's buffers, with no `String`, `UUID` or `Date`
/// per value, and the same checks as `load()`.
enum PostgresSnapshotReader {
  static let taskSQL = "SELECT id, title, body, due, state FROM pmboard.task WHERE board = $1 ORDER BY seq"
  static let historySQL = """
    SELECT at, action, task, title, from_state, to_state, fields, author, resolution FROM pmboard.history
    WHERE board = $1 ORDER BY seq
    """

  static func tasks(_ rows: PostgresRows) throws -> BoardSnapshot.Tasks {
    var builder = BoardSnapshot.Tasks.Builder(capacity: rows.count)
    let states = ByteNames<TaskState>()
    try rows.forEach { row in
      let idBytes = row.text(0)
      guard idBytes.isUUIDText else { throw DamagedRow.taskID(idBytes.string) }
      var due: CalendarDate?
      if !row.isNull(3) {
        if let fields = row.text(3).isoDateFields {
          due = CalendarDate(year: fields.year, month: fields.month, day: fields.day)
        }
        if due == nil { throw DamagedRow.due(row.text(3).string, task: idBytes.string) }
      }
      guard let state = states.value(row.text(4)) else {
        throw DamagedRow.state(row.text(4).string, task: idBytes.string)
      }
      let (title, body) = (row.text(1), row.text(2))
      if title.isValidUTF8 && body.isValidUTF8 {
        builder.add(
          id: builder.writer.appendRef(idBytes, lowercasingHex: true), title: builder.writer.appendRef(title),
          body: builder.writer.appendRef(body), due: due, state: state)
      } else {
        builder.add(id: idBytes.string.lowercased(), title: title.string, body: body.string, due: due, state: state)
      }
    }
    return builder.finish()
  }

  static func history(_ rows: PostgresRows) throws -> BoardSnapshot.History {
    var builder = BoardSnapshot.History.Builder(capacity: rows.count)
    let (actions, states) = (ByteNames<HistoryAction>(), ByteNames<TaskState>())
    let (fieldNames, resolutions) = (ByteNames<TaskField>(), ByteNames<SyncResolution>())
    var fields: [TaskField] = []
    try rows.forEach { row in
      guard let at = row.int64(0) else { throw DamagedRow("a history line has no time") }
      guard let action = actions.value(row.text(1)) else { throw DamagedRow.action(row.text(1).string) }
      let taskID = row.text(2)
      guard taskID.isUUIDText else { throw DamagedRow.historyTaskID(taskID.string) }
      let from = row.isNull(4) ? nil : states.value(row.text(4))
      let to = row.isNull(5) ? nil : states.value(row.text(5))
      fields.removeAll(keepingCapacity: true)
      let names = row.text(6)
      var nameStart = 0
      for index in 0...names.count where index == names.count || names[index] == UInt8(ascii: ",") {
        if let field = fieldNames.value(names.extracting(nameStart..<index)) { fields.append(field) }
        nameStart = index + 1
      }
      let (title, author) = (row.text(3), row.text(7))
      let resolution = row.isNull(8) ? nil : resolutions.value(row.text(8))
      if title.isValidUTF8 && author.isValidUTF8 {
        builder.add(
          at: at, action: action, taskID: builder.writer.appendRef(taskID, lowercasingHex: true),
          title: builder.writer.appendRef(title), from: from, to: to, fields: fields,
          author: builder.writer.appendRef(author), resolution: resolution)
      } else {
        builder.add(
          at: at, action: action, taskID: taskID.string.lowercased(), title: title.string, from: from, to: to,
          fields: fields, author: author.string, resolution: resolution)
      }
    }
    return builder.finish()
  }
}
