import Foundation
import PMBoardBytes
import PMBoardCore

/// A board kept in a PostgreSQL database, which many processes on many machines may read and change at once.
///
/// Each call opens its own connection and runs as one transaction. Concurrency: every change (commit, undo, redo,
/// replace) runs at READ COMMITTED and first locks its board's row (`SELECT … FOR NO KEY UPDATE`), so the changes
/// to one board run one after the other, like the SQLite store's single writer, while other boards and readers go
/// on. After the lock, every statement sees what the previous writer committed: a change whose `before` no longer
/// matches is a `StoreError.conflict` and rolls back whole. One lock, always taken first, cannot deadlock, and no
/// serialization failure can occur, so there is nothing to retry; a lock held over a minute fails the change.
/// Reads run in one REPEATABLE READ READ ONLY transaction, so tasks and history come from the same moment.
public final class PostgresBoardStore: ChangeLogStore {
  public let url: PostgresURL
  public var location: String { url.redacted }

  /// How long a change waits for another process's transaction on the same board.
  static let lockTimeoutSeconds = 60
  /// How long connecting may take, unless the URL or `PGCONNECT_TIMEOUT` says otherwise.
  static let connectTimeoutSeconds = 5

  public init(url: String) throws(StoreError) {
    self.url = try PostgresURL(url)
  }

  public func create(_ board: Board) async throws {
    try await run(writing: true) { connection, url in
      try PostgresSchema.prepare(connection, url: url, creating: true)
      try connection.transaction {
        let inserted = try connection.execute(
          """
          INSERT INTO pmboard.board (name, title, time_zone, fields) VALUES ($1, $2, $3, $4)
          ON CONFLICT (name) DO NOTHING
          """,
          [url.board, board.info.title, board.info.timeZoneID, board.info.fields.storedText])
        guard inserted.affected == 1 else { throw StoreError.alreadyExists(path: url.redacted) }
        try PostgresTransaction(connection: connection, board: url.board).insertContents(of: board)
      }
    }
  }

  public func load() async throws -> Board {
    try await read(Self.board)
  }

  static func board(_ connection: PostgresConnection, board: String, info: BoardInfo) throws -> Board {
    let tasks = try connection.execute(
      "SELECT \(PostgresRecords.taskColumns) FROM pmboard.task WHERE board = $1 ORDER BY seq", [board])
    let history = try connection.execute(
      "SELECT \(PostgresRecords.historyColumns) FROM pmboard.history WHERE board = $1 ORDER BY at, seq", [board])
    return Board(
      info: info, tasks: try (0..<tasks.count).map { try PostgresRecords.task(tasks, $0) },
      history: try (0..<history.count).map { try PostgresRecords.entry(history, $0) })
  }

  /// What a site shows, read in place from libpq's results (``PostgresSnapshotReader``) in one transaction.
  public func snapshot() async throws -> BoardSnapshot {
    try await read { connection, board, info in
      // Read first, in the same REPEATABLE READ transaction: the revision of exactly the content read.
      let revision = try Self.revision(connection, board: board)
      let tasks = try PostgresSnapshotReader.tasks(connection.execute(PostgresSnapshotReader.taskSQL, [board]))
      let history = try PostgresSnapshotReader.history(
        connection.execute(PostgresSnapshotReader.historySQL, [board]))
      return BoardSnapshot(info: info, tasks: tasks, history: history, revision: revision)
    }
  }

  public func info() async throws -> BoardInfo {
    try await read { _, _, info in info }
  }

  public func tasks(withIDPrefix prefix: String) async throws -> [BoardTask] {
    try await read { connection, board, _ in
      // A range on the key (byte order, `COLLATE "C"`), unlike LIKE, needs no escaping and uses the index.
      let rows = try connection.execute(
        """
        SELECT \(PostgresRecords.taskColumns) FROM pmboard.task WHERE board = $1 AND id >= $2 AND id < $3
        ORDER BY seq
        """, [board, prefix, prefix + "\u{10FFFF}"])
      return try (0..<rows.count).map { try PostgresRecords.task(rows, $0) }
    }
  }

  /// The board's revision (``PostgresSchema``'s migration 6, moved by triggers on every write, `psql`'s included)
  /// and its row's `xmin`: one row read, not the board.
  public func revision() async throws -> String? {
    try await run(writing: false) { connection, url in
      try PostgresSchema.prepare(connection, url: url, creating: false)
      return try Self.revision(connection, board: url.board)
    }
  }

