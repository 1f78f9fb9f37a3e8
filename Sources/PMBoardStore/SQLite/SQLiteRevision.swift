import Foundation
import GRDB

/// The value behind ``SQLiteBoardStore/revision()``: `board.revision`, which triggers set to a fresh random number on
/// every row written to a table a build reads, whoever writes it (pmboard, the `sqlite3` shell, any other program).
///
/// Triggers rather than code in the store's write paths: a store is a file anyone may edit, and a build that skips
/// itself on an unchanged token must never miss such an edit. A random value rather than a counter: two copies of a
/// store (a backup restored, a file copied aside) that each took as many writes would otherwise share a token while
/// holding different boards, and the build of one would be skipped as "nothing changed" after the other's. Nothing
/// orders tokens: a build only compares its key for equality. Values stay below 2^62, so they stay exact integers.
enum SQLiteRevision {
  /// What a build reads: the tasks, the history, and for a replica's offline note its last sync and pending changes.
  /// `undo_record` is left out: a build does not read it, and every change that writes it writes a task or a
  /// history line too.
  static let countedTables = ["task", "history", "replica", "pending"]

  /// The tables ``withoutRowCounting(_:_:)`` stops counting while an import writes all of their rows.
  private static let bulkTables = ["task", "history"]

  private static let events = ["INSERT", "UPDATE", "DELETE"]

  /// A fresh random value below 2^62 (`random()` is a signed 64-bit integer; the mask keeps it positive). 62 random
  /// bits make two writes drawing the same value a chance of about 2^-62.
  private static let fresh = "random() & 0x3FFFFFFFFFFFFFFF"

  /// The migration that adds the revision to a store (v5): the column, a random value for the board row there is,
  /// and the triggers.
  static func migrate(_ db: Database) throws {
    try db.execute(sql: "ALTER TABLE board ADD COLUMN revision INTEGER NOT NULL DEFAULT 0")
    try db.execute(sql: "UPDATE board SET revision = \(fresh)")
    try createTriggers(db)
  }

  /// The migration (v7) that replaces the triggers of stores made when they added one to a counter, which a
  /// restored backup could repeat; the value the store holds is drawn afresh too, so that a copy made before the
  /// upgrade cannot match it either.
  static func replaceTriggers(_ db: Database) throws {
    // By name: a trigger of the user's own is left alone.
    let names = countedTables.flatMap { table in events.map { triggerName(table, $0) } } + boardTriggerNames
    for name in names { try db.execute(sql: "DROP TRIGGER IF EXISTS \(name)") }
    try createTriggers(db)
    try db.execute(sql: "UPDATE board SET revision = \(fresh)")
  }

  /// The migration from which the revision is drawn at random (``replaceTriggers(_:)``).
  static let randomSince = "v7"

  private static let boardTriggerNames = ["board_revision_update", "board_revision_insert"]

  private static func createTriggers(_ db: Database) throws {
    try db.execute(sql: rowTriggers(on: countedTables))
    try createBoardTriggers(db, columns: "id, title, timeZone")
  }

  /// v11: the board's field definitions count too.
  static func countBoardColumns(_ db: Database) throws {
    for name in boardTriggerNames { try db.execute(sql: "DROP TRIGGER IF EXISTS \(name)") }
    try createBoardTriggers(db, columns: "id, title, timeZone, fields")
  }

  /// v11 makes the history table again, which drops its triggers: these make them again.
  static func recountHistory(_ db: Database) throws {
    try db.execute(sql: rowTriggers(on: ["history"]))
  }

  private static func createBoardTriggers(_ db: Database, columns: String) throws {
    // The board's own settings: every column but the revision (a new column must be added to this list). SQLite's
    // recursive triggers are off by default, and the revision is not among the columns anyway, so the trigger's
    // own update does not fire it again. A board row inserted afterwards (a store being built, or by hand) gets a
    // random value too.
    try db.execute(
      sql: """
        CREATE TRIGGER board_revision_update AFTER UPDATE OF \(columns) ON board
        BEGIN UPDATE board SET revision = \(fresh); END;
        CREATE TRIGGER board_revision_insert AFTER INSERT ON board
        BEGIN UPDATE board SET revision = \(fresh) WHERE id = NEW.id; END;
        """)
  }

  /// One trigger per table and event; `board` has one row, so the update needs no WHERE.
  private static func rowTriggers(on tables: [String]) -> String {
    tables.flatMap { table in
      events.map { event in
        """
        CREATE TRIGGER \(triggerName(table, event)) AFTER \(event) ON \(table)
        BEGIN UPDATE board SET revision = \(fresh); END;
        """
      }
    }.joined(separator: "\n")
  }

  private static func triggerName(_ table: String, _ event: String) -> String {
    "\(table)_revision_\(event.lowercased())"
  }

  /// Runs `body`, which writes every task and history row (create, import), with those tables' counting triggers
  /// dropped, then draws a fresh revision once. With a trigger per row, deleting and inserting again the 100,000 tasks
  /// and 300,000 history lines of bench-data's largest board took 3.1–3.4 s instead of 1.3–1.4 s in SQLite (an
  /// UPDATE of the board row per row, and a DELETE trigger turns off the truncate optimisation of `DELETE FROM`).
  /// The drop is part of the caller's transaction: no other connection ever sees the tables without their
  /// triggers, and a failure rolls it back with everything else.
  static func withoutRowCounting<T>(_ db: Database, _ body: () throws -> T) throws -> T {
    for table in bulkTables {
      for event in events { try db.execute(sql: "DROP TRIGGER IF EXISTS \(triggerName(table, event))") }
    }
    // The history's time index too (v8), made again once after: kept up row by row, it made importing 100,000
    // tasks and 300,000 history lines about 2 % slower than building it from the finished table (runs in turns).
    let timeIndex = try String.fetchOne(
      db, sql: "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'history_by_time'")
    if timeIndex != nil { try db.execute(sql: "DROP INDEX history_by_time") }
    let result = try body()
    if let timeIndex { try db.execute(sql: timeIndex) }
    try db.execute(sql: rowTriggers(on: bulkTables))
    try db.execute(sql: "UPDATE board SET revision = \(fresh)")
    return result
  }

  /// The token of the store `db` reads; nil for a store from before the random revision (its next write migrates
  /// it), which a reader does not migrate: reads leave the file's bytes alone. A store the previous release last
  /// wrote still counts its writes (schema before v7): a restored backup of it could repeat a value, so it is
  /// never trusted for "nothing changed" until a write has migrated it.
  static func token(_ db: Database) throws -> String? {
    let migrated = try Bool.fetchOne(
      db, sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE name = 'grdb_migrations' AND type = 'table')")
    guard migrated == true,
      try Bool.fetchOne(
        db, sql: "SELECT EXISTS (SELECT 1 FROM grdb_migrations WHERE identifier = ?)", arguments: [randomSince]) == true
    else { return nil }
    // `*` rather than the column's name, so that a store without the column answers without an error.
    guard let row = try Row.fetchOne(db, sql: "SELECT * FROM board WHERE id = 1") else {
      throw DamagedRow("the board's settings are missing")
    }
    guard row.hasColumn("revision") else { return nil }
    guard let revision = try? row.decode(Int64.self, forColumn: "revision") else {
      throw DamagedRow("the board's revision is not an integer")
    }
    return "sqlite:\(revision)"
  }
}
