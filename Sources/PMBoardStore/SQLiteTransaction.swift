import Foundation
import GRDB
import PMBoardCore

/// `StoreTransaction` over one open SQLite write transaction; `ChangeLog` drives it.
public struct SQLiteTransaction: StoreTransaction {
  public let db: Database

  public func task(_ id: UUID) throws -> BoardTask? {
    try Row.fetchOne(
      db, sql: "SELECT \(SQLiteRecords.taskColumns) FROM task WHERE id = ?", arguments: [id.lowercaseString]
    ).map(SQLiteRecords.task)
  }

  public func insert(_ task: BoardTask) throws {
    try db.cachedStatement(sql: SQLiteRecords.insertTask).execute(arguments: SQLiteRecords.taskArguments(task))
  }

  public func update(_ task: BoardTask) throws {
    try db.cachedStatement(sql: SQLiteRecords.updateTask).execute(arguments: SQLiteRecords.updateArguments(task))
  }

  public func delete(_ id: UUID) throws {
    try db.execute(sql: "DELETE FROM task WHERE id = ?", arguments: [id.lowercaseString])
  }

  public func appendHistory(_ entry: HistoryEntry) throws {
    try db.cachedStatement(sql: SQLiteRecords.insertHistory).execute(arguments: SQLiteRecords.entryArguments(entry))
  }

  public func push(_ change: BoardChange, on list: UndoList) throws {
    var bytes: [UInt8] = []
    InterchangeWriter().appendChange(change, to: &bytes)
    let json = String(decoding: bytes, as: UTF8.self)
    try db.execute(
      sql: "INSERT INTO undo_record (list, change) VALUES (?, ?)", arguments: [list.rawValue, json])
    // Only the newest `depth` records are kept, so the store does not grow with every change.
    try db.execute(
      sql: """
        DELETE FROM undo_record WHERE list = ?1 AND seq <= (
          SELECT seq FROM undo_record WHERE list = ?1 ORDER BY seq DESC LIMIT 1 OFFSET ?2)
        """,
      arguments: [list.rawValue, ChangeLog.depth])
  }

  public func pop(_ list: UndoList) throws -> BoardChange? {
    guard
      let row = try Row.fetchOne(
        db, sql: "SELECT seq, change FROM undo_record WHERE list = ? ORDER BY seq DESC LIMIT 1",
        arguments: [list.rawValue])
    else { return nil }
    let seq = try row.decode(Int64.self, atIndex: 0)
    let text = try row.decode(String.self, atIndex: 1)
    let change: BoardChange
    do {
      change = try InterchangeReader().change(from: Data(text.utf8), source: "\(list.rawValue) record \(seq)")
    } catch {
      throw DamagedRow("\(error.problems.first ?? "\(list.rawValue) record \(seq) cannot be read")")
    }
    try db.execute(sql: "DELETE FROM undo_record WHERE seq = ?", arguments: [seq])
    return change
  }

  public func clear(_ list: UndoList) throws {
    try db.execute(sql: "DELETE FROM undo_record WHERE list = ?", arguments: [list.rawValue])
  }

  /// The tasks and history lines of `board`, in order (for `create` and `replace`).
  public func insertContents(of board: Board) throws {
    // The row triggers guard against other tools; this board passed the interchange reader's checks, and checking
    // its 400,000 rows again made an import a fifth slower. They are back before the transaction commits (a
    // failure rolls the drop back with everything else).
    try SQLiteSchema.dropRowTriggers(db)
    // One prepared statement each, bound without re-validation: an import runs them 400,000 times.
    let insertTask = try db.makeStatement(sql: SQLiteRecords.insertTask)
    for task in board.tasks {
      insertTask.setUncheckedArguments(SQLiteRecords.taskArguments(task))
      try insertTask.execute()
    }
    let insertEntry = try db.makeStatement(sql: SQLiteRecords.insertHistory)
    for entry in board.history {
      insertEntry.setUncheckedArguments(SQLiteRecords.entryArguments(entry))
      try insertEntry.execute()
    }
    try SQLiteSchema.createRowTriggers(db)
  }
}