  static func revision(_ connection: PostgresConnection, board: String) throws -> String {
    let rows = try connection.execute("SELECT revision::text, xmin::text FROM pmboard.board WHERE name = $1", [board])
    guard rows.count == 1, let revision = rows.text(0, 0), let xmin = rows.text(0, 1) else { throw BoardMissing() }
    return "postgres \(revision) \(xmin)"
  }

  public func replace(with board: Board) async throws {
    try await inWriteTransaction { transaction in
      for table in ["task", "history", "undo_record"] {
        try transaction.connection.execute("DELETE FROM pmboard.\(table) WHERE board = $1", [transaction.board])
      }
      try transaction.connection.execute(
        "UPDATE pmboard.board SET title = $2, time_zone = $3, fields = $4 WHERE name = $1",
        [transaction.board, board.info.title, board.info.timeZoneID, board.info.fields.storedText])
      try transaction.insertContents(of: board)
    }
  }

  // MARK: - Connections and transactions

  static func info(_ connection: PostgresConnection, board: String) throws -> BoardInfo {
    let rows = try connection.execute(
      "SELECT title, time_zone, fields FROM pmboard.board WHERE name = $1", [board])
    guard rows.count == 1, let title = rows.text(0, 0), let zone = rows.text(0, 1) else {
      throw BoardMissing()
    }
    guard let fields = BoardFields(storedText: rows.text(0, 2) ?? "") else {
      throw DamagedRow("the board's field definitions are not pmboard's JSON")
    }
    return BoardInfo(title: title, timeZoneID: zone, fields: fields)
  }

  /// One read-only transaction that sees the board as it was at its first statement; `body` gets the board's name
  /// and settings (a board without them does not exist).
  func read<T: Sendable>(
    _ body: @escaping @Sendable (PostgresConnection, String, BoardInfo) throws -> T
  ) async throws -> T {
    try await run(writing: false) { connection, url in
      try PostgresSchema.prepare(connection, url: url, creating: false)
      return try connection.transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") {
        try body(connection, url.board, try Self.info(connection, board: url.board))
      }
    }
  }

  /// One change: a transaction holding the lock on the board's row (see the type's comment).
  public func inWriteTransaction<T: Sendable>(
    _ body: @escaping @Sendable (PostgresTransaction) throws -> T
  ) async throws -> T {
    try await run(writing: true) { connection, url in try Self.locked(connection, url: url, body) }
  }

  /// `body` in a transaction holding the board row's lock.
  static func locked<T>(
    _ connection: PostgresConnection, url: PostgresURL, _ body: (PostgresTransaction) throws -> T
  ) throws -> T {
    try PostgresSchema.prepare(connection, url: url, creating: false)
    return try connection.transaction {
      try connection.execute("SET LOCAL lock_timeout = '\(Self.lockTimeoutSeconds)s'")
      let locked = try connection.execute(
        "SELECT 1 FROM pmboard.board WHERE name = $1 FOR NO KEY UPDATE", [url.board])
      guard locked.count == 1 else { throw BoardMissing() }
      return try body(PostgresTransaction(connection: connection, board: url.board))
    }
  }

  /// Connects and runs `body` on a thread of its own (libpq blocks), turning any failure into a `StoreError`.
  func run<T: Sendable>(
    writing: Bool, _ body: @escaping @Sendable (PostgresConnection, PostgresURL) throws -> T
  ) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global(qos: .userInitiated).async {
        continuation.resume(with: Result { try self.runBlocking(writing: writing, body) })
      }
    }
  }

  /// `run` on the calling thread, for a caller already on a thread of its own (a replica's sync, which holds its
  /// own store's write transaction meanwhile).
  func runBlocking<T>(writing: Bool, _ body: (PostgresConnection, PostgresURL) throws -> T) throws -> T {
    do {
      return try body(try Self.connect(url), url)
    } catch {
      throw PostgresFailure.storeError(error, url: url, writing: writing)
    }
  }

  static func connect(_ url: PostgresURL) throws(PostgresError) -> PostgresConnection {
    let environment = ProcessInfo.processInfo.environment
    var defaults: [(keyword: String, value: String)] = []
    // Set only where the environment does not: an explicit keyword would hide libpq's own variable.
    if environment["PGCONNECT_TIMEOUT"] == nil { defaults.append(("connect_timeout", "\(connectTimeoutSeconds)")) }
    if environment["PGAPPNAME"] == nil { defaults.append(("application_name", "pmboard")) }
    return try PostgresConnection(
      conninfo: url.conninfo, defaults: defaults, overrides: [("client_encoding", "UTF8")])
  }
}

/// The board the URL names has no row: there is no such board (yet).
struct BoardMissing: Error {}
