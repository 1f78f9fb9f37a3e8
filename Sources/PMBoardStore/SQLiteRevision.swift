import Foundation
import GRDB

/// The counter behind ``SQLiteBoardStore/revision()``: `board.revision`, which triggers raise on every row written
/// to a table a build reads, whoever writes it (pmboard, the `sqlite3` shell, any other program).
///
/// Triggers rather than code in the store's write paths: a store is a file anyone may edit, and a build that skips
/// itself on an unchanged token must never miss such an edit. Each board row starts at a random value below 2^62,
/// so a store deleted and made again with as many rows (the same demo, say) does not repeat an old token, and the
/// counter cannot reach Int64's end, where SQLite would turn it into an inexact REAL.
enum SQLiteRevision {
  /// What a build reads: the tasks, the history, and for a replica's offline note its last sync and pending changes.
  /// `undo_record` is left out: a build does not read it, and every change that writes it writes a task or a
  /// history line too.
  static let countedTables = ["task", "history", "replica", "pending"]

  /// The tables ``withoutRowCounting(_:_:)`` stops counting while an import writes all of their rows.
  private static let bulkTables = ["task", "history"]

  private static let events = ["INSERT", "UPDATE", "DELETE"]

  /// A random start below 2^62 (`random()` is a signed 64-bit integer; the mask keeps it positive).
  private static let randomStart = "random() & 0x3FFFFFFFFFFFFFFF"

  /// The migration that adds the counter to a store: the column, a random start for the board row there is, and
  /// the triggers.
  static func migrate(_ db: Database) throws {
    try db.execute(sql: "ALTER TABLE board ADD COLUMN revision INTEGER NOT NULL DEFAULT 0")
    try db.execute(sql: "UPDATE board SET revision = \(randomStart)")
    try db.execute(sql: rowTriggers(on: countedTables))
    // The board's own settings: every column but the counter (a new column must be added to this list). SQLite's
    // recursive triggers are off by default, and the counter is not among the columns anyway, so the trigger's
    // own update does not fire it again. A board row inserted afterwards (a store being built, or by hand) gets a
    // random start too.
    try db.execute(
      sql: """
        CREATE TRIGGER board_revision_update AFTER UPDATE OF id, title, timeZone ON board
        BEGIN UPDATE board SET revision = revision + 1; END;
        CREATE TRIGGER board_revision_insert AFTER INSERT ON board
        BEGIN UPDATE board SET revision = \(randomStart) WHERE id = NEW.id; END;
        """)
  }

  /// One trigger per table and event; `board` has one row, so the update needs no WHERE.
  private static func rowTriggers(on tables: [String]) -> String {
    tables.flatMap { table in
      events.map { event in
        """
        CREATE TRIGGER \(triggerName(table, event)) AFTER \(event) ON \(table)
        BEGIN UPDATE board SET revision = revision + 1; END;
        """
      }
    }.joined(separator: "\n")
  }

  private static func triggerName(_ table: String, _ event: String) -> String {
    "\(table)_revision_\(event.lowercased())"
  }

  /// Runs `body`, which writes every task and history row (create, import), with those tables' counting triggers
  /// dropped, then raises the counter once. With a trigger per row, deleting and inserting again the 100,000 tasks
  /// and 300,000 history lines of bench-data's largest board took 3.1–3.4 s instead of 1.3–1.4 s in SQLite (an
  /// UPDATE of the board row per row, and a DELETE trigger turns off the truncate optimisation of `DELETE FROM`).
  /// The drop is part of the caller's transaction: no other connection ever sees the tables without their
  /// triggers, and a failure rolls it back with everything else.
  static func withoutRowCounting<T>(_ db: Database, _ body: () throws -> T) throws -> T {
    for table in bulkTables {
      for event in events { try db.execute(sql: "DROP TRIGGER IF EXISTS \(triggerName(table, event))") }
    }
    let result = try body()
    try db.execute(sql: rowTriggers(on: bulkTables))
    try db.execute(sql: "UPDATE board SET revision = revision + 1")
    return result
  }

  /// The token of the store `db` reads, in one query; nil for a store from before the counter (its next write
  /// migrates it), which a reader does not migrate: reads leave the file's bytes alone.
  static func token(_ db: Database) throws -> String? {
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
