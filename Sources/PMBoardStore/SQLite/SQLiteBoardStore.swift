import Foundation
import GRDB
import PMBoardBytes
import PMBoardCore
import Synchronization

/// A board kept in one SQLite file (WAL mode) that several processes may read and change at once.
///
/// Every change runs in one immediate write transaction, so concurrent writers wait their turn (up to a minute)
/// instead of losing updates, and a failure leaves the store as it was. A file that is not a pmboard store is
/// recognised from its header bytes and never handed to SQLite, so it stays byte-for-byte unchanged.
public final class SQLiteBoardStore: ChangeLogStore {
  private let path: String
  public var location: String { path }

  public init(path: String) {
    self.path = path
  }

  /// Builds the whole store (schema and content) in a file of its own beside `path` and links it into place
  /// only when it is complete: a process killed halfway leaves no half-made store that would block the next
  /// `init` or `import`, only a temporary file that the next `create` removes.
  public func create(_ board: Board) async throws {
    try await create(board, replicaOf: nil)
  }

  /// `create`, marking the new store as a replica of `remote` pulled up to `replicaOf.pulled`, in the same
  /// transaction (a replica is whole or not there).
  func create(_ board: Board, replicaOf replica: (remote: String, pulled: Int64, at: Date)?) async throws {
    if POSIX.access(path, F_OK) == 0 { throw StoreError.alreadyExists(path: path) }
    StoreFile.removeAbandonedDrafts(of: path)
    let draft = StoreFile.draftPath(for: path)
    try createEmptyFile(draft)
    do {
      try await build(board, replicaOf: replica, at: draft)
      let linked = POSIX.link(draft, path)
      if linked != 0 {
        let code = errno
        if code == EEXIST { throw StoreError.alreadyExists(path: path) }
        throw StoreError.unwritable(path: path, reason: POSIX.errorText(code))
      }
      POSIX.unlink(draft)
    } catch {
      for suffix in ["", "-journal", "-wal", "-shm"] { POSIX.unlink(draft + suffix) }
      if let error = error as? StoreError { throw error }
      throw SQLiteFailure.storeError(error, path: path, writing: true)
    }
  }

  private func build(_ board: Board, replicaOf replica: (remote: String, pulled: Int64, at: Date)?, at draft: String)
    async throws
  {
    do {
      // Built in rollback-journal mode, so the header with the application id is in the main file
      // before WAL mode is switched on and before any other process can recognise the file as a store.
      let queue = try DatabaseQueue(path: draft, configuration: configuration(readOnly: false))
      defer { try? queue.close() }
      try SQLiteSchema.migrator.migrate(queue)
      try await queue.write { db in
        try db.execute(
          sql: "INSERT INTO board (id, title, timeZone, fields) VALUES (1, ?, ?, ?)",
          arguments: [board.info.title, board.info.timeZoneID, board.info.fields.storedText])
        try SQLiteTransaction(db: db).insertContents(of: board)
        if let replica {
          try db.execute(
            sql: "INSERT INTO replica (id, remote, pulled, last_sync, synced_history) VALUES (1, ?, ?, ?, ?)",
            arguments: [
              replica.remote, replica.pulled, SQLiteRecords.seconds(replica.at),
              try Int64.fetchOne(db, sql: "SELECT coalesce(max(seq), 0) FROM history") ?? 0,
            ])
          try db.execute(sql: "PRAGMA user_version = \(SQLiteSchema.ReplicaMark.replica)")
        }
      }
      try await queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
    } catch {
      throw SQLiteFailure.storeError(error, path: path, writing: true)
    }
  }

  public func load() async throws -> Board {
    let (info, tasks, history, _) = try await readHalves(
      tasks: Self.tasks(in:), history: Self.history(in:upTo:), count: \.count)
    return Board(info: info, tasks: tasks, history: history)
  }

  /// What a site shows, read through SQLite's C API into one buffer per half (``SQLiteSnapshotReader``).
  public func snapshot() async throws -> BoardSnapshot {
    try await snapshot(handlers: .none)
  }

  public func snapshot(handlers: SnapshotHandlers) async throws -> BoardSnapshot {
    let (info, tasks, history, revision) = try await readHalves(
      tasks: SQLiteSnapshotReader.tasks(in:), history: SQLiteSnapshotReader.history(in:upTo:),
      count: { $0.records.count + $0.definitionLines }, afterTasks: handlers.tasks, afterHistory: handlers.history)
    return BoardSnapshot(info: info, tasks: tasks, history: history, revision: revision)
  }

