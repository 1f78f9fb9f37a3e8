import Foundation
import GRDB
import PMBoardCore

/// The tables that make an SQLite store a replica of a remote board (`pmboard clone`): which remote, how far it
/// has been pulled, and the changes made here that a sync has not pushed yet. A store that was not cloned has the
/// (empty) tables and no `replica` row.
public enum SQLiteReplicaSchema {
  static func create(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE TABLE replica (
          id INTEGER PRIMARY KEY CHECK (id = 1),
          remote TEXT NOT NULL,
          pulled INTEGER NOT NULL,
          last_sync INTEGER,
          synced_history INTEGER NOT NULL
        );
        CREATE TABLE pending (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          change_id TEXT NOT NULL UNIQUE,
          change TEXT NOT NULL
        );
        """)
  }

  /// Keeps `change` for the next sync when the store is a replica.
  static func recordPending(_ change: BoardChange, in db: Database) throws {
    guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM replica)") == true else { return }
    try appendPending(change, id: UUID(), in: db)
  }

  static func appendPending(_ change: BoardChange, id: UUID, in db: Database) throws {
    var bytes: [UInt8] = []
    InterchangeWriter().appendChange(change, to: &bytes)
    try db.execute(
      sql: "INSERT INTO pending (change_id, change) VALUES (?, ?)",
      arguments: [id.lowercaseString, String(decoding: bytes, as: UTF8.self)])
  }

  /// The changes not pushed yet, oldest first.
  static func pending(in db: Database) throws -> [PendingChange] {
    let rows = try Row.fetchAll(db, sql: "SELECT seq, change_id, change FROM pending ORDER BY seq")
    return try rows.map { row in
      let seq: Int64 = row[0]
      let idText: String = row[1]
      let text: String = row[2]
      guard let id = UUID(text: idText) else { throw DamagedRow("pending change \(seq) has id \"\(idText)\"") }
      return PendingChange(id: id, change: try InterchangeReader().storedChange(text, source: "pending change \(seq)"))
    }
  }

  static func state(in db: Database) throws -> ReplicaState? {
    guard let row = try Row.fetchOne(db, sql: "SELECT remote, pulled, last_sync FROM replica WHERE id = 1") else {
      return nil
    }
    let pendingCount = try Int.fetchOne(db, sql: "SELECT count(*) FROM pending") ?? 0
    let lastSync: Int64? = row[2]
    return ReplicaState(
      remote: row[0], pulled: row[1], lastSync: lastSync.map(SQLiteRecords.date), pendingCount: pendingCount)
  }
}

/// A change made in a replica and not pushed yet, with the id that lets the remote recognise it if pushed twice.
public struct PendingChange: Sendable, Hashable {
  public var id: UUID
  public var change: BoardChange
}

/// Where a replica stands with its remote.
public struct ReplicaState: Sendable, Equatable {
  /// The remote's URL, as `clone` got it (its password, if any, redacted: a password belongs in `~/.pgpass`).
  public var remote: String
  /// The remote's last history position this replica has.
  public var pulled: Int64
  public var lastSync: Date?
  public var pendingCount: Int
}
