import Foundation
import PMBoardCore
import PMBoardStore
import PMBoardTestSupport
import Testing

/// Issue 58: field declarations made in a replica travel by `sync`; the remote applies them in push order, part by
/// part, and every replica ends with the remote's declarations and values.
@Suite("field declarations pushed by a sync", .serialized, .needs(.postgres))
struct ReplicaFieldSyncTests {
  typealias Samples = StoreSamples

  func team(_ scratch: StoreScratch) async throws -> (PostgresBoardStore, SQLiteBoardStore, SQLiteBoardStore, UUID) {
    let remote = try PostgresBoardStore(url: scratch.path(StoreBackend.postgres.fileName))
    let task = Samples.newTask(1, title: "Original")
    try await remote.create(Board(info: BoardInfo(title: "Team", timeZoneID: "Asia/Seoul"), tasks: [task]))
    let alice = try await SQLiteBoardStore.clone(remote, to: scratch.path("alice.sqlite"))
    let bob = try await SQLiteBoardStore.clone(remote, to: scratch.path("bob.sqlite"))
    return (remote, alice, bob, task.id)
  }

  func select(_ key: String, _ options: [String]) -> FieldDefinition {
    FieldDefinition(
      id: UUID(), key: key, type: .select,
      options: options.enumerated().map { FieldOption(id: String(format: "%08x", $0.offset + 1), name: $0.element) })
  }

  /// Two people who declare the same key offline end with one field holding both sets of options; a value set
  /// with the declaration reaches every replica.
  @Test func theSameKeyDeclaredTwiceMergesItsOptions() async throws {
    try await StoreScratch.with { scratch async throws in
      let (remote, alice, bob, id) = try await team(scratch)
      let alices = select("priority", ["P0", "P1"])
      try await alice.commit(.define(from: nil, to: alices, at: Samples.at(1), by: "alice"))
      let task = try #require(try await alice.load().tasks.first { $0.id == id })
      var valued = task
      valued.values[alices.id] = .option("00000002")
      try await alice.commit(
        .update(from: task, to: valued, at: Samples.at(2), by: "alice", fields: try await alice.info().fields))
      var bobs = select("priority", ["P1", "P2"])
      bobs.options[1].id = "0000000b"
      try await bob.commit(.define(from: nil, to: bobs, at: Samples.at(3), by: "bob"))
      _ = try await alice.sync(with: remote, at: Samples.at(4))
      let summary = try await bob.sync(with: remote, at: Samples.at(5))
      #expect(summary.merged == 1, "\(summary)")
      _ = try await alice.sync(with: remote, at: Samples.at(6))
      let declared = try #require(try await remote.info().fields.field(key: "priority"))
      #expect(declared.id == alices.id)
      #expect(declared.options.map(\.name) == ["P0", "P1", "P2"])
      for replica in [alice, bob] {
        #expect(try await replica.info().fields == remote.info().fields)
        let synced = try await replica.load().tasks.first { $0.id == id }
        #expect(synced?.values[alices.id] == .option("00000002"))
      }
    }
  }

  /// A key declared with another type elsewhere is lost, and says so; a removal pushed after a rename of the same
  /// field still removes it, and an undo of it brings it back everywhere.
  @Test func aClashIsLostAndARemovalFollowsTheField() async throws {
    try await StoreScratch.with { scratch async throws in
      let (remote, alice, bob, _) = try await team(scratch)
      let priority = select("priority", ["P0"])
      try await alice.commit(.define(from: nil, to: priority, at: Samples.at(1), by: "alice"))
      let clash = FieldDefinition(id: UUID(), key: "priority", type: .number)
      try await bob.commit(.define(from: nil, to: clash, at: Samples.at(2), by: "bob"))
      _ = try await alice.sync(with: remote, at: Samples.at(3))
      let summary = try await bob.sync(with: remote, at: Samples.at(4))
      #expect(summary.lost == 1, "\(summary)")
      #expect(try await bob.info().fields.field(key: "priority")?.type == .select)

      var renamed = priority
      renamed.key = "urgency"
      try await remote.commit(.define(from: priority, to: renamed, at: Samples.at(5), by: "carol"))
      try await bob.commit(.define(from: priority, to: nil, at: Samples.at(6), by: "bob"))
      _ = try await bob.sync(with: remote, at: Samples.at(7))
      #expect(try await remote.info().fields.field(id: priority.id) == nil)
      _ = try await remote.undo(at: Samples.at(8), by: "bob")
      _ = try await alice.sync(with: remote, at: Samples.at(9))
      #expect(try await alice.info().fields.field(id: priority.id)?.key == "urgency")
    }
  }
}
