import Foundation
import GRDB
import PMBoardCore
import PMBoardStore
import PMBoardTestSupport
import Testing

/// `PRAGMA user_version` marks whether an SQLite store is a replica, so that a build of a store that is not one
/// learns it from the file's header instead of a connection.
@Suite("SQLite replica mark")
struct SQLiteReplicaMarkTests {
  typealias Samples = StoreSamples

  private func mark(_ path: String) throws -> UInt32 {
    try SQLiteHeader.check(path: path)
  }

  /// A store at the v5 schema (before the mark), with a replica row when `replica`.
  private func olderStore(at path: String, replica: Bool) async throws {
    let queue = try DatabaseQueue(path: path)
    defer { try? queue.close() }
    try SQLiteSchema.migrator.migrate(queue, upTo: "v5")
    try await queue.write { db in
      try db.execute(sql: "INSERT INTO board (id, title, timeZone) VALUES (1, 'Old', 'UTC')")
      if replica {
        try db.execute(
          sql:
            "INSERT INTO replica (id, remote, pulled, last_sync, synced_history) VALUES (1, 'postgres://x/y', 0, 0, 0)")
      }
    }
  }

  @Test func aNewStoreIsMarkedAndAnsweredFromItsHeader() async throws {
    try await StoreScratch.with { scratch async throws in
      let path = scratch.path("board.sqlite")
      let store = SQLiteBoardStore(path: path)
      try await store.create(Samples.board)
      #expect(try mark(path) == SQLiteSchema.ReplicaMark.notReplica)
      #expect(try await store.replicaState() == nil)
      // The answer comes from the mark alone: a replica row written behind pmboard's back is not looked for.
      let queue = try DatabaseQueue(path: path)
      try await queue.write { db in
        try db.execute(
          sql:
            "INSERT INTO replica (id, remote, pulled, last_sync, synced_history) VALUES (1, 'postgres://x/y', 0, 0, 0)")
      }
      try queue.close()
      #expect(try await store.replicaState() == nil)
    }
  }

  @Test func aClonedReplicaIsMarkedAsOne() async throws {
    try await StoreScratch.with { scratch async throws in
      let (_, replica, path) = try await scratch.sampleReplica()
      #expect(try mark(path) == SQLiteSchema.ReplicaMark.replica)
      #expect(try await replica.replicaState() != nil)
    }
  }

  /// A store from before the mark is asked by a connection, and marked by its next change.
  @Test(arguments: [false, true])
  func anOlderStoreIsReadThenMarkedByItsNextChange(replica: Bool) async throws {
    try await StoreScratch.with { scratch async throws in
      let path = scratch.path("board.sqlite")
      try await olderStore(at: path, replica: replica)
      let store = SQLiteBoardStore(path: path)
      #expect(try mark(path) == 0)
      #expect((try await store.replicaState() != nil) == replica)
      #expect(try mark(path) == 0, "reading does not migrate")
      try await store.commit(.add(Samples.newTask(1), at: Samples.at(1)))
      #expect(try mark(path) == (replica ? SQLiteSchema.ReplicaMark.replica : SQLiteSchema.ReplicaMark.notReplica))
      #expect((try await store.replicaState() != nil) == replica)
    }
  }
}
