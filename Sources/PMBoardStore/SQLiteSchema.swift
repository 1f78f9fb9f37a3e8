import Foundation
import GRDB

/// The SQLite store's tables, created and upgraded by one migrator, and the mark that tells a pmboard store apart.
///
/// Instants are integer seconds since 1970 (UTC): the interchange form keeps whole seconds anyway, and integers load
/// several times faster than parsed text. Tasks are listed in rowid order, which is the order they were inserted.
/// The CHECKs spell out `OR` rather than `IN (…)`: SQLite builds a temporary index for every row an `IN` list checks,
/// which made importing 300,000 history lines three times slower.
public enum SQLiteSchema {
  /// `PRAGMA application_id` of every pmboard store: "PMBD" in ASCII, at byte 68 of the file header.
  public static let applicationID: UInt32 = 0x504D_4244

  public static let migrator: DatabaseMigrator = {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      // Written in the migration so the mark and the tables appear in the same transaction.
      try db.execute(sql: "PRAGMA application_id = \(Int32(bitPattern: applicationID))")
      try db.execute(
        sql: """
          CREATE TABLE board (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            title TEXT NOT NULL,
            timeZone TEXT NOT NULL
          );
          CREATE TABLE task (
            id TEXT PRIMARY KEY NOT NULL,
            title TEXT NOT NULL,
            body TEXT NOT NULL,
            due TEXT,
            state TEXT NOT NULL CHECK (state = 'todo' OR state = 'doing' OR state = 'done'),
            created INTEGER NOT NULL,
            updated INTEGER NOT NULL
          );
          CREATE TABLE history (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            at INTEGER NOT NULL,
            action TEXT NOT NULL
              CHECK (action = 'added' OR action = 'edited' OR action = 'moved' OR action = 'removed'),
            task TEXT NOT NULL,
            title TEXT NOT NULL,
            "from" TEXT CHECK ("from" = 'todo' OR "from" = 'doing' OR "from" = 'done'),
            "to" TEXT CHECK ("to" = 'todo' OR "to" = 'doing' OR "to" = 'done'),
            fields TEXT NOT NULL DEFAULT ''
          );
          CREATE TABLE undo_record (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            list TEXT NOT NULL CHECK (list = 'undo' OR list = 'redo'),
            change TEXT NOT NULL
          );
          CREATE INDEX undo_record_by_list ON undo_record (list, seq);
          """)
    }
    return migrator
  }()
}
