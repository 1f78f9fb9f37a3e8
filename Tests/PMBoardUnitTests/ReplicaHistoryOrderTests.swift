import Foundation
import PMBoardCore
import PMBoardStore
import PMBoardTestSupport
import Testing

/// History reads in time order whichever way its entries arrived, and grows only at its newest end (issue 39): a
/// change made offline on Friday that a sync pushes after a change made on the remote on Saturday is recorded at
/// Saturday's time, after it, so no full history page changes and the feed's `updated` does not go back.
@Suite("history order after a sync")
struct ReplicaHistoryOrderTests {
  typealias Samples = StoreSamples

  /// The titles and times of `store`'s history as a build reads it (the snapshot) and as `load()` does.
  func history(_ store: any BoardStore) async throws -> (snapshot: [(String, Int64)], loaded: [String]) {
    let history = try await store.snapshot().history
    let read = history.records.map { (history.text.string($0.title), $0.at) }
    return (read, try await store.load().history.map(\.title))
  }

  @Test func aChangeMadeOfflineBeforeARemoteOneIsAppendedAtItsTime() async throws {
    try await StoreScratch.with { scratch async throws in
      let (remote, replica, _) = try await scratch.sampleReplica()
      try await replica.commit(.add(Samples.newTask(1, title: "Friday, offline"), at: Samples.at(100)))
      try await remote.commit(.add(Samples.newTask(2, title: "Saturday, on the remote"), at: Samples.at(200)))
      #expect(try await replica.sync(with: remote, at: Samples.at(300)).pushed == 1)
      for store in [replica, remote] as [any BoardStore] {
        let (snapshot, loaded) = try await history(store)
        #expect(snapshot.map(\.0).suffix(2) == ["Saturday, on the remote", "Friday, offline"], "\(store.location)")
        #expect(loaded.suffix(2) == ["Saturday, on the remote", "Friday, offline"], "\(store.location)")
        #expect(snapshot.suffix(2).map(\.1) == [snapshot.last?.1, snapshot.last?.1].compactMap { $0 })
        #expect(zip(snapshot, snapshot.dropFirst()).allSatisfy { $0.1 <= $1.1 }, "times go back in \(store.location)")
      }
      // The next change made here lands last, newest, as before.
      try await replica.commit(.add(Samples.newTask(3, title: "Sunday"), at: Samples.at(400)))
      #expect(try await history(replica).snapshot.last?.0 == "Sunday")
    }
  }

  @Test func entriesOfOneSecondKeepTheOrderRecorded() {
    let entries = [3, 1, 2, 1, 0].enumerated().map { index, minute in
      HistoryEntry(at: Samples.at(minute), action: .added, taskID: Samples.id(index), title: "\(index)", to: .todo)
    }
    #expect(HistoryEntry.inTimeOrder(entries).map(\.title) == ["4", "1", "3", "2", "0"])
    let sorted = HistoryEntry.inTimeOrder(entries)
    #expect(HistoryEntry.inTimeOrder(sorted) == sorted)
  }

  /// The JSON store reads history in the same order, so every backend shows one board alike.
  @Test func theJSONStoreReadsHistoryInTimeOrder() async throws {
    try await StoreScratch.with { scratch async throws in
      var board = Samples.board
      board.history.swapAt(0, board.history.count - 1)
      let store = JSONBoardStore(path: scratch.path("board.json"))
      try await store.create(board)
      let loaded = try await store.load().history
      #expect(loaded.map(\.at) == loaded.map(\.at).sorted())
      let (snapshot, _) = try await history(store)
      #expect(snapshot.map(\.1) == snapshot.map(\.1).sorted())
    }
  }
}
