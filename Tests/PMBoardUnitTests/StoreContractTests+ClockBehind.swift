import Foundation
import PMBoardCore
import PMBoardStore
import PMBoardTestSupport
import Testing

extension StoreContractTests {
  /// Issue 57, item 9: a change made on a machine whose clock is behind the board's newest history line is still
  /// the board's newest line (stamped with that line's time), so it lands on the newest history page and in the
  /// feed and no archived page moves; undo and redo alike. 21 hours of skew once sent it among the archives.
  @Test(arguments: StoreBackend.tested)
  func aChangeFromAClockBehindIsTheNewestLine(_ backend: StoreBackend) async throws {
    try await withStore(backend) { store, path async throws in
      let (first, second) = (Samples.newTask(1), Samples.newTask(2))
      let newest = Samples.at(40)
      try await store.commit(.add(first, at: newest, by: "alice"))
      let behind = newest.addingTimeInterval(-21 * 3600)
      try await store.commit(.add(second, at: behind, by: "bob"))
      var history = try await backend.store(at: path).load().history
      #expect(history.last?.taskID == second.id)
      #expect(history.last?.at == newest)
      _ = try await store.undo(at: behind, by: "bob")
      _ = try await store.redo(at: behind.addingTimeInterval(-60), by: "bob")
      history = try await backend.store(at: path).load().history
      #expect(history.suffix(2).map(\.at) == [newest, newest])
      #expect(history.suffix(2).map(\.action) == [.removed, .added])
      // A clock ahead is kept as it is.
      let ahead = newest.addingTimeInterval(3600)
      var moved = second
      moved.state = .doing
      try await store.commit(.update(from: second, to: moved, at: ahead, by: "bob"))
      #expect(try await backend.store(at: path).load().history.last?.at == ahead)
    }
  }
}