  /// Reads the board's settings and tasks and, for a long history, the history on a second connection at the
  /// same time; `afterTasks` and `afterHistory` get each half as soon as it is read and its connection closed
  /// (so their work does not hold the pages SQLite mapped), except that with a short history `afterTasks` runs
  /// on another core while the same connection reads that history. The second connection reads up to the last
  /// entry the first one sees; if it then found another number of entries than the first one counted (an import
  /// replaced everything in between), both halves are read again in one transaction. The count scans the table,
  /// so it is taken while the other connection reads, not before.
  private func readHalves<Tasks: Sendable, History: Sendable>(
    tasks readTasks: @escaping @Sendable (Database) throws -> Tasks,
    history readHistory: @escaping @Sendable (Database, Int64) throws -> History,
    count: (History) -> Int,
    afterTasks: @escaping @Sendable (BoardInfo, Tasks) -> Void = { _, _ in },
    afterHistory: @escaping @Sendable (BoardInfo, History) -> Void = { _, _ in }
  ) async throws -> (BoardInfo, Tasks, History, revision: String?) {
    let first = try await read { db, location, readOnly -> FirstRead<Tasks, History> in
      let info = try Self.info(db)
      let revision = try SQLiteRevision.token(db)
      // `seq` only grows (AUTOINCREMENT), so the largest and the smallest bound the count without a scan. One
      // subquery each: SQLite looks a lone min() or max() up in the key's b-tree, but scans the table for both.
      let bounds = try Row.fetchOne(
        db, sql: "SELECT coalesce((SELECT max(seq) FROM history), 0), coalesce((SELECT min(seq) FROM history), 1)")
      let (lastSeq, firstSeq): (Int64, Int64) = bounds.map { ($0[0], $0[1]) } ?? (0, 1)
      // A second connection costs a few milliseconds to open: only worth it for a long history.
      guard lastSeq - firstSeq + 1 >= 20_000 else {
        let tasks = try readTasks(db)
        // The tasks' work takes the other core while this connection reads the history (short: it holds few
        // mapped pages).
        let tasksDone = DispatchGroup()
        DispatchQueue.global(qos: .userInitiated).async(group: tasksDone) { afterTasks(info, tasks) }
        do {
          return FirstRead(
            info: info, revision: revision, tasks: tasks,
            history: .read(try readHistory(db, lastSeq), tasksDone: tasksDone))
        } catch {
          tasksDone.wait()
          throw error
        }
      }
      let pending = PendingHistory<History>()
      let settings = self.configuration(readOnly: readOnly)
      pending.group.enter()
      DispatchQueue.global(qos: .userInitiated).async {
        let result = Result {
          let queue = try DatabaseQueue(path: location, configuration: settings)
          let history = try queue.read { try readHistory($0, lastSeq) }
          try? queue.close()
          if !pending.abandoned.withLock({ $0 }) { afterHistory(info, history) }
          return history
        }
        pending.result.withLock { $0 = result }
        pending.group.leave()
      }
      do {
        let tasks = try readTasks(db)
        let expected = try Int.fetchOne(db, sql: "SELECT count(*) FROM history") ?? 0
        return FirstRead(info: info, revision: revision, tasks: tasks, history: .pending(pending, expected: expected))
      } catch {
        // The build fails: the second connection is not to hand over (or keep working on) a history for it.
        pending.abandoned.withLock { $0 = true }
        pending.group.wait()
        throw error
      }
    }
    switch first.history {
    case .read(let history, let tasksDone):
      afterHistory(first.info, history)
      await tasksDone.finished()
      return (first.info, first.tasks, history, first.revision)
    case .pending(let pending, let expected):
      afterTasks(first.info, first.tasks)
      await pending.group.finished()
      if let history = try? pending.result.withLock({ $0 })?.get(), count(history) == expected {
        return (first.info, first.tasks, history, first.revision)
      }
      let again = try await read { db in
        let info = try Self.info(db)
        return (info, try readTasks(db), try readHistory(db, Int64.max), try SQLiteRevision.token(db))
      }
      afterTasks(again.0, again.1)
      afterHistory(again.0, again.2)
      return again
    }
  }

  private static func tasks(in db: Database) throws -> [BoardTask] {
    var tasks: [BoardTask] = []
    let rows = try Row.fetchCursor(
      db, sql: "SELECT \(try SQLiteRecords.selectedTaskColumns(db)) FROM task ORDER BY rowid")
    while let row = try rows.next() { tasks.append(try SQLiteRecords.task(row)) }
    return tasks
  }

