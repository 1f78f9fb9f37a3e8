import Foundation
import PMBoardBytes
import PMBoardCore

/// What a replica gets back from one sync: every change of the remote after the replica's last pull, its own
/// pushed changes among them as the remote applied them, oldest first.
public struct RemoteChanges: Sendable {
  public struct Change: Sendable {
    public var entry: HistoryEntry
    /// The task as the change left it; nil when it is gone.
    public var after: BoardTask?
    /// The id a replica gave the change when it pushed it; nil for a change made on the remote.
    public var changeID: UUID?
  }

  public var changes: [Change]
  /// The remote's last history position: where the next sync starts.
  public var head: Int64
  /// The board's field definitions as the remote holds them after the exchange: a replica takes them whole.
  public var fields: BoardFields
}

/// The PostgreSQL store as the remote of replicas (`clone`, `sync`): the board's history is the one sequence of
/// changes every replica agrees on, with the server as arbiter (the board row's lock orders the pushes).
extension PostgresBoardStore {
  /// The whole board and its history position, read at one moment: what `clone` copies.
  public func cloneContents() async throws -> (board: Board, head: Int64) {
    // One read transaction: the board and its position from the same moment.
    try await read { connection, name, info in
      (try Self.board(connection, board: name, info: info), try Self.head(connection, board: name))
    }
  }

  /// Applies `pending` (a replica's changes, oldest first) by ``SyncRule`` in one transaction, skipping any this
  /// remote already has (a sync cut off after the remote committed), then returns every change after `pulled`.
  /// Blocking: the replica calls it while holding its own write transaction.
  public func exchange(_ pending: [PendingChange], pulled: Int64) throws -> RemoteChanges {
    try runBlocking(writing: true) { connection, url in
      try Self.locked(connection, url: url) { transaction in
        if pulled > 0 {
          let known = try connection.execute(
            "SELECT 1 FROM pmboard.history WHERE board = $1 AND seq = $2", [url.board, String(pulled)])
          guard known.count == 1 else { throw StoreError.replicaDiverged(remote: url.redacted) }
        }
        try transaction.push(pending)
        return try Self.changes(after: pulled, connection: connection, board: url.board)
      }
    }
  }

  private static func changes(
    after pulled: Int64, connection: PostgresConnection, board: String
  ) throws -> RemoteChanges {
    let rows = try connection.execute(
      """
      SELECT \(PostgresRecords.historyColumns), task_after, seq, change_id FROM pmboard.history
      WHERE board = $1 AND seq > $2 ORDER BY seq
      """, [board, String(pulled)])
    var changes: [RemoteChanges.Change] = []
    changes.reserveCapacity(rows.count)
    var head = pulled
    // The columns after `historyColumns`: the task after, the line's position, the change id.
    let (afterColumn, seqColumn, idColumn) = (
      PostgresRecords.historyWidth, PostgresRecords.historyWidth + 1, PostgresRecords.historyWidth + 2
    )
    for row in 0..<rows.count {
      let entry = try PostgresRecords.entry(rows, row)
      let after = try rows.text(row, afterColumn).map {
        try InterchangeReader().storedTask($0, source: "the task of history line \(rows.text(row, seqColumn) ?? "?")")
      }
      let changeID = rows.text(row, idColumn).flatMap { UUID(text: $0) }
      changes.append(RemoteChanges.Change(entry: entry, after: after, changeID: changeID))
      head = rows.text(row, seqColumn).flatMap { Int64($0) } ?? head
    }
    let fields = try PostgresBoardStore.info(connection, board: board).fields
    return RemoteChanges(changes: changes, head: head, fields: fields)
  }

  private static func head(_ connection: PostgresConnection, board: String) throws -> Int64 {
    let rows = try connection.execute("SELECT coalesce(max(seq), 0) FROM pmboard.history WHERE board = $1", [board])
    return rows.text(0, 0).flatMap { Int64($0) } ?? 0
  }
}
