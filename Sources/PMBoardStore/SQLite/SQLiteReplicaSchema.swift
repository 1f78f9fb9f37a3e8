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

  /// What a pending change was made by (``ChangeKind``): the remote applies undos and redos by their own rule.
  /// Older replicas have no such column until the migration adds it; their pending changes count as commands.
  static func addKind(_ db: Database) throws {
    try db.execute(
      sql: """
        ALTER TABLE pending ADD COLUMN kind TEXT NOT NULL DEFAULT 'change'
          CHECK (kind = 'change' OR kind = 'undo' OR kind = 'redo')
        """)
  }

  /// Keeps `change`, made as `kind`, for the next sync when the store is a replica.
  static func recordPending(_ change: BoardChange, kind: ChangeKind, in db: Database) throws {
    guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM replica)") == true else { return }
    try appendPending(PendingChange(id: UUID(), change: change, kind: kind), in: db)
  }

  static func appendPending(_ pending: PendingChange, in db: Database) throws {
    var bytes: [UInt8] = []
    InterchangeWriter().appendChange(pending.change, to: &bytes)
    try db.execute(
      sql: "INSERT INTO pending (change_id, change, kind) VALUES (?, ?, ?)",
      arguments: [pending.id.lowercaseString, String(decoding: bytes, as: UTF8.self), pending.kind.rawValue])
  }

  /// The changes not pushed yet, oldest first.
  static func pending(in db: Database) throws -> [PendingChange] {
    let rows = try Row.fetchAll(db, sql: "SELECT seq, change_id, change, kind FROM pending ORDER BY seq")
    return try rows.map { row in
      let seq: Int64 = row[0]
      let idText: String = row[1]
      let text: String = row[2]
      let kindText: String = row[3]
      guard let id = UUID(text: idText) else { throw DamagedRow("pending change \(seq) has id \"\(idText)\"") }
      guard let kind = ChangeKind(rawValue: kindText) else {
        throw DamagedRow("pending change \(seq) has kind \"\(kindText)\"")
      }
      let change = try InterchangeReader().storedChange(text, source: "pending change \(seq)")
      return PendingChange(id: id, change: change, kind: kind)
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
  /// Whether a command, an undo or a redo made it: the remote applies each by its rule (``SyncBatch``).
  public var kind: ChangeKind

  public init(id: UUID, change: BoardChange, kind: ChangeKind = .change) {
    self.id = id
    self.change = change
    self.kind = kind
  }
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
