import Foundation
import GRDB

/// A board kept in one SQLite file (WAL mode) that several processes may read and change at once.
///
/// Every change runs in one immediate write transaction, so concurrent writers wait their turn (up to a minute)
/// instead of losing updates, and a failure leaves the store as it was. A file that is not a pmboard store is
/// recognised from its header bytes and never handed to SQLite, so it stays byte-for-byte unchanged.
public final class SQLiteBoardStore: BoardStore {
  public let location: String
  private let path: String

  /// How long a change waits for another process's transaction before giving up.
  private static let busyTimeout: TimeInterval = 60

  public init(path: String) {
    self.path = path
    self.location = path
  }

  public func create(_ board: Board) async throws {
    try createEmptyFile()
    do {
      // Built in rollback-journal mode, so the header with the application id is in the main file
      // before WAL mode is switched on and before any other process can recognise the file as a store.
      let queue = try DatabaseQueue(path: path, configuration: configuration(readOnly: false))
      defer { try? queue.close() }
      try SQLiteSchema.migrator.migrate(queue)
      try await queue.write { db in
        try db.execute(
          sql: "INSERT INTO board (id, title, timeZone) VALUES (1, ?, ?)",
          arguments: [board.info.title, board.info.timeZoneID])
        try SQLiteTransaction(db: db).insertContents(of: board)
      }
      try await queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
    } catch {
      // The file was made by this call, so no one else's data is lost by removing it.
      for suffix in ["", "-journal", "-wal", "-shm"] { unlink(path + suffix) }
      throw storeError(error, writing: true)
    }
  }

  public func load() async throws -> Board {
    try await read { db in
      let info = try Self.info(db)
      var tasks: [BoardTask] = []
      let taskRows = try Row.fetchCursor(
        db, sql: "SELECT \(SQLiteRecords.taskColumns) FROM task ORDER BY rowid")
      while let row = try taskRows.next() { tasks.append(try SQLiteRecords.task(row)) }
      var history: [HistoryEntry] = []
      let historyRows = try Row.fetchCursor(
        db, sql: "SELECT \(SQLiteRecords.historyColumns) FROM history ORDER BY seq")
      while let row = try historyRows.next() { history.append(try SQLiteRecords.entry(row)) }
      return Board(info: info, tasks: tasks, history: history)
    }
  }

  public func info() async throws -> BoardInfo {
    try await read(Self.info)
  }

  public func tasks(withIDPrefix prefix: String) async throws -> [BoardTask] {
    try await read { db in
      // A range on the primary key, unlike LIKE, uses the index; ids are ASCII, so all sort below U+10FFFF.
      let rows = try Row.fetchCursor(
        db, sql: "SELECT \(SQLiteRecords.taskColumns) FROM task WHERE id >= ? AND id < ? ORDER BY rowid",
        arguments: [prefix, prefix + "\u{10FFFF}"])
      var tasks: [BoardTask] = []
      while let row = try rows.next() { tasks.append(try SQLiteRecords.task(row)) }
      return tasks
    }
  }

  public func commit(_ change: BoardChange) async throws {
    try await write { try ChangeLog.commit(change, in: $0) }
  }

  public func undo(at date: Date) async throws -> BoardChange {
    try await write { try ChangeLog.undo(at: date, in: $0) }
  }

  public func redo(at date: Date) async throws -> BoardChange {
    try await write { try ChangeLog.redo(at: date, in: $0) }
  }

  public func replace(with board: Board) async throws {
    try await write { transaction in
      for table in ["task", "history", "undo_record"] { try transaction.db.execute(sql: "DELETE FROM \(table)") }
      try transaction.insertContents(of: board)
    }
  }

  // MARK: - Connections

  private static func info(_ db: Database) throws -> BoardInfo {
    guard let row = try Row.fetchOne(db, sql: "SELECT title, timeZone FROM board WHERE id = 1") else {
      throw DamagedRow("the board's settings are missing")
    }
    return BoardInfo(title: try row.decode(String.self, atIndex: 0), timeZoneID: try row.decode(String.self, atIndex: 1))
  }

  /// One read transaction on a read-only connection: reading never writes, so it works on a read-only file too.
  private func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
    do {
      try SQLiteHeader.check(path: path)
      let queue = try DatabaseQueue(path: path, configuration: configuration(readOnly: true))
      defer { try? queue.close() }
      return try await queue.read(body)
    } catch {
      throw storeError(error, writing: false)
    }
  }

  /// One write transaction on a pool opened for this call; closing it afterwards checkpoints the WAL.
  private func write<T: Sendable>(_ body: @escaping @Sendable (SQLiteTransaction) throws -> T) async throws -> T {
    do {
      try SQLiteHeader.check(path: path)
      let pool = try DatabasePool(path: path, configuration: configuration(readOnly: false))
      defer { try? pool.close() }
      try SQLiteSchema.migrator.migrate(pool)
      return try await pool.write { db in try body(SQLiteTransaction(db: db)) }
    } catch {
      throw storeError(error, writing: true)
    }
  }

  private func configuration(readOnly: Bool) -> Configuration {
    var configuration = Configuration()
    configuration.readonly = readOnly
    configuration.busyMode = .timeout(Self.busyTimeout)
    configuration.label = "pmboard"
    return configuration
  }

  /// Claims the path with `O_EXCL`, so two processes creating the same store cannot both succeed.
  private func createEmptyFile() throws(StoreError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      let code = errno
      if code == EEXIST { throw .alreadyExists(path: path) }
      let directory = (path as NSString).deletingLastPathComponent
      if code == ENOENT { throw .unwritable(path: path, reason: "the directory \(directory) does not exist") }
      throw .unwritable(path: path, reason: String(cString: strerror(code)))
    }
    close(descriptor)
  }

  // MARK: - Errors

  /// Maps whatever failed to the one-line `StoreError` the user sees.
  private func storeError(_ error: any Error, writing: Bool) -> any Error {
    switch error {
    case let error as StoreError: return error
    case is CancellationError: return error
    case let error as DamagedRow: return StoreError.unreadable(path: path, reason: "the store is damaged: \(error.reason)")
    case let error as DatabaseError: return storeError(error, writing: writing)
    default:
      let reason = "\(error)"
      return writing ? StoreError.unwritable(path: path, reason: reason) : .unreadable(path: path, reason: reason)
    }
  }

  private func storeError(_ error: DatabaseError, writing: Bool) -> StoreError {
    let detail = error.message ?? "SQLite error \(error.resultCode.rawValue)"
    let reason: String
    switch error.resultCode {
    case .SQLITE_CORRUPT, .SQLITE_NOTADB:
      return .notAStore(path: path, reason: "the database is damaged: \(detail)")
    case .SQLITE_READONLY, .SQLITE_PERM:
      reason = "the file or its directory is read-only (\(detail))"
    case .SQLITE_CANTOPEN:
      reason = "SQLite cannot open it or its -wal/-shm files beside it (\(detail))"
    case .SQLITE_FULL:
      reason = "the disk is full"
    case .SQLITE_BUSY, .SQLITE_LOCKED:
      reason = "another process kept the store locked for over \(Int(Self.busyTimeout)) seconds"
    default:
      reason = detail
    }
    return writing ? .unwritable(path: path, reason: reason) : .unreadable(path: path, reason: reason)
  }
}
