import Foundation
import PMBoardBytes
import PMBoardCore

/// `StoreTransaction` over one open PostgreSQL transaction on one board; `ChangeLog` drives it.
///
/// The transaction holds the lock on the board's row (``PostgresBoardStore``), so what `task(_:)` reads stays
/// true until it commits.
public struct PostgresTransaction: StoreTransaction {
  public let connection: PostgresConnection
  public let board: String

  /// Rows per INSERT when a whole board is written: fewer round trips, under the 65,535 parameters a statement
  /// may have.
  private static let batch = 500

  public func task(_ id: UUID) throws -> BoardTask? {
    let rows = try connection.execute(
      "SELECT \(PostgresRecords.taskColumns) FROM pmboard.task WHERE board = $1 AND id = $2",
      [board, id.lowercaseString])
    return rows.count == 0 ? nil : try PostgresRecords.task(rows, 0)
  }

  public func insert(_ task: BoardTask) throws {
    try connection.execute(PostgresRecords.insertTask, PostgresRecords.taskParameters(task, board: board))
  }

  public func update(_ task: BoardTask) throws {
    try connection.execute(PostgresRecords.updateTask, PostgresRecords.taskParameters(task, board: board))
  }

  public func delete(_ id: UUID) throws {
    try connection.execute("DELETE FROM pmboard.task WHERE board = $1 AND id = $2", [board, id.lowercaseString])
  }

  /// The history row keeps the task as the change left it, for replicas to pull (``PostgresRemote``).
  public func record(_ change: BoardChange) throws {
    try record(change, id: nil)
  }

  func record(_ change: BoardChange, id: UUID?) throws {
    try connection.execute(
      PostgresRecords.insertChange,
      PostgresRecords.entryParameters(change.entry, board: board) + [
        change.after.map(PostgresRecords.taskText), id?.lowercaseString,
      ])
  }

  public func fields() throws -> BoardFields {
    try PostgresBoardStore.info(connection, board: board).fields
  }

  public func setFields(_ fields: BoardFields) throws {
    try connection.execute("UPDATE pmboard.board SET fields = $2 WHERE name = $1", [board, fields.storedText])
  }

  public func push(_ change: BoardChange, on list: UndoList) throws {
    var bytes: [UInt8] = []
    InterchangeWriter().appendChange(change, to: &bytes)
    let author = change.entry.author
    try connection.execute(
      "INSERT INTO pmboard.undo_record (board, list, change, author) VALUES ($1, $2, $3, $4)",
      [board, list.rawValue, String(decoding: bytes, as: UTF8.self), author])
    try trim(list, author: author)
  }

  /// Keeps only `author`'s newest ``ChangeLog/depth`` records of `list`, so the store does not grow with every
  /// change.
  func trim(_ list: UndoList, author: String) throws {
    try connection.execute(
      """
      DELETE FROM pmboard.undo_record WHERE board = $1 AND list = $2 AND author = $4 AND seq <= (
        SELECT seq FROM pmboard.undo_record WHERE board = $1 AND list = $2 AND author = $4
        ORDER BY seq DESC LIMIT 1 OFFSET $3)
      """,
      [board, list.rawValue, String(ChangeLog.depth), author])
  }

  public func pop(_ list: UndoList, author: String) throws -> BoardChange? {
    let rows = try connection.execute(
      """
      SELECT seq, change FROM pmboard.undo_record WHERE board = $1 AND list = $2 AND author = $3
      ORDER BY seq DESC LIMIT 1
      """, [board, list.rawValue, author])
    guard rows.count == 1, let seq = rows.text(0, 0) else { return nil }
    let change = try InterchangeReader().storedChange(rows.text(0, 1) ?? "", source: "\(list.rawValue) record \(seq)")
    try connection.execute("DELETE FROM pmboard.undo_record WHERE board = $1 AND seq = $2", [board, seq])
    return change
  }

  public func clear(_ list: UndoList, author: String) throws {
    try connection.execute(
      "DELETE FROM pmboard.undo_record WHERE board = $1 AND list = $2 AND author = $3", [board, list.rawValue, author])
  }

  /// The tasks and history lines of `board`, in order (for `create` and `replace`), many rows per statement.
  func insertContents(of contents: Board) throws {
    try insertBatches(
      contents.tasks, table: "task", columns: PostgresRecords.taskColumns, width: PostgresRecords.taskWidth,
      parameters: PostgresRecords.taskParameters)
    try insertBatches(
      contents.history, table: "history", columns: PostgresRecords.historyColumns,
      width: 1 + PostgresRecords.historyWidth,
      parameters: PostgresRecords.entryParameters)
  }

  /// One INSERT per `batch` rows; `width` parameters per row, the board first.
  func insertBatches<Row>(
    _ rows: [Row], table: String, columns: String, width: Int,
    parameters: (Row, String) -> [String?]
  ) throws {
    var start = 0
    while start < rows.count {
      let chunk = rows[start..<min(start + Self.batch, rows.count)]
      let tuples = (0..<chunk.count).map { row in
        "(" + (1...width).map { "$\(row * width + $0)" }.joined(separator: ", ") + ")"
      }
      try connection.execute(
        "INSERT INTO pmboard.\(table) (board, \(columns)) VALUES \(tuples.joined(separator: ", "))",
        chunk.flatMap { parameters($0, board) })
      start += chunk.count
    }
  }
}
