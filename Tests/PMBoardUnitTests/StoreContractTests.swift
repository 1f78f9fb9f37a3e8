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

extension StoreBackend: CustomTestStringConvertible {
  public var testDescription: String { rawValue }
}

@Suite("store contract")
struct StoreContractTests {
  typealias Samples = StoreSamples

  /// A store at a fresh path holding `board`.
  func withStore(
    _ backend: StoreBackend, holding board: Board = StoreSamples.board,
    _ body: (any BoardStore, String) async throws -> Void
  ) async throws {
    try await StoreScratch.with { scratch async throws in
      let path = scratch.path(backend.fileName)
      let store = backend.store(at: path)
      try await store.create(board)
      try await body(store, path)
    }
  }

  @Test(arguments: StoreBackend.tested)
  func createThenLoadGivesTheSameBoard(_ backend: StoreBackend) async throws {
    try await withStore(backend) { store, path async throws in
      #expect(try await store.load() == Samples.board)
      #expect(try await store.info() == Samples.board.info)
      // A new instance reads the file, not some cache.
      #expect(try await backend.store(at: path).load() == Samples.board)
    }
  }

  @Test(arguments: StoreBackend.tested)
  func emptyBoardRoundTrips(_ backend: StoreBackend) async throws {
    let empty = Board(info: BoardInfo(title: "Empty", timeZoneID: "UTC"))
    try await withStore(backend, holding: empty) { store, _ async throws in
      #expect(try await store.load() == empty)
    }
  }

  @Test(arguments: StoreBackend.tested)
  func creatingTwiceFailsAndKeepsTheFirst(_ backend: StoreBackend) async throws {
    try await withStore(backend) { store, path async throws in
      let other = Board(info: BoardInfo(title: "Other", timeZoneID: "UTC"))
      #expect(await storeError { try await store.create(other) } == .alreadyExists(path: path))
      #expect(await storeError { try await backend.store(at: path).create(other) } == .alreadyExists(path: path))
      #expect(try await store.load() == Samples.board)
    }
  }

  @Test(arguments: StoreBackend.tested)
  func aMissingStoreIsNotFoundAndNotCreated(_ backend: StoreBackend) async throws {
    try await StoreScratch.with { scratch async throws in
      let path = scratch.path(backend.fileName)
      let store = backend.store(at: path)
      let notFound = StoreError.notFound(path: path)
      #expect(await storeError { _ = try await store.load() } == notFound)
      #expect(await storeError { _ = try await store.info() } == notFound)
      #expect(await storeError { _ = try await store.tasks(withIDPrefix: "a") } == notFound)
      #expect(await storeError { try await store.commit(.add(Samples.newTask(1), at: Samples.at(1))) } == notFound)
      #expect(await storeError { _ = try await store.undo(at: Samples.at(1)) } == notFound)
      #expect(await storeError { _ = try await store.redo(at: Samples.at(1)) } == notFound)
      #expect(await storeError { try await store.replace(with: Samples.board) } == notFound)
      #expect(scratch.contents() == [])
    }
  }

  @Test(arguments: StoreBackend.tested)
  func tasksByIDPrefix(_ backend: StoreBackend) async throws {
    try await withStore(backend) { store, _ async throws in
      #expect(try await store.tasks(withIDPrefix: "aaaa").map(\.id) == [Samples.readme.id, Samples.korean.id])
      #expect(try await store.tasks(withIDPrefix: "aaaa2") == [Samples.korean])
      #expect(try await store.tasks(withIDPrefix: Samples.japanese.idString) == [Samples.japanese])
      #expect(try await store.tasks(withIDPrefix: "c").isEmpty)
      #expect(try await store.tasks(withIDPrefix: "").count == 3)
    }
  }

  @Test(arguments: StoreBackend.tested)
  func commitsRecordTheirHistory(_ backend: StoreBackend) async throws {
    try await withStore(backend) { store, _ async throws in
      let added = Samples.newTask(1, title: "新しいタスク")
      let add = BoardChange.add(added, at: Samples.at(20))
      try await store.commit(add)

      var edited = added
      edited.title = "새 작업"
      edited.due = Samples.date("2026-12-24")
      edited.updated = Samples.at(21)
      let edit = BoardChange.update(from: added, to: edited, at: Samples.at(21))
      try await store.commit(edit)

      var moved = edited
      moved.state = .doing
      moved.updated = Samples.at(22)
      let move = BoardChange.update(from: edited, to: moved, at: Samples.at(22))
      try await store.commit(move)
      #expect(try await store.tasks(withIDPrefix: moved.idString) == [moved])

      let remove = BoardChange.remove(Samples.readme, at: Samples.at(23))
      try await store.commit(remove)

      let board = try await store.load()
      #expect(board.tasks == [Samples.korean, Samples.japanese, moved])
      #expect(board.history == Samples.history + [add.entry, edit.entry, move.entry, remove.entry])
      #expect(edit.entry.fields == [.title, .due])
      #expect(move.entry.action == .moved && move.entry.from == .todo && move.entry.to == .doing)
    }
  }

