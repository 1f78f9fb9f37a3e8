import Foundation
import PMBoardCore
import PMBoardStore
import PMBoardTestSupport
import Testing

extension StoreContractTests {
  @Test(arguments: StoreBackend.tested)
  func everyChangeRecordsItsAuthor(_ backend: StoreBackend) async throws {
    try await withStore(backend) { store, path async throws in
      let task = Samples.newTask(1)
      try await store.commit(.add(task, at: Samples.at(20), by: "alice@laptop"))
      var moved = task
      moved.state = .doing
      try await store.commit(.update(from: task, to: moved, at: Samples.at(21), by: "박지민"))
      let history = try await backend.store(at: path).load().history
      #expect(history.suffix(2).map(\.author) == ["alice@laptop", "박지민"])
      let snapshot = try await store.snapshot()
      let last = snapshot.history.records[snapshot.historyCount - 1]
      #expect(snapshot.history.text.string(last.author) == "박지민")
      // The interchange form carries it: an export imports again with the same authors.
      let data = InterchangeWriter().data(for: try await store.load())
      #expect(
        try InterchangeReader().board(from: data, source: "export").history.suffix(2).map(\.author) == [
          "alice@laptop", "박지민",
        ])
    }
  }

  @Test(arguments: StoreBackend.tested)
  func undoRevertsOnlyYourOwnChanges(_ backend: StoreBackend) async throws {
    try await withStore(backend) { store, _ async throws in
      let (mine, theirs) = (Samples.newTask(1), Samples.newTask(2))
      try await store.commit(.add(mine, at: Samples.at(20), by: "alice"))
      try await store.commit(.add(theirs, at: Samples.at(21), by: "bob"))
      let undone = try await store.undo(at: Samples.at(22), by: "alice")
      #expect(undone.taskID == mine.id)
      var ids = Set(try await store.load().tasks.map(\.id))
      #expect(!ids.contains(mine.id) && ids.contains(theirs.id))
      #expect(try await store.load().history.last?.author == "alice")
      #expect(await storeError { _ = try await store.undo(at: Samples.at(23), by: "alice") } == .nothingToUndo)
      #expect(await storeError { _ = try await store.redo(at: Samples.at(23), by: "bob") } == .nothingToRedo)
      _ = try await store.redo(at: Samples.at(24), by: "alice")
      ids = Set(try await store.load().tasks.map(\.id))
      #expect(ids.contains(mine.id) && ids.contains(theirs.id))
    }
  }

  @Test(arguments: StoreBackend.tested)
  func undoIsRefusedWhenSomeoneChangedTheTaskSince(_ backend: StoreBackend) async throws {
    try await withStore(backend) { store, _ async throws in
      let task = Samples.newTask(1)
      try await store.commit(.add(task, at: Samples.at(20), by: "alice"))
      var edited = task
      edited.title = "Bob's title"
      try await store.commit(.update(from: task, to: edited, at: Samples.at(21), by: "bob"))
      let before = try await store.load()
      let error = await storeError { _ = try await store.undo(at: Samples.at(22), by: "alice") }
      #expect(error == .undoConflict(taskID: task.idString, action: "undo"))
      #expect(try await store.load() == before)
    }
  }
}
