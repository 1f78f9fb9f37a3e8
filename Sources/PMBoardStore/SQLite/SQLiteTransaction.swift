import Foundation
import GRDB
import PMBoardBytes
import PMBoardCore

/// `StoreTransaction` over one open SQLite write transaction; `ChangeLog` drives it.
public struct SQLiteTransaction: StoreTransaction {
  public let db: Database
  /// The undo list this transaction took a change from, if any: ``ChangeLog`` records an undo after taking its
  /// change from the undo list (a redo, from the redo list), and a replica pushes those by their own rule.
  let taken = TakenList()

  /// Which list a transaction popped; a box, so that the transaction's methods stay non-mutating.
  final class TakenList {
    var list: UndoList?
  }

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

  public func record(_ change: BoardChange) throws {
    try db.cachedStatement(sql: SQLiteRecords.insertHistory).execute(
      arguments: SQLiteRecords.entryArguments(change.entry))
    let kind: ChangeKind =
      switch taken.list {
      case .undo?: .undo
      case .redo?: .redo
      case nil: .change
      }
    try SQLiteReplicaSchema.recordPending(change, kind: kind, in: db)
  }

  public func latestHistoryTime() throws -> Date? {
    try Int64.fetchOne(db, sql: "SELECT max(at) FROM history").map(SQLiteRecords.date)
  }

  public func fields() throws -> BoardFields {
    try SQLiteBoardStore.info(db).fields
  }

  public func setFields(_ fields: BoardFields) throws {
    try db.execute(sql: "UPDATE board SET fields = ? WHERE id = 1", arguments: [fields.storedText])
  }

  public func push(_ change: BoardChange, on list: UndoList) throws {
    var bytes: [UInt8] = []
    InterchangeWriter().appendChange(change, to: &bytes)
    let json = String(decoding: bytes, as: UTF8.self)
    let author = change.entry.author
    try db.execute(
      sql: "INSERT INTO undo_record (list, change, author) VALUES (?, ?, ?)", arguments: [list.rawValue, json, author])
    // Only the newest `depth` records are kept, so the store does not grow with every change.
    try db.execute(
      sql: """
        DELETE FROM undo_record WHERE author = ?3 AND list = ?1 AND seq <= (
          SELECT seq FROM undo_record WHERE author = ?3 AND list = ?1 ORDER BY seq DESC LIMIT 1 OFFSET ?2)
        """,
      arguments: [list.rawValue, ChangeLog.depth, author])
  }

  public func pop(_ list: UndoList, author: String) throws -> BoardChange? {
    guard
      let row = try Row.fetchOne(
        db, sql: "SELECT seq, change FROM undo_record WHERE author = ? AND list = ? ORDER BY seq DESC LIMIT 1",
        arguments: [author, list.rawValue])
    else { return nil }
    let seq = try row.decode(Int64.self, atIndex: 0)
    let text = try row.decode(String.self, atIndex: 1)
    let change = try InterchangeReader().storedChange(text, source: "\(list.rawValue) record \(seq)")
    try db.execute(sql: "DELETE FROM undo_record WHERE seq = ?", arguments: [seq])
    taken.list = list
    return change
  }

  public func clear(_ list: UndoList, author: String) throws {
    try db.execute(
      sql: "DELETE FROM undo_record WHERE author = ? AND list = ?", arguments: [author, list.rawValue])
  }

  /// The tasks and history lines of `board`, in order, into a store that has none (`create`).
  public func insertContents(of board: Board) throws {
    try SQLiteRevision.withoutRowCounting(db) { try insertRows(of: board) }
  }

  /// Replaces the settings, tasks and history with `board`'s and forgets undo and redo (`import --replace`).
  func replaceContents(with board: Board) throws {
    try SQLiteRevision.withoutRowCounting(db) {
      for table in ["task", "history", "undo_record"] { try db.execute(sql: "DELETE FROM \(table)") }
      try db.execute(
        sql: "UPDATE board SET title = ?, timeZone = ?, fields = ? WHERE id = 1",
        arguments: [board.info.title, board.info.timeZoneID, board.info.fields.storedText])
      try insertRows(of: board)
    }
  }

  private func insertRows(of board: Board) throws {
    // The row triggers guard against other tools; this board passed the interchange reader's checks, and checking
    // its 400,000 rows again made an import a fifth slower. They are back before the transaction commits (a
    // failure rolls the drop back with everything else).
    try SQLiteSchema.dropRowTriggers(db)
    // One prepared statement each, its values bound through SQLite's C API: an import runs them 400,000 times.
    do throws(SQLiteStepError) {
      let insertTask = try SQLiteBulkStatement(in: db, sql: SQLiteRecords.insertTask)
      for task in board.tasks {
        SQLiteRecords.bind(task, to: insertTask)
        try insertTask.run()
      }
      let insertEntry = try SQLiteBulkStatement(in: db, sql: SQLiteRecords.insertHistory)
      for entry in board.history {
        SQLiteRecords.bind(entry, to: insertEntry)
        try insertEntry.run()
      }
    } catch {
      // As GRDB's own failures, so that a full disk or a locked store reads the same to the user.
      throw DatabaseError(resultCode: ResultCode(rawValue: error.code), message: error.message)
    }
    try SQLiteSchema.createRowTriggers(db)
  }
}