  /// Both backends keep only tasks that export and import again: the rules are checked where changes apply.
  @Test(arguments: StoreBackend.tested)
  func aTaskBreakingTheRulesIsRefusedAndChangesNothing(_ backend: StoreBackend) async throws {
    try await withStore(backend) { store, _ async throws in
      let before = try await store.load()
      var twoLines = Samples.newTask(1)
      twoLines.title = "first line\nsecond line"
      var farFuture = Samples.newTask(2)
      farFuture.due = CalendarDate(daysSinceEpoch: 3_000_000)
      for task in [twoLines, farFuture] {
        let error = await storeError { try await store.commit(.add(task, at: Samples.at(20))) }
        guard case .invalidTask(let id, _)? = error else {
          Issue.record("expected invalidTask, got \(String(describing: error))")
          continue
        }
        #expect(id == task.idString)
      }
      #expect(try await store.load() == before)
    }
  }

  @Test(arguments: StoreBackend.tested)
  func aStaleChangeIsAConflictAndChangesNothing(_ backend: StoreBackend) async throws {
    try await withStore(backend) { store, _ async throws in
      var moved = Samples.readme
      moved.state = .doing
      try await store.commit(.update(from: Samples.readme, to: moved, at: Samples.at(20)))
      let before = try await store.load()

      var renamed = Samples.readme
      renamed.title = "Based on the old version"
      let stale = BoardChange.update(from: Samples.readme, to: renamed, at: Samples.at(21))
      #expect(await storeError { try await store.commit(stale) } == .conflict(taskID: Samples.readme.idString))
      let duplicate = BoardChange.add(Samples.korean, at: Samples.at(22))
      #expect(await storeError { try await store.commit(duplicate) } == .conflict(taskID: Samples.korean.idString))
      #expect(try await store.load() == before)
      // The undo list is untouched too: undo still reverts the move.
      #expect(try await store.undo(at: Samples.at(23)).after == moved)
    }
  }

  /// Commits `change`, then undoes and redoes it through new instances on the same path.
  func checkUndoRedo(_ backend: StoreBackend, _ change: BoardChange) async throws {
    try await withStore(backend) { store, path async throws in
      let original = try await store.load()
      try await store.commit(change)
      let changed = try await store.load()

      let undone = try await backend.store(at: path).undo(at: Samples.at(30))
      #expect(undone == change)
      let afterUndo = try await store.load()
      #expect(Set(afterUndo.tasks) == Set(original.tasks))
      if let before = change.before {
        #expect(afterUndo.tasks.first { $0.id == before.id } == before)
      }
      #expect(afterUndo.history == changed.history + [change.inverted(at: Samples.at(30), by: "").entry])

      let redone = try await backend.store(at: path).redo(at: Samples.at(31))
      #expect(redone == change.repeated(at: Samples.at(31), by: ""))
      let afterRedo = try await store.load()
      #expect(Set(afterRedo.tasks) == Set(changed.tasks))
      #expect(afterRedo.history == afterUndo.history + [redone.entry])

      // And back again: the redone change is undoable in its turn.
      #expect(try await backend.store(at: path).undo(at: Samples.at(32)) == redone)
      #expect(Set(try await store.load().tasks) == Set(original.tasks))
    }
  }

  @Test(arguments: StoreBackend.tested)
  func undoRedoAnAdd(_ backend: StoreBackend) async throws {
    try await checkUndoRedo(backend, .add(Samples.newTask(1), at: Samples.at(20)))
  }

  @Test(arguments: StoreBackend.tested)
  func undoRedoAnEdit(_ backend: StoreBackend) async throws {
    var edited = Samples.japanese
    edited.title = "仕様確認"
    edited.body = "本文\n二行目"
    edited.due = nil
    edited.updated = Samples.at(20)
    try await checkUndoRedo(backend, .update(from: Samples.japanese, to: edited, at: Samples.at(20)))
  }

