import Foundation
import PMBoardCore
import PMBoardStore
import PMBoardTestSupport
import Testing

/// Imported tasks keep their source and source id in every backend, through create, import's changes, undo records,
/// and the interchange form.
extension StoreContractTests {
  static func sourced(_ n: Int, _ id: String, source: String = "github:acme/app") -> BoardTask {
    var task = Samples.newTask(n)
    task.source = TaskSource(name: source, id: id)
    return task
  }

  @Test(arguments: StoreBackend.tested)
  func sourcesSurviveCreateAndLoad(_ backend: StoreBackend) async throws {
    var board = Samples.board
    board.tasks += [Self.sourced(1, "17"), Self.sourced(2, "17", source: "csv"), Self.sourced(3, "이슈 #3")]
    try await withStore(backend, holding: board) { store, path async throws in
      #expect(try await backend.store(at: path).load() == board)
      #expect(try await store.tasks(withIDPrefix: Samples.id(101).lowercaseString).first?.source?.id == "17")
      let data = InterchangeWriter().data(for: try await store.load())
      #expect(try InterchangeReader().board(from: data, source: "export") == board)
    }
  }

  @Test(arguments: StoreBackend.tested)
  func importedChangesApplyInOneGoWithHistoryAndNoUndo(_ backend: StoreBackend) async throws {
    try await withStore(backend) { store, path async throws in
      let added = Self.sourced(1, "17")
      var edited = added
      (edited.title, edited.updated) = ("Renamed", Samples.at(30))
      let author = "import:github:acme/app"
      try await store.applyImported([
        .add(added, at: Samples.at(20), by: author), .update(from: added, to: edited, at: Samples.at(30), by: author),
        .add(Self.sourced(2, "18"), at: Samples.at(21), by: author),
      ])
      let loaded = try await backend.store(at: path).load()
      #expect(loaded.tasks.suffix(2) == [edited, Self.sourced(2, "18")])
      // History reads in time order (the edit at 30 after the add at 21), whatever order the batch gave.
      #expect(loaded.history.suffix(3).map(\.action) == [.added, .added, .edited])
      #expect(loaded.history.last?.author == author)
      // Imports leave no undo record: a re-import, not undo, takes them back.
      #expect(await storeError { _ = try await store.undo(at: Samples.at(40), by: author) } == .nothingToUndo)
      // A task changed since the import read it: nothing of the batch is applied.
      let before = try await store.load()
      var stale = added
      stale.title = "Stale"
      let refused = await storeError {
        try await store.applyImported([
          .remove(edited, at: Samples.at(50), by: author),
          .update(from: added, to: stale, at: Samples.at(50), by: author),
        ])
      }
      #expect(refused == .conflict(taskID: added.idString))
      #expect(try await store.load() == before)
    }
  }

  @Test(arguments: StoreBackend.tested)
  func anUndoOfAChangeToAnImportedTaskRestoresItsSource(_ backend: StoreBackend) async throws {
    try await withStore(backend) { store, _ async throws in
      let task = Self.sourced(1, "17")
      try await store.applyImported([.add(task, at: Samples.at(20), by: "import:github")])
      try await store.commit(.remove(task, at: Samples.at(21), by: "alice"))
      _ = try await store.undo(at: Samples.at(22), by: "alice")
      #expect(try await store.load().tasks.last == task)
    }
  }

  @Test(arguments: StoreBackend.tested)
  func undoOfAChangeAnImportOverwroteIsRefused(_ backend: StoreBackend) async throws {
    try await withStore(backend) { store, _ async throws in
      let task = Self.sourced(1, "17")
      try await store.applyImported([.add(task, at: Samples.at(20), by: "import:github")])
      var edited = task
      edited.title = "Edited here"
      try await store.commit(.update(from: task, to: edited, at: Samples.at(21), by: "alice"))
      var synced = edited
      synced.title = "Renamed on GitHub"
      try await store.applyImported([.update(from: edited, to: synced, at: Samples.at(22), by: "import:github")])
      let refused = await storeError { _ = try await store.undo(at: Samples.at(23), by: "alice") }
      #expect(refused == .undoConflict(taskID: task.idString, action: "undo"))
      #expect(try await store.load().tasks.last == synced)
    }
  }
}
