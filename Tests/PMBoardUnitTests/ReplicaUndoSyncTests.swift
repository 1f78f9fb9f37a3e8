import Foundation
import PMBoardCore
import PMBoardStore
import PMBoardTestSupport
import Testing

/// An undo or redo made in a replica that has not pulled a teammate's later edit does not overwrite it on the
/// next sync (issue 57, item 10): it is recorded as not applied, the replica ends with the remote's task, and the
/// sync reports it.
@Suite("undo and redo pushed by a sync", .serialized, .needs(.postgres))
struct ReplicaUndoSyncTests {
  typealias Samples = StoreSamples

  /// The remote with one task, and alice's and bob's replicas of it.
  func team(_ scratch: StoreScratch) async throws -> (PostgresBoardStore, SQLiteBoardStore, SQLiteBoardStore, UUID) {
    let remote = try PostgresBoardStore(url: scratch.path(StoreBackend.postgres.fileName))
    let task = Samples.newTask(1, title: "Original")
    try await remote.create(Board(info: BoardInfo(title: "Team", timeZoneID: "Asia/Seoul"), tasks: [task]))
    let alice = try await SQLiteBoardStore.clone(remote, to: scratch.path("alice.sqlite"))
    let bob = try await SQLiteBoardStore.clone(remote, to: scratch.path("bob.sqlite"))
    return (remote, alice, bob, task.id)
  }

  /// `store`'s task `id` retitled `title` by `author`.
  func retitle(_ id: UUID, _ title: String, in store: some BoardStore, by author: String, at minute: Int) async throws {
    let task = try #require(try await store.load().tasks.first { $0.id == id })
    var edited = task
    edited.title = title
    edited.updated = Samples.at(minute)
    try await store.commit(.update(from: task, to: edited, at: Samples.at(minute), by: author))
  }

  func title(_ id: UUID, in store: some BoardStore) async throws -> String? {
    try await store.load().tasks.first { $0.id == id }?.title
  }

  @Test func anUndoOfASyncedChangeLeavesALaterEditElsewhere() async throws {
    try await StoreScratch.with { scratch async throws in
      let (remote, alice, bob, id) = try await team(scratch)
      try await retitle(id, "Alice's", in: alice, by: "alice", at: 1)
      _ = try await alice.sync(with: remote, at: Samples.at(2))
      _ = try await bob.sync(with: remote, at: Samples.at(3))
      try await retitle(id, "Bob's", in: bob, by: "bob", at: 4)
      _ = try await bob.sync(with: remote, at: Samples.at(5))
      // Alice has not pulled: in her replica the task is as she left it, so her undo applies there.
      _ = try await alice.undo(at: Samples.at(6), by: "alice")
      #expect(try await title(id, in: alice) == "Original")
      let summary = try await alice.sync(with: remote, at: Samples.at(7))
      #expect(summary.changedSince.map(\.kind) == [.undo] && summary.merged == 0 && summary.lost == 0, "\(summary)")
      #expect(summary.changedSince.first?.entry.taskID == id)
      #expect(try await title(id, in: remote) == "Bob's")
      #expect(try await title(id, in: alice) == "Bob's")
      let last = try #require(try await remote.load().history.last)
      #expect(last.author == "alice" && last.resolution == .lost)
      #expect(
        InterchangeWriter().data(for: try await alice.load()) == InterchangeWriter().data(for: try await remote.load()))
      // Not on alice's undo list on the remote: nothing was applied there to undo.
      #expect(await storeError { _ = try await remote.undo(at: Samples.at(8), by: "alice") } != nil)
      #expect(try await title(id, in: remote) == "Bob's")
    }
  }

  @Test func anEditUndoneOfflineLeavesAConcurrentEdit() async throws {
    try await StoreScratch.with { scratch async throws in
      let (remote, alice, bob, id) = try await team(scratch)
      try await retitle(id, "Bob's", in: bob, by: "bob", at: 1)
      _ = try await bob.sync(with: remote, at: Samples.at(2))
      try await retitle(id, "Alice's", in: alice, by: "alice", at: 3)
      _ = try await alice.undo(at: Samples.at(4), by: "alice")
      _ = try await alice.sync(with: remote, at: Samples.at(5))
      #expect(try await title(id, in: remote) == "Bob's")
      #expect(try await title(id, in: alice) == "Bob's")
      let bobsTask = try await bob.load().tasks.first { $0.id == id }
      #expect(try await remote.load().tasks.first { $0.id == id } == bobsTask, "bob's task exactly, as he left it")
    }
  }

  @Test func aRedoWhoseTaskChangedSinceIsNotApplied() async throws {
    try await StoreScratch.with { scratch async throws in
      let (remote, alice, bob, id) = try await team(scratch)
      try await retitle(id, "Alice's", in: alice, by: "alice", at: 1)
      _ = try await alice.undo(at: Samples.at(2), by: "alice")
      _ = try await alice.sync(with: remote, at: Samples.at(3))
      _ = try await bob.sync(with: remote, at: Samples.at(4))
      try await retitle(id, "Bob's", in: bob, by: "bob", at: 5)
      _ = try await bob.sync(with: remote, at: Samples.at(6))
      _ = try await alice.redo(at: Samples.at(7), by: "alice")
      #expect(try await title(id, in: alice) == "Alice's")
      let summary = try await alice.sync(with: remote, at: Samples.at(8))
      #expect(summary.changedSince.map(\.kind) == [.redo], "\(summary)")
      #expect(try await title(id, in: remote) == "Bob's")
      #expect(try await title(id, in: alice) == "Bob's")
    }
  }

  @Test func anUndoOfAnUnchangedTaskIsAppliedAsMade() async throws {
    try await StoreScratch.with { scratch async throws in
      let (remote, alice, _, id) = try await team(scratch)
      try await retitle(id, "Alice's", in: alice, by: "alice", at: 1)
      _ = try await alice.sync(with: remote, at: Samples.at(2))
      _ = try await alice.undo(at: Samples.at(3), by: "alice")
      let summary = try await alice.sync(with: remote, at: Samples.at(4))
      #expect(summary.changedSince.isEmpty && summary.merged == 0 && summary.lost == 0, "\(summary)")
      #expect(try await title(id, in: remote) == "Original")
      #expect(try await remote.load().history.last?.resolution == nil)
    }
  }
}