  private static func history(in db: Database, upTo lastSeq: Int64) throws -> [HistoryEntry] {
    var history: [HistoryEntry] = []
    let rows = try Row.fetchCursor(
      db,
      sql: """
        SELECT \(try SQLiteRecords.selectedHistoryColumns(db)) FROM history WHERE seq <= ?
        ORDER BY \(SQLiteRecords.historyOrder)
        """,
      arguments: [lastSeq])
    while let row = try rows.next() { history.append(try SQLiteRecords.entry(row)) }
    return history
  }

  public func info() async throws -> BoardInfo {
    try await read(Self.info)
  }

  public func tasks(withIDPrefix prefix: String) async throws -> [BoardTask] {
    try await read { db in
      // A range on the primary key, unlike LIKE, uses the index; ids are ASCII, so all sort below U+10FFFF.
      let rows = try Row.fetchCursor(
        db,
        sql: "SELECT \(try SQLiteRecords.selectedTaskColumns(db)) FROM task WHERE id >= ? AND id < ? ORDER BY rowid",
        arguments: [prefix, prefix + "\u{10FFFF}"])
      var tasks: [BoardTask] = []
      while let row = try rows.next() { tasks.append(try SQLiteRecords.task(row)) }
      return tasks
    }
  }

  public func replace(with board: Board) async throws {
    try await inWriteTransaction { transaction in try transaction.replaceContents(with: board) }
  }

  /// `board.revision`, which triggers draw afresh whenever a row a build reads is written (``SQLiteRevision``);
  /// nil for a store an older pmboard made, until its next change migrates it.
  public func revision() async throws -> String? {
    try await read(SQLiteRevision.token)
  }

  // MARK: - Connections

  static func info(_ db: Database) throws -> BoardInfo {
    // A store an older pmboard made has no `fields` column until its next write migrates it (v11).
    let fields = try SQLiteSchema.hasFields(db) ? "fields" : "''"
    guard let row = try Row.fetchOne(db, sql: "SELECT title, timeZone, \(fields) FROM board WHERE id = 1") else {
      throw DamagedRow("the board's settings are missing")
    }
    let text = try row.decode(String.self, atIndex: 2)
    guard let declared = BoardFields(storedText: text) else {
      throw DamagedRow("the board's field definitions are not pmboard's JSON")
    }
    return BoardInfo(
      title: try row.decode(String.self, atIndex: 0), timeZoneID: try row.decode(String.self, atIndex: 1),
      fields: declared)
  }

