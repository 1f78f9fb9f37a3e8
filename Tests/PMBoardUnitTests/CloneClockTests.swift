import Foundation
import PMBoardCore
import PMBoardStore
import PMBoardTestSupport
import Testing

/// `clone` notes its time as the replica's first sync, which a build's offline note shows: like every other
/// command it takes that time from `PMBOARD_NOW` when set (issue 31), so a scripted demo or a test is repeatable.
@Suite("clone's clock", .serialized)
struct CloneClockTests {
  @Test func aCloneNotesTheTimeItIsGiven() async throws {
    try await StoreScratch.with { scratch async throws in
      let remote = try PostgresBoardStore(url: scratch.path(StoreBackend.postgres.fileName))
      try await remote.create(StoreSamples.board)
      let then = StoreSamples.at(42)
      let replica = try await SQLiteBoardStore.clone(remote, to: scratch.path("replica.sqlite"), at: then)
      #expect(try await replica.replicaState()?.lastSync == then)
    }
  }

  @Test func theCloneCommandHonoursPMBOARDNOW() async throws {
    let cluster = try PostgresTestCluster.shared.get()
    let url = cluster.url(database: try cluster.freshDatabase(), board: "clock")
    let cli = try CLIRunner(now: "2026-11-21T09:00:00Z")
    defer { cli.remove() }
    let created = try cli.run("init", "--store", url)
    #expect(created.status == 0, "\(created.stderr)")
    let cloned = try cli.run("clone", url, "replica.sqlite")
    #expect(cloned.status == 0, "\(cloned.stderr)")
    let state = try await SQLiteBoardStore(path: cli.path("replica.sqlite")).replicaState()
    #expect(state?.lastSync == Instant.parse("2026-11-21T09:00:00Z"))
  }
}
