import Foundation
import PMBoardBytes
import PMBoardCore

/// Reads the PostgreSQL store's rows into a ``BoardSnapshot`` in place, as ``SQLiteSnapshotReader`` does SQLite's:
/// column bytes go from libpq's result straight into the snapshot's buffers, with no `String`, `UUID` or `Date`
/// per value, and the same checks as `load()`.
enum PostgresSnapshotReader {
  static let taskSQL =
    "SELECT id, \(TaskField.columnList(\.postgresColumn)) FROM pmboard.task WHERE board = $1 ORDER BY seq"
  static let historySQL = """
    SELECT at, action, task, title, from_state, to_state, fields, author, resolution FROM pmboard.history
    WHERE board = $1 ORDER BY at, seq
    """

  static func tasks(_ rows: PostgresRows) throws -> BoardSnapshot.Tasks {
    var builder = BoardSnapshot.Tasks.Builder(capacity: rows.count)
    let parser = SnapshotRowParser()
    try rows.forEach { row in try parser.addTask(row, to: &builder) }
    return builder.finish()
  }

  static func history(_ rows: PostgresRows) throws -> BoardSnapshot.History {
    var builder = BoardSnapshot.History.Builder(capacity: rows.count)
    var parser = SnapshotRowParser()
    try rows.forEach { row in
      guard let at = row.int64(0) else { throw DamagedRow("a history line has no time") }
      try parser.addEntry(row, at: at, to: &builder)
    }
    return builder.finish()
  }
}