  /// One read transaction (GRDB makes it `query_only`). The connection may write, though: as the last one to close
  /// it removes the -wal and -shm files a read-only connection would leave behind. SQLite opens a read-only file
  /// read-only by itself.
  func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
    try await read { db, _, _ in try body(db) }
  }

  /// A read transaction; `body` also gets where and how the database was opened, to open more readers.
  private func read<T: Sendable>(
    _ body: @escaping @Sendable (Database, _ location: String, _ readOnly: Bool) throws -> T
  ) async throws -> T {
    do {
      try SQLiteHeader.check(path: path)
      // A store file no one may write (mode without write bits) has no writer either: read it as immutable, or
      // SQLite leaves -wal and -shm files it cannot remove beside it.
      if StoreFile.hasNoWriteBits(path) && !StoreFile.walHasContent(path) {
        return try await read(at: "file:\(uriEncoded(path))?immutable=1", readOnly: true, body)
      }
      do {
        return try await read(at: path, readOnly: false, body)
      } catch let error as DatabaseError where isInReadOnlyDirectory(error) {
        // WAL readers need the -shm file beside the database. In a read-only directory none can be made, but no
        // writer can run there either (it would need the -wal file), so the file is safe to read as immutable.
        return try await read(at: "file:\(uriEncoded(path))?immutable=1", readOnly: true, body)
      }
    } catch {
      throw SQLiteFailure.storeError(error, path: path, writing: false)
    }
  }

  private func read<T: Sendable>(
    at location: String, readOnly: Bool, _ body: @escaping @Sendable (Database, String, Bool) throws -> T
  ) async throws -> T {
    let queue = try DatabaseQueue(path: location, configuration: configuration(readOnly: readOnly))
    defer { try? queue.close() }
    let path = self.path
    return try await queue.read { db in
      try Self.refuseNewer(db, path: path)
      return try body(db, location, readOnly)
    }
  }

  /// A store a newer pmboard migrated may hold what this version cannot read or would break: refused, not used.
  private static func refuseNewer(_ db: Database, path: String) throws {
    if try SQLiteSchema.migrator.hasBeenSuperseded(db) { throw StoreError.newerFormat(path: path) }
  }

  private func isInReadOnlyDirectory(_ error: DatabaseError) -> Bool {
    guard error.resultCode == .SQLITE_READONLY || error.resultCode == .SQLITE_CANTOPEN else { return false }
    let directory = (path as NSString).deletingLastPathComponent
    return POSIX.access(directory.isEmpty ? "." : directory, W_OK) != 0 && !StoreFile.walHasContent(path)
  }

  /// The path as the file part of an SQLite URI, where `?`, `#` and `%` have meanings of their own.
  private func uriEncoded(_ path: String) -> String {
    path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "?", with: "%3f")
      .replacingOccurrences(of: "#", with: "%23")
  }

  /// One write transaction on a connection opened for this call; closing it afterwards checkpoints the WAL.
  public func inWriteTransaction<T: Sendable>(
    _ body: @escaping @Sendable (SQLiteTransaction) throws -> T
  ) async throws -> T {
    do {
      try SQLiteHeader.check(path: path)
      // A queue, not a pool: opening a `DatabasePool` on a store whose WAL is empty creates and drops a table (a
      // GRDB workaround), which rewrote the header's schema cookie on every command, even one that failed.
      let pool = try DatabaseQueue(path: path, configuration: configuration(readOnly: false))
      defer { try? pool.close() }
      // Migrating only when needed: the migrator's own bookkeeping writes, and a command that fails must leave
      // the file's bytes as they were.
      let path = self.path
      let upToDate = try await pool.writeWithoutTransaction { db in
        try Self.refuseNewer(db, path: path)
        return try SQLiteSchema.migrator.hasCompletedMigrations(db)
      }
      if !upToDate { try SQLiteSchema.migrator.migrate(pool) }
      return try await pool.write { db in try body(SQLiteTransaction(db: db)) }
    } catch {
      throw SQLiteFailure.storeError(error, path: path, writing: true)
    }
  }

  private func configuration(readOnly: Bool) -> Configuration {
    var configuration = Configuration()
    configuration.readonly = readOnly
    configuration.busyMode = .timeout(SQLiteFailure.busyTimeout)
    configuration.label = "pmboard"
    configuration.prepareDatabase { db in
      // Reading pages through a memory map instead of read() copies: a tenth of loading a big board.
      try db.execute(sql: "PRAGMA mmap_size = 1073741824")
    }
    return configuration
  }

  /// Creates the draft file with `O_EXCL`; two processes creating the same store both build a draft, and the
  /// link into place lets only one of them succeed.
  private func createEmptyFile(_ draft: String) throws(StoreError) {
    let descriptor = POSIX.open(draft, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      let code = errno
      if code == EEXIST { throw .alreadyExists(path: path) }
      let directory = (path as NSString).deletingLastPathComponent
      if code == ENOENT { throw .unwritable(path: path, reason: "the directory \(directory) does not exist") }
      throw .unwritable(path: path, reason: POSIX.errorText(code))
    }
    close(descriptor)
  }
}

/// What the first connection read, and the history: read there too, or coming from the second connection.
private struct FirstRead<Tasks: Sendable, History: Sendable>: Sendable {
  enum HistoryRead: Sendable {
    /// Read on the first connection too, after the tasks; `tasksDone` is left when the tasks' handler finished.
    case read(History, tasksDone: DispatchGroup)
    /// Read on the second connection; `expected` entries by the first connection's count.
    case pending(PendingHistory<History>, expected: Int)
  }

  var info: BoardInfo
  var revision: String?
  var tasks: Tasks
  var history: HistoryRead
}

/// The history as the second connection reads it; `group` is left when it is there (or failed).
private final class PendingHistory<Value: Sendable>: Sendable {
  let result = Mutex<Result<Value, any Error>?>(nil)
  let group = DispatchGroup()
  /// Set when the first connection failed: the history is no longer wanted.
  let abandoned = Mutex(false)
}

extension DispatchGroup {
  /// Suspends until every block of the group has finished, without blocking a thread of the async pool.
  fileprivate func finished() async {
    await withCheckedContinuation { done in notify(queue: .global()) { done.resume() } }
  }
}