  @Test(arguments: StoreBackend.tested)
  func undoRedoAMove(_ backend: StoreBackend) async throws {
    var moved = Samples.korean
    moved.state = .done
    moved.updated = Samples.at(20)
    try await checkUndoRedo(backend, .update(from: Samples.korean, to: moved, at: Samples.at(20)))
  }

  @Test(arguments: StoreBackend.tested)
  func undoRedoARemove(_ backend: StoreBackend) async throws {
    try await checkUndoRedo(backend, .remove(Samples.readme, at: Samples.at(20)))
  }

  @Test(arguments: StoreBackend.tested)
  func nothingToUndoOrRedo(_ backend: StoreBackend) async throws {
    try await withStore(backend) { store, _ async throws in
      #expect(await storeError { _ = try await store.undo(at: Samples.at(20)) } == .nothingToUndo)
      #expect(await storeError { _ = try await store.redo(at: Samples.at(20)) } == .nothingToRedo)
      try await store.commit(.add(Samples.newTask(1), at: Samples.at(21)))
      #expect(await storeError { _ = try await store.redo(at: Samples.at(22)) } == .nothingToRedo)
      _ = try await store.undo(at: Samples.at(23))
      #expect(await storeError { _ = try await store.undo(at: Samples.at(24)) } == .nothingToUndo)
      #expect(try await store.load().history.count == Samples.history.count + 2)
    }
  }

  @Test(arguments: StoreBackend.tested)
  func aNewCommitClearsRedo(_ backend: StoreBackend) async throws {
    try await withStore(backend) { store, _ async throws in
      try await store.commit(.add(Samples.newTask(1), at: Samples.at(20)))
      _ = try await store.undo(at: Samples.at(21))
      try await store.commit(.add(Samples.newTask(2), at: Samples.at(22)))
      #expect(await storeError { _ = try await store.redo(at: Samples.at(23)) } == .nothingToRedo)
    }
  }

  @Test(arguments: StoreBackend.tested)
  func replaceSwapsTheWholeBoardAndForgetsUndo(_ backend: StoreBackend) async throws {
    try await withStore(backend) { store, _ async throws in
      try await store.commit(.add(Samples.newTask(1), at: Samples.at(20)))
      _ = try await store.undo(at: Samples.at(21))
      try await store.commit(.add(Samples.newTask(2), at: Samples.at(22)))
      let imported = Board(
        info: BoardInfo(title: "Imported", timeZoneID: "Asia/Tokyo"), tasks: [Samples.newTask(7)],
        history: [
          HistoryEntry(at: Samples.at(1), action: .added, taskID: Samples.newTask(7).id, title: "Task 7", to: .todo)
        ])
      try await store.replace(with: imported)
      let board = try await store.load()
      #expect(board.tasks == imported.tasks)
      #expect(board.history == imported.history)
      #expect(board.info == imported.info, "an import replaces the board's settings too")
      #expect(await storeError { _ = try await store.undo(at: Samples.at(23)) } == .nothingToUndo)
      #expect(await storeError { _ = try await store.redo(at: Samples.at(23)) } == .nothingToRedo)
    }
  }

  @Test(arguments: StoreBackend.tested)
  func undoGoesBackAtMostDepthChanges(_ backend: StoreBackend) async throws {
    let empty = Board(info: BoardInfo(title: "Deep", timeZoneID: "UTC"))
    try await withStore(backend, holding: empty) { store, _ async throws in
      let extra = 3
      for n in 0..<(ChangeLog.depth + extra) {
        try await store.commit(.add(Samples.newTask(n), at: Samples.at(n)))
      }
      for n in (extra..<(ChangeLog.depth + extra)).reversed() {
        #expect(try await store.undo(at: Samples.at(1000 + n)).taskID == Samples.newTask(n).id)
      }
      #expect(await storeError { _ = try await store.undo(at: Samples.at(2000)) } == .nothingToUndo)
      #expect(try await store.load().tasks.map(\.id) == (0..<extra).map { Samples.newTask($0).id })
    }
  }

