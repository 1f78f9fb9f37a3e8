import Foundation
import PMBoardBytes
import PMBoardCore

/// A board kept in one interchange JSON file (`pmboard/1`, plus the store's `undo` and `redo` lists), readable and
/// diffable by hand.
///
/// Writers take an exclusive lock on `PATH.lock`, read and validate the file, apply the change in memory and rename a
/// fully written temporary file over the original, so readers need no lock and concurrent writers lose nothing.
/// If the file changed under a writer that did not take the lock (an editor, say), the write is refused with
/// `StoreError.concurrentWrite`. A file that does not read as a board is never overwritten.
public final class JSONBoardStore: ChangeLogStore {
  private let path: String
  public var location: String { path }
  private let beforeRename: AtomicFile.Hook

  public convenience init(path: String) {
    self.init(path: path, beforeRename: { _ in })
  }

  /// `beforeRename` runs once the new content is on disk, just before it replaces the store (a test seam).
  public init(path: String, beforeRename: @escaping AtomicFile.Hook) {
    self.path = path
    self.beforeRename = beforeRename
  }

  public func create(_ board: Board) async throws {
    if exists(path) { throw StoreError.alreadyExists(path: path) }
    let data = InterchangeWriter().data(for: board, undo: [], redo: [])
    try checkReadable(data)
    try await FileLock.withLock(path + ".lock", storePath: path) {
      try AtomicFile.save(data, to: path, mode: nil, replacing: false, beforeRename: beforeRename) {}
    }
  }

  public func load() async throws -> Board {
    try parse(try readFile(path).data).board
  }

  public func info() async throws -> BoardInfo {
    try await load().info
  }

  public func tasks(withIDPrefix prefix: String) async throws -> [BoardTask] {
    try await load().tasks.filter { $0.idString.hasPrefix(prefix) }
  }

  /// The 64-bit FNV-1a hash of the file's bytes: everything a build reads is in them. Read without the lock, as
  /// `load` reads: a writer replaces the file whole by a rename, so a reader sees one version or the next.
  public func revision() async throws -> String? {
    Self.revision(of: try readFile(path).data)
  }

  /// The board and the revision of the very bytes it was read from.
  public func snapshot() async throws -> BoardSnapshot {
    let data = try readFile(path).data
    return BoardSnapshot(try parse(data).board, revision: Self.revision(of: data))
  }

  private static func revision(of data: Data) -> String {
    var print = Fingerprint()
    print.add(bytes: data)
    return "json:" + print.hex
  }

  public func replace(with board: Board) async throws {
    try await mutate(checkingResult: true) { $0.replaceContents(with: board) }
  }

  // MARK: - Reading and writing

  public func inWriteTransaction<T: Sendable>(
    _ body: @escaping @Sendable (JSONStoreTransaction) throws -> T
  ) async throws -> T {
    try await mutate(body)
  }

  /// Read, change in memory, write back, all under the lock; nothing is written if `body` throws. Every read
  /// validates the whole file, so writing something the reader rejects would lock the user out of the board: a
  /// whole new board (`checkingResult`) is read back before it is saved; a commit's task obeys ``TaskRules``.
  private func mutate<T>(checkingResult: Bool = false, _ body: (JSONStoreTransaction) throws -> T) async throws -> T {
    // Checked before taking the lock, so a mistyped path does not leave a lock file behind.
    guard exists(path) else { throw StoreError.notFound(path: path) }
    // Through a symlink, the rename must replace the file it points to, not the link.
    let target = resolved(path)
    return try await FileLock.withLock(target + ".lock", storePath: path) {
      let original = try readFile(target)
      // The rename only needs a writable directory; a read-only file says its owner wants it left alone.
      if POSIX.access(target, W_OK) != 0 { throw StoreError.unwritable(path: path, reason: "the file is read-only") }
      let document = try parse(original.data)
      let transaction = JSONStoreTransaction(board: document.board, undo: document.undo, redo: document.redo)
      let result = try body(transaction)
      let data = InterchangeWriter().data(for: transaction.board, undo: transaction.undo, redo: transaction.redo)
      if checkingResult { try checkReadable(data) }
      try AtomicFile.save(data, to: target, mode: original.mode, replacing: true, beforeRename: beforeRename) {
        // Compare-and-swap: someone who ignored the lock may have written since the read.
        guard (try? readFile(target).data) == original.data else { throw StoreError.concurrentWrite(path: path) }
      }
      return result
    }
  }

  private func checkReadable(_ data: Data) throws(StoreError) {
    do {
      _ = try InterchangeReader().read(data, source: path)
    } catch {
      throw .unwritable(path: path, reason: "the result would not read back as a board (\(Self.summary(of: error)))")
    }
  }

  private func exists(_ file: String) -> Bool {
    POSIX.linkStatus(file) != nil
  }

  private func resolved(_ file: String) -> String {
    POSIX.realPath(file) ?? file
  }

  private func readFile(_ file: String) throws(StoreError) -> (data: Data, mode: mode_t) {
    let (descriptor, info) = try StoreFile.open(file, storePath: path)
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    do {
      return (try handle.readToEnd() ?? Data(), info.st_mode & 0o7777)
    } catch {
      throw .unreadable(path: path, reason: SystemErrorText.reason(error))
    }
  }

  private func parse(_ data: Data) throws(StoreError) -> (board: Board, undo: [BoardChange], redo: [BoardChange]) {
    do {
      var document = try InterchangeReader().read(data, source: path)
      // The order every store reads history in (``HistoryEntry/inTimeOrder(_:)``).
      document.board.history = HistoryEntry.inTimeOrder(document.board.history)
      return document
    } catch {
      throw .notAStore(path: path, reason: Self.summary(of: error))
    }
  }

  /// The first three problems, and how many more: one line for a message.
  private static func summary(of error: ImportError) -> String {
    let more = error.problems.count > 3 ? "; and \(error.problems.count - 3) more problems" : ""
    return error.problems.prefix(3).joined(separator: "; ") + more
  }
}
