import Foundation
import GRDB
import PMBoardCore

/// What one sync did.
public struct SyncSummary: Sendable, Equatable {
  public var pushed: Int
  public var pulled: Int
  /// Changes (from anywhere) that the remote applied by ``SyncRule`` rather than as made.
  public var merged: Int
  /// Changes (from anywhere) not applied, other than ``changedSince``.
  public var lost: Int
  /// This replica's undos and redos the remote did not apply because someone had changed their task there since
  /// (docs/sync.md), each with its history line: the person who made them is told one by one.
  public var changedSince: [Refused] = []

  /// An undo or redo of this replica's that the remote did not apply, and the history line it left there.
  public struct Refused: Sendable, Equatable {
    public var id: UUID
    public var kind: ChangeKind
    public var entry: HistoryEntry
  }
}

/// An SQLite store as a replica of a remote board (`pmboard clone`, `pmboard sync`, `pmboard status`).
///
/// Local commands work on the replica alone and keep each change in `pending`. A sync pushes those changes and
/// pulls everything the remote has after the replica's last pull, in one local write transaction around one remote
/// transaction: the remote applies the pushed changes by ``SyncRule`` and answers with its sequence of changes since
/// that pull; the replica takes its own pending changes back and replays the remote's sequence, so afterwards it
/// holds exactly the remote's board and history. Killed or cut off at any point, the local transaction rolls back;
/// if the remote had committed, the next sync finds the changes' ids there and does not apply them twice.
extension SQLiteBoardStore {
  /// A new replica of `remote` at `path`: the remote's board, tasks and history as of one moment. `now` is its
  /// first sync's time, which the site's offline note shows: the command passes ``BoardClock/now(environment:)``,
  /// so that `PMBOARD_NOW` holds for `clone` as for every other command.
  public static func clone(
    _ remote: PostgresBoardStore, to path: String, at now: Date = Date()
  ) async throws -> SQLiteBoardStore {
    let (board, head) = try await remote.cloneContents()
    let store = SQLiteBoardStore(path: path)
    try await store.create(board, replicaOf: (remote.url.withoutPassword, head, now))
    return store
  }

  /// Where the replica stands; nil when the store is not a replica.
  public func replicaState() async throws -> ReplicaState? {
    // A store marked as no replica is not opened at all: a build asks this of every store first.
    let mark = try? SQLiteHeader.check(path: location)
    if mark == SQLiteSchema.ReplicaMark.notReplica { return nil }
    return try await read { db in
      guard try db.tableExists("replica") else { return nil }
      return try SQLiteReplicaSchema.state(in: db)
    }
  }

  /// The changes made here that no sync has pushed yet, oldest first.
  public func pendingChanges() async throws -> [PendingChange] {
    try await read { db in try SQLiteReplicaSchema.pending(in: db) }
  }

  /// Pushes the changes made here and pulls the remote's; see the type's comment.
  public func sync(with remote: PostgresBoardStore, at now: Date) async throws -> SyncSummary {
    let location = location
    return try await inWriteTransaction { transaction in
      let db = transaction.db
      guard let state = try SQLiteReplicaSchema.state(in: db) else { throw StoreError.notAReplica(path: location) }
      let pending = try SQLiteReplicaSchema.pending(in: db)
      let answer = try remote.exchange(pending, pulled: state.pulled)
      try Self.takeBack(pending, in: transaction)
      var summary = SyncSummary(pushed: pending.count, pulled: answer.changes.count, merged: 0, lost: 0)
      let kinds = Dictionary(pending.map { ($0.id, $0.kind) }, uniquingKeysWith: { first, _ in first })
      for change in answer.changes {
        try Self.replay(change, in: transaction)
        switch (change.entry.resolution, change.changeID.flatMap { id in kinds[id].map { (id, $0) } }) {
        case (.merged?, _): summary.merged += 1
        // An undo or redo left out while its task is still there: the task had changed since (``SyncBatch``).
        case (.lost?, let (id, kind)?) where kind != .change && change.after != nil:
          summary.changedSince.append(SyncSummary.Refused(id: id, kind: kind, entry: change.entry))
        case (.lost?, _): summary.lost += 1
        case (nil, _): break
        }
      }
      // Definitions are the remote's: its `defined` lines replayed above changed them there, not here.
      try transaction.setFields(answer.fields)
      try db.execute(sql: "DELETE FROM pending")
      try db.execute(
        sql: """
          UPDATE replica SET pulled = ?, last_sync = ?, synced_history = (SELECT coalesce(max(seq), 0) FROM history)
          WHERE id = 1
          """,
        arguments: [answer.head, SQLiteRecords.seconds(now)])
      return summary
    }
  }

  /// Undoes the pending changes, newest first, and drops their history lines: the replica is back at its last
  /// pull.
  private static func takeBack(_ pending: [PendingChange], in transaction: SQLiteTransaction) throws {
    for item in pending.reversed() {
      let change = item.change
      switch (change.before, change.after) {
      case (let before?, _?): try transaction.update(before)
      case (let before?, nil): try transaction.insert(before)
      case (nil, let after?): try transaction.delete(after.id)
      case (nil, nil): break
      }
    }
    try transaction.db.execute(
      sql: "DELETE FROM history WHERE seq > (SELECT synced_history FROM replica WHERE id = 1)")
  }

  /// One change of the remote's sequence: the task as it left it, and its history line.
  private static func replay(_ change: RemoteChanges.Change, in transaction: SQLiteTransaction) throws {
    let exists = try transaction.task(change.entry.taskID) != nil
    switch (exists, change.after) {
    case (true, let task?): try transaction.update(task)
    case (false, let task?): try transaction.insert(task)
    case (true, nil): try transaction.delete(change.entry.taskID)
    case (false, nil): break
    }
    try transaction.db.cachedStatement(sql: SQLiteRecords.insertHistory).execute(
      arguments: SQLiteRecords.entryArguments(change.entry))
  }
}