  @Test(arguments: StoreBackend.tested)
  func instantsAreKeptToTheSecondAndStillUndo(_ backend: StoreBackend) async throws {
    try await withStore(backend) { store, _ async throws in
      let now = Samples.at(20).addingTimeInterval(0.75)
      let task = BoardTask(id: Samples.id(50), title: "Made just now", created: now)
      try await store.commit(.add(task, at: now))
      let stored = try await store.tasks(withIDPrefix: task.idString)
      #expect(stored.first?.created == Instant.wholeSeconds(now))
      #expect(try await store.load().history.last?.at == Instant.wholeSeconds(now))
      #expect(try await store.undo(at: now).taskID == task.id)
      #expect(try await store.tasks(withIDPrefix: task.idString).isEmpty)
    }
  }

  @Test(arguments: StoreBackend.tested)
  func concurrentWritersLoseNothing(_ backend: StoreBackend) async throws {
    let empty = Board(info: BoardInfo(title: "Busy", timeZoneID: "UTC"))
    try await withStore(backend, holding: empty) { _, path async throws in
      try await withThrowingTaskGroup(of: Void.self) { group in
        for worker in 0..<4 {
          group.addTask {
            let store = backend.store(at: path)
            for index in 0..<50 {
              let task = Samples.newTask(worker * 1000 + index, title: "worker \(worker) task \(index)")
              try await store.commit(.add(task, at: Samples.at(index)))
            }
          }
        }
        try await group.waitForAll()
      }
      let board = try await backend.store(at: path).load()
      #expect(board.tasks.count == 200)
      #expect(Set(board.tasks.map(\.id)).count == 200)
      #expect(board.history.count == 200)
    }
  }
}

@Suite("store locator")
struct StoreLocatorTests {
  @Test func extensionPicksTheBackend() throws {
    #expect(try StoreLocator.store(forPath: "b.sqlite") is SQLiteBoardStore)
    #expect(try StoreLocator.store(forPath: "dir/b.DB") is SQLiteBoardStore)
    #expect(try StoreLocator.store(forPath: "b.json") is JSONBoardStore)
    #expect(try StoreLocator.store(forPath: "b.json").location == "b.json")
  }

  @Test func anUnknownExtensionIsRefused() async {
    #expect(await storeError { _ = try StoreLocator.store(forPath: "board.txt") } != nil)
    let error = await storeError { _ = try StoreLocator.store(forPath: "board") }
    #expect(error?.description.contains(".sqlite") == true)
  }

  @Test func pathPrecedence() {
    #expect(StoreLocator.resolvePath(flag: "a.json", environment: ["PMBOARD_STORE": "b.db"]) == "a.json")
    #expect(StoreLocator.resolvePath(flag: nil, environment: ["PMBOARD_STORE": "b.db"]) == "b.db")
    #expect(StoreLocator.resolvePath(flag: nil, environment: ["PMBOARD_STORE": ""]) == "board.sqlite")
    #expect(StoreLocator.resolvePath(flag: nil, environment: [:]) == StoreLocator.defaultPath)
  }
}

@Suite("store records")
struct StoreRecordTests {
  @Test func uuidParsingMatchesFoundation() {
    for _ in 0..<200 {
      let id = UUID()
      #expect(UUID(text: id.uuidString.lowercased()) == id)
      #expect(UUID(text: id.uuidString) == id)
    }
    for bad in [
      "", "0f8fad5b-d9cb-469f-a165-70867728950", "0f8fad5b-d9cb-469f-a165-70867728950g",
      "0f8fad5bd-9cb-469f-a165-70867728950e", "0f8fad5b-d9cb-469f-a165-70867728950e0",
    ] {
      #expect(UUID(text: bad) == nil, "\(bad)")
    }
    // Every byte in a digit's place and in a hyphen's place: only hex digits and the hyphen pass (Foundation is
    // laxer, taking " f8fad5b-…" for 0f8fad5b), and the digits keep their value.
    let hex = Set("0123456789abcdefABCDEF".utf8)
    for byte in UInt8.min...UInt8.max {
      for position in 0..<36 {
        var text = Array("0f8fad5b-d9cb-469f-a165-70867728950e".utf8)
        text[position] = byte
        let parsed = text.withUnsafeBytes { UUIDBytes.uuid(utf8: $0) }
        let valid = [8, 13, 18, 23].contains(position) ? byte == UInt8(ascii: "-") : hex.contains(byte)
        #expect((parsed != nil) == valid, "\(byte) at \(position)")
        #expect(text.withUnsafeBytes { UUIDBytes.isText(utf8: $0) } == valid, "\(byte) at \(position)")
        if valid { #expect(parsed == UUID(uuidString: String(decoding: text, as: UTF8.self)), "\(byte)") }
      }
    }
  }
}
