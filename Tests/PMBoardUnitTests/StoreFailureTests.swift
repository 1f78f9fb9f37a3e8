import Foundation
import PMBoardBytes
import PMBoardCLI
import PMBoardCore
import PMBoardMustache
import PMBoardSite
import PMBoardStore
import PMBoardTestSupport
import PMBoardValidation
import Testing

/// What a store does with files that are not stores, and with writes that cannot happen: refuse, say why, and leave
/// every byte as it was.
@Suite("store failures")
struct StoreFailureTests {
  typealias Samples = StoreSamples

  /// Every call on a store at `path`, each expected to fail without touching the file.
  func expectRefusal(
    _ store: any BoardStore, path: String, _ matches: (StoreError?) -> Bool,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let bytes = FileManager.default.contents(atPath: path)
    let calls: [(String, () async throws -> Void)] = [
      ("load", { _ = try await store.load() }),
      ("info", { _ = try await store.info() }),
      ("tasks", { _ = try await store.tasks(withIDPrefix: "a") }),
      ("commit", { try await store.commit(.add(Samples.newTask(1), at: Samples.at(1))) }),
      ("undo", { _ = try await store.undo(at: Samples.at(2)) }),
      ("redo", { _ = try await store.redo(at: Samples.at(3)) }),
      ("replace", { try await store.replace(with: Samples.board) }),
    ]
    for (name, call) in calls {
      let error = await storeError(call)
      #expect(matches(error), "\(name) failed with \(String(describing: error))", sourceLocation: sourceLocation)
    }
    #expect(
      await storeError { try await store.create(Samples.board) } == .alreadyExists(path: path),
      sourceLocation: sourceLocation)
    #expect(FileManager.default.contents(atPath: path) == bytes, "the file changed", sourceLocation: sourceLocation)
  }

  /// A commit on `store` fails as unwritable; the file keeps `bytes` and, after `repair`, the board reads as before.
  func expectUnwritableCommit(
    _ store: any BoardStore, path: String, bytes: Data?, repair: () throws -> Void = {},
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let error = await storeError { try await store.commit(.add(Samples.newTask(1), at: Samples.at(1))) }
    #expect(Self.isUnwritable(error), "got \(String(describing: error))", sourceLocation: sourceLocation)
    #expect(FileManager.default.contents(atPath: path) == bytes, sourceLocation: sourceLocation)
    try repair()
    #expect(try await store.load() == Samples.board, sourceLocation: sourceLocation)
  }

  static func isNotAStore(_ error: StoreError?) -> Bool {
    if case .notAStore = error { return true }
    return false
  }

  static func isUnwritable(_ error: StoreError?) -> Bool {
    if case .unwritable = error { return true }
    return false
  }

  // About files: a PostgreSQL store has none (its failures are in PostgresStoreTests).
  @Test(arguments: StoreBackend.files)
  func aGarbageFileIsNotAStore(_ backend: StoreBackend) async throws {
    try await StoreScratch.with { scratch async throws in
      let path = scratch.path(backend.fileName)
      try Data("hello, this is a note\n\u{0}\u{1}".utf8).write(to: URL(fileURLWithPath: path))
      try await expectRefusal(backend.store(at: path), path: path, Self.isNotAStore)
    }
  }

  // About files: a PostgreSQL store has none (its failures are in PostgresStoreTests).
  @Test(arguments: StoreBackend.files)
  func anEmptyFileIsNotAStore(_ backend: StoreBackend) async throws {
    try await StoreScratch.with { scratch async throws in
      let path = scratch.path(backend.fileName)
      #expect(FileManager.default.createFile(atPath: path, contents: Data()))
      try await expectRefusal(backend.store(at: path), path: path, Self.isNotAStore)
    }
  }

  // About files: a PostgreSQL store has none (its failures are in PostgresStoreTests).
  @Test(arguments: StoreBackend.files)
  func aDirectoryIsNotAStore(_ backend: StoreBackend) async throws {
    try await StoreScratch.with { scratch async throws in
      let path = scratch.path(backend.fileName)
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
      try await expectRefusal(backend.store(at: path), path: path, Self.isNotAStore)
    }
  }

  // About files: a PostgreSQL store has none (its failures are in PostgresStoreTests).
  @Test(arguments: StoreBackend.files)
  func aStoreInAMissingDirectoryCannotBeCreated(_ backend: StoreBackend) async throws {
    try await StoreScratch.with { scratch async throws in
      let path = scratch.path("missing/" + backend.fileName)
      let store = backend.store(at: path)
      #expect(Self.isUnwritable(await storeError { try await store.create(Samples.board) }))
      #expect(await storeError { _ = try await store.load() } == .notFound(path: path))
      #expect(scratch.contents() == [])
    }
  }

  @Test func anSQLiteStoreCutShortIsNotAStore() async throws {
    try await StoreScratch.with { scratch async throws in
      let path = scratch.path("board.sqlite")
      let tasks = (0..<300).map { Samples.newTask($0, title: "Task \($0) " + String(repeating: "x", count: 100)) }
      try await SQLiteBoardStore(path: path).create(Board(info: Samples.board.info, tasks: tasks))
      let whole = try Data(contentsOf: URL(fileURLWithPath: path))
      #expect(whole.count > 8192)
      for length in [whole.count / 2, 4096, 50] {
        try whole.prefix(length).write(to: URL(fileURLWithPath: path))
        try await expectRefusal(SQLiteBoardStore(path: path), path: path, Self.isNotAStore)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
      }
    }
  }

  @Test func anotherApplicationsSQLiteDatabaseIsNotAStore() async throws {
    try await StoreScratch.with { scratch async throws in
      let path = scratch.path("other.db")
      try await SQLiteBoardStore(path: path).create(Samples.board)
      var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      // Another application's mark (offset 68 of the header), then none at all.
      for mark: [UInt8] in [[0x0F, 0x05, 0x5A, 0x11], [0, 0, 0, 0]] {
        bytes.replaceSubrange(68..<72, with: mark)
        try bytes.write(to: URL(fileURLWithPath: path))
        try await expectRefusal(SQLiteBoardStore(path: path), path: path, Self.isNotAStore)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
      }
      let error = await storeError { _ = try await SQLiteBoardStore(path: path).load() }
      #expect(error?.description.contains("without pmboard's mark") == true)
    }
  }

  @Test(arguments: [
    "{ \"format\": \"pmboard/1\", \"board\": ", "{ \"format\": \"trello/2\" }", "[1, 2, 3]",
    BoardFixture.json(cards: [.init(id: BoardFixture.id(1), title: "", due: "2026-02-30")]),
  ])
  func invalidJSONIsNotAStore(_ content: String) async throws {
    try await StoreScratch.with { scratch async throws in
      let path = scratch.path("board.json")
      try Data(content.utf8).write(to: URL(fileURLWithPath: path))
      try await expectRefusal(JSONBoardStore(path: path), path: path, Self.isNotAStore)
    }
  }

  @Test func aSQLiteStoreThatCannotWriteItsJournalIsUnwritableAndUnchanged() async throws {
    try await StoreScratch.with { scratch async throws in
      let path = scratch.path("board.sqlite")
      let store = SQLiteBoardStore(path: path)
      try await store.create(Samples.board)
      let bytes = FileManager.default.contents(atPath: path)
      // A directory where SQLite puts its write-ahead log: the open fails even for root, as on a read-only disk.
      try FileManager.default.createDirectory(atPath: path + "-wal", withIntermediateDirectories: false)
      #expect(Self.isUnwritable(await storeError { try await store.replace(with: Samples.board) }))
      try await expectUnwritableCommit(store, path: path, bytes: bytes) {
        try FileManager.default.removeItem(atPath: path + "-wal")
      }
    }
  }

  @Test func aJSONStoreThatCannotLockIsUnwritableAndUnchanged() async throws {
    try await StoreScratch.with { scratch async throws in
      let path = scratch.path("board.json")
      let store = JSONBoardStore(path: path)
      try await store.create(Samples.board)
      let bytes = FileManager.default.contents(atPath: path)
      try? FileManager.default.removeItem(atPath: path + ".lock")
      try FileManager.default.createDirectory(atPath: path + ".lock", withIntermediateDirectories: false)
      try await expectUnwritableCommit(store, path: path, bytes: bytes)
    }
  }

  @Test func aJSONWriteThatFailsLeavesThePreviousContent() async throws {
    try await StoreScratch.with { scratch async throws in
      let path = scratch.path("board.json")
      try await JSONBoardStore(path: path).create(Samples.board)
      let bytes = FileManager.default.contents(atPath: path)
      let failing = JSONBoardStore(path: path) { temporary in
        // The new content is complete on disk; the rename is what fails, as when the disk fills or goes away.
        #expect(FileManager.default.fileExists(atPath: temporary))
        throw StoreError.unwritable(path: path, reason: "simulated: No space left on device")
      }
      let error = await storeError { try await failing.commit(.add(Samples.newTask(1), at: Samples.at(1))) }
      #expect(Self.isUnwritable(error))
      #expect(FileManager.default.contents(atPath: path) == bytes)
      #expect(scratch.contents() == ["board.json", "board.json.lock"], "the temporary file is removed")
      #expect(try await JSONBoardStore(path: path).load() == Samples.board)
    }
  }

  @Test func aJSONFileEditedDuringAWriteIsNotOverwritten() async throws {
    try await StoreScratch.with { scratch async throws in
      let path = scratch.path("board.json")
      try await JSONBoardStore(path: path).create(Samples.board)
      var edited = Samples.board
      edited.info.title = "Edited by hand"
      let handEdit = InterchangeWriter().data(for: edited)
      let racing = JSONBoardStore(path: path) { _ in
        // An editor that ignores the lock saves between this writer's read and its rename.
        try handEdit.write(to: URL(fileURLWithPath: path))
      }
      let error = await storeError { try await racing.commit(.add(Samples.newTask(1), at: Samples.at(1))) }
      #expect(error == .concurrentWrite(path: path))
      #expect(FileManager.default.contents(atPath: path) == handEdit)
      #expect(scratch.contents() == ["board.json", "board.json.lock"])
    }
  }

  @Test func aJSONStoreRefusesToWriteWhatItCouldNotReadBack() async throws {
    try await StoreScratch.with { scratch async throws in
      let path = scratch.path("board.json")
      let store = JSONBoardStore(path: path)
      var untitled = Samples.newTask(1)
      untitled.title = ""
      #expect(
        Self.isUnwritable(
          await storeError { try await store.create(Board(info: Samples.board.info, tasks: [untitled])) }))
      #expect(scratch.contents() == [])
      try await store.create(Samples.board)
      // A commit is refused by the task rules every backend applies, before anything is written.
      #expect(
        await storeError { try await store.commit(.add(untitled, at: Samples.at(1))) }
          == .invalidTask(taskID: untitled.idString, reason: "title: the title is empty; give the task a title"))
      #expect(try await store.load() == Samples.board)
    }
  }

  enum ReadOnlyPart: String, CaseIterable, Sendable {
    case directory
    case file
  }

  @Test(
    .enabled(if: getuid() != 0, "root may write anywhere"), arguments: StoreBackend.files, ReadOnlyPart.allCases)
  func aReadOnlyDirectoryOrFileIsUnwritableButReadable(_ backend: StoreBackend, _ part: ReadOnlyPart) async throws {
    try await StoreScratch.with { scratch async throws in
      let path = scratch.path(backend.fileName)
      let store = backend.store(at: path)
      try await store.create(Samples.board)
      let bytes = FileManager.default.contents(atPath: path)
      switch part {
      case .directory: chmod(scratch.directory, 0o555)
      case .file: chmod(path, 0o444)
      }
      try await expectUnwritableCommit(store, path: path, bytes: bytes)
    }
  }

  @Test func aJSONStoreBehindASymlinkKeepsTheLink() async throws {
    try await StoreScratch.with { scratch async throws in
      let real = scratch.path("real.json")
      let link = scratch.path("board.json")
      try await JSONBoardStore(path: real).create(Samples.board)
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
      let store = JSONBoardStore(path: link)
      try await store.commit(.add(Samples.newTask(1), at: Samples.at(1)))
      #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == real)
      #expect(try await JSONBoardStore(path: real).load().tasks.count == 4)
    }
  }
}
