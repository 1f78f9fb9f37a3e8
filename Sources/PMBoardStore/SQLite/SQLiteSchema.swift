import Foundation
import GRDB
import PMBoardCore

/// The SQLite store's tables, created and upgraded by one migrator, and the mark that tells a pmboard store apart.
///
/// Instants are integer seconds since 1970 (UTC): the interchange form keeps whole seconds anyway, and integers load
/// several times faster than parsed text. Tasks are listed in rowid order, which is the order they were inserted.
/// The CHECKs spell out `OR` rather than `IN (…)`: SQLite builds a temporary index for every row an `IN` list checks,
/// which made importing 300,000 history lines three times slower.
public enum SQLiteSchema {
  /// `PRAGMA application_id` of every pmboard store: "PMBD" in ASCII, at byte 68 of the file header.
  public static let applicationID: UInt32 = 0x504D_4244

  /// `PRAGMA user_version` says whether the store is a replica, so that a build of a store that is not one needs
  /// no connection to find out (``SQLiteBoardStore/replicaState()``). 0 (a store from before the mark) tells
  /// nothing. The main file's header can lag behind the WAL, but only while 0 becomes a mark: a store is made a
  /// replica only when it is created, before WAL mode.
  public enum ReplicaMark {
    public static let notReplica: UInt32 = 1
    public static let replica: UInt32 = 3
  }

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
    migrator.registerMigration("v2") { db in
      try refuseDamagedRows(db)
      try createRowTriggers(db)
    }
    migrator.registerMigration("v3") { db in
      try db.execute(
        sql: """
          ALTER TABLE history ADD COLUMN author TEXT NOT NULL DEFAULT '';
          ALTER TABLE history ADD COLUMN resolution TEXT CHECK (resolution = 'merged' OR resolution = 'lost');
          ALTER TABLE undo_record ADD COLUMN author TEXT NOT NULL DEFAULT '';
          DROP INDEX undo_record_by_list;
          CREATE INDEX undo_record_by_author ON undo_record (author, list, seq);
          """)
      try SQLiteReplicaSchema.create(db)
    }
    migrator.registerMigration("v4") { db in
      // An imported task's source and its id there (`import --from`); a source names each task once.
      try db.execute(
        sql: """
          ALTER TABLE task ADD COLUMN source TEXT;
          ALTER TABLE task ADD COLUMN source_id TEXT;
          CREATE UNIQUE INDEX task_by_source ON task (source, source_id) WHERE source IS NOT NULL;
          """)
    }
    migrator.registerMigration("v5") { db in
      // A revision every write changes, so a build can tell an unchanged board without reading it.
      try SQLiteRevision.migrate(db)
    }
    migrator.registerMigration("v6") { db in
      let isReplica = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM replica)") == true
      try db.execute(sql: "PRAGMA user_version = \(isReplica ? ReplicaMark.replica : ReplicaMark.notReplica)")
    }
    migrator.registerMigration("v7") { db in
      // The revision becomes a random value per write rather than a counter (``SQLiteRevision``).
      try SQLiteRevision.replaceTriggers(db)
    }
    migrator.registerMigration("v8") { db in
      // History is read in time order (``SQLiteRecords/historyOrder``): the index spares a build the sort.
      try db.execute(sql: "CREATE INDEX history_by_time ON history (at, seq)")
    }
    migrator.registerMigration("v9") { db in
      // Labels, assignees (names joined by line breaks, ``NameSet``) and the task's link elsewhere (empty: none).
      try db.execute(
        sql: TaskField.addedInV9.map {
          "ALTER TABLE task ADD COLUMN \($0.sqliteColumn) TEXT NOT NULL DEFAULT \($0.emptyColumnValue);"
        }.joined(separator: "\n"))
    }
    migrator.registerMigration("v10") { db in
      // Whether a replica's pending change is an undo or redo, which a sync must not merge (docs/sync.md).
      try SQLiteReplicaSchema.addKind(db)
    }
    migrator.registerMigration("v11") { db in
      // Declared fields: definitions, values, and history lines that say what changed (docs/fields.md).
      try addFields(db)
    }
    return migrator
  }()

  /// What a task or history row must hold for pmboard to read it: a UUID id, and a due date that is a real day
  /// (`date(x, '+0 days')` moves 2026-02-30 to March, so equality holds only for real days).
  private static let uuidPattern: String = {
    let hex = "[0-9a-fA-F]"
    return [8, 4, 4, 4, 12].map { String(repeating: hex, count: $0) }.joined(separator: "-")
  }()

  private static func validTask(_ row: String) -> String {
    "\(row).id GLOB '\(uuidPattern)' AND (\(row).due IS NULL OR date(\(row).due, '+0 days') IS \(row).due)"
  }

  private static func validEntry(_ row: String) -> String { "\(row).task GLOB '\(uuidPattern)'" }

  /// Rows that break the rules are refused by SQLite itself, so an edit with another tool (`sqlite3`) cannot leave
  /// a store that `list` reads as damaged while `add` goes on writing into it. Triggers, not CHECKs: adding a
  /// CHECK to a table means rebuilding it.
  private static var rowTriggers: String {
    let taskMessage = "pmboard: a task row needs a UUID id and a due date that is a real day"
    let entryMessage = "pmboard: a history row needs the UUID of its task"
    return ["INSERT", "UPDATE"].map { event in
      """
      CREATE TRIGGER task_rows_\(event.lowercased()) BEFORE \(event) ON task WHEN NOT (\(validTask("NEW")))
      BEGIN SELECT RAISE(ABORT, '\(taskMessage)'); END;
      CREATE TRIGGER history_rows_\(event.lowercased()) BEFORE \(event) ON history WHEN NOT (\(validEntry("NEW")))
      BEGIN SELECT RAISE(ABORT, '\(entryMessage)'); END;
      """
    }.joined(separator: "\n")
  }

  static let rowTriggerNames = ["task_rows_insert", "task_rows_update", "history_rows_insert", "history_rows_update"]

  static func createRowTriggers(_ db: Database) throws {
    try db.execute(sql: rowTriggers)
  }

  static func dropRowTriggers(_ db: Database) throws {
    for name in rowTriggerNames { try db.execute(sql: "DROP TRIGGER IF EXISTS \(name)") }
  }

  /// A store damaged before the triggers existed is not written into: the migration, and the write that ran it,
  /// stop here with the first bad row.
  private static func refuseDamagedRows(_ db: Database) throws {
    let task = try String.fetchOne(db, sql: "SELECT id FROM task AS t WHERE NOT (\(validTask("t"))) LIMIT 1")
    if let task { throw DamagedRow("task \"\(task)\" has an id that is not a UUID or a due date that is no day") }
    let entry = try String.fetchOne(db, sql: "SELECT task FROM history AS h WHERE NOT (\(validEntry("h"))) LIMIT 1")
    if let entry { throw DamagedRow("a history line names task \"\(entry)\", which is not a UUID") }
  }
}
