import Foundation
import GRDB
import PMBoardCore
import PMBoardStore
import PMBoardTestSupport
import Testing

/// The SQLite store's revision is a random value that triggers draw afresh on every write, so it follows writes made
/// by any tool, not only pmboard's own, and two copies of a store that took as many writes still tell apart.
@Suite("SQLite revision")
struct SQLiteRevisionTests {
  typealias Samples = StoreSamples

  /// A store holding the sample board at a fresh path.
  func withStore(_ body: (SQLiteBoardStore, String) async throws -> Void) async throws {
    try await StoreScratch.with { scratch async throws in
      let path = scratch.path("board.sqlite")
      let store = SQLiteBoardStore(path: path)
      try await store.create(Samples.board)
      try await body(store, path)
    }
  }

  /// The value behind the token.
  func counter(_ store: SQLiteBoardStore) async throws -> Int64 {
    let token = try #require(try await store.revision())
    #expect(token.hasPrefix("sqlite:"))
    return try #require(Int64(token.dropFirst("sqlite:".count)))
  }

  /// Runs `sql` as another tool would: on a connection of its own, through no pmboard code.
  func write(_ path: String, _ sql: String, recursiveTriggers: Bool = false) throws {
    let queue = try DatabaseQueue(path: path)
    defer { try? queue.close() }
    try queue.writeWithoutTransaction { db in
      // On, a trigger that fired itself would loop (SQLite stops it at its depth limit, failing the write).
      try db.execute(sql: "PRAGMA recursive_triggers = \(recursiveTriggers ? "ON" : "OFF")")
      try db.inTransaction {
        try db.execute(sql: sql)
        return .commit
      }
    }
  }

  func triggers(_ path: String) throws -> [String] {
    let queue = try DatabaseQueue(path: path)
    defer { try? queue.close() }
    return try queue.read { db in
      try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
    }
  }

  /// Each write that touches a row changes the revision; one that touches none leaves it.
  @Test(arguments: [false, true])
  func aDirectSQLWriteChangesTheRevision(recursiveTriggers: Bool) async throws {
    try await withStore { store, path async throws in
      let writes = [
        "UPDATE task SET title = 'Renamed by sqlite3' WHERE id = '\(Samples.readme.idString)'",
        "UPDATE board SET title = 'Board renamed by sqlite3'",
        "UPDATE board SET timeZone = 'UTC', title = 'Twice'",
        "DELETE FROM history WHERE seq = (SELECT max(seq) FROM history)",
        "UPDATE replica SET last_sync = 0",  // no replica row: nothing written, nothing counted
      ]
      for (sql, changes) in zip(writes, [true, true, true, true, false]) {
        let before = try await counter(store)
        try write(path, sql, recursiveTriggers: recursiveTriggers)
        #expect((try await counter(store) != before) == changes, "\(sql)")
      }
      let board = try await store.load()
      #expect(board.tasks.first?.title == "Renamed by sqlite3")
      #expect(board.info == BoardInfo(title: "Twice", timeZoneID: "UTC"))
      #expect(board.history.count == Samples.history.count - 1)
    }
  }

  /// Create and replace write their rows with the counting triggers dropped; they are all back afterwards.
  @Test func createAndReplaceKeepTheTriggers() async throws {
    try await withStore { store, path async throws in
      let made = try triggers(path)
      #expect(made.filter { $0.contains("_revision_") }.count == 14, "\(made)")
      let before = try await counter(store)
      try await store.replace(with: Samples.board)
      #expect(try triggers(path) == made)
      let replaced = try await counter(store)
      #expect(replaced != before)
      try write(path, "UPDATE task SET body = 'by hand'")
      #expect(try await counter(store) != replaced)
    }
  }

  /// A store deleted and made again with the same rows does not repeat an old token.
  @Test func storesMadeAlikeGetDifferentRevisions() async throws {
    try await StoreScratch.with { scratch async throws in
      var tokens: Set<String?> = []
      for name in ["a.sqlite", "b.sqlite"] {
        let store = SQLiteBoardStore(path: scratch.path(name))
        try await store.create(Samples.board)
        tokens.insert(try await store.revision())
      }
      #expect(tokens.count == 2 && !tokens.contains(nil))
    }
  }

  /// A backup restored and written to once, as the store it replaced was since the backup, is not mistaken for
  /// it: with a counter both held the same token, and the build of the restored board was skipped as unchanged.
  @Test func aRestoredBackupWrittenToOnceGetsANewRevision() async throws {
    try await withStore { store, path async throws in
      let backup = path + ".backup"
      try FileManager.default.copyItem(atPath: path, toPath: backup)
      try await store.commit(.add(Samples.newTask(1), at: Samples.at(1)))
      let built = try #require(try await store.revision())
      try FileManager.default.removeItem(atPath: path)
      try FileManager.default.copyItem(atPath: backup, toPath: path)
      try await store.commit(.add(Samples.newTask(2), at: Samples.at(2)))
      #expect(try await store.revision() != built)
      // The same through another tool: two copies, one like write each.
      try write(backup, "UPDATE board SET title = 'Same'")
      let copy = path + ".copy"
      try FileManager.default.copyItem(atPath: backup, toPath: copy)
      try write(backup, "UPDATE task SET body = 'same'")
      try write(copy, "UPDATE task SET body = 'same'")
      let first = try await SQLiteBoardStore(path: backup).revision()
      #expect(try await SQLiteBoardStore(path: copy).revision() != first)
    }
  }

  /// A store whose triggers counted (v6) gets the random ones with its next change, and copies of it part ways.
  @Test func aCountingStoreGetsRandomRevisionsWithItsNextChange() async throws {
    try await StoreScratch.with { scratch async throws in
      let path = scratch.path("board.sqlite")
      let queue = try DatabaseQueue(path: path)
      try SQLiteSchema.migrator.migrate(queue, upTo: "v6")
      try await queue.write { db in
        try db.execute(sql: "INSERT INTO board (id, title, timeZone) VALUES (1, 'Old', 'UTC')")
      }
      try queue.close()
      let copy = scratch.path("copy.sqlite")
      try FileManager.default.copyItem(atPath: path, toPath: copy)
      var tokens: [String] = []
      for file in [path, copy] {
        let store = SQLiteBoardStore(path: file)
        try await store.commit(.add(Samples.newTask(1), at: Samples.at(1)))
        tokens.append(try #require(try await store.revision()))
      }
      #expect(tokens[0] != tokens[1])
      let reader = try DatabaseQueue(path: path)
      let counting = try await reader.read { db in
        try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND sql LIKE '%+ 1%'")
      }
      try reader.close()
      #expect(counting.isEmpty, "\(counting)")
      #expect(try triggers(path).filter { $0.contains("_revision_") }.count == 14)
    }
  }

  /// A store made before the counter (v4) reads without one, untouched, and its next change adds it.
  @Test func anOlderStoreGetsTheCounterWithItsNextChange() async throws {
    try await StoreScratch.with { scratch async throws in
      let path = scratch.path("board.sqlite")
      let queue = try DatabaseQueue(path: path)
      try SQLiteSchema.migrator.migrate(queue, upTo: "v4")
      try await queue.write { db in
        try db.execute(sql: "INSERT INTO board (id, title, timeZone) VALUES (1, 'Old', 'UTC')")
      }
      try queue.close()
      let bytes = FileManager.default.contents(atPath: path)
      let store = SQLiteBoardStore(path: path)
      #expect(try await store.revision() == nil)
      #expect(FileManager.default.contents(atPath: path) == bytes)
      try await store.commit(.add(Samples.newTask(1), at: Samples.at(1)))
      let first = try await counter(store)
      try write(path, "UPDATE board SET title = 'Renamed'")
      let renamed = try await counter(store)
      #expect(renamed != first)
      try await store.commit(.add(Samples.newTask(2), at: Samples.at(2)))
      #expect(try await counter(store) != renamed)
    }
  }

  /// A replica's build shows when it last synced and whether changes wait to be pushed: both change the revision.
  @Test func aReplicasSyncsAndPendingChangesChangeTheRevision() async throws {
    try await StoreScratch.with { scratch async throws in
      let (remote, replica, path) = try await scratch.sampleReplica()
      var last = try #require(try await replica.revision())
      func expectChanged(_ what: String) async throws {
        let token = try #require(try await replica.revision())
        #expect(token != last, "\(what) kept the revision")
        _ = try await replica.replicaState()
        _ = try await replica.pendingChanges()
        #expect(try await replica.revision() == token, "reading the replica's state after \(what)")
        last = token
      }
      // Nothing to push or pull: the sync only notes when it ran, which the offline note shows.
      _ = try await replica.sync(with: remote, at: Samples.at(50))
      try await expectChanged("a sync with nothing to do")
      try await replica.commit(.add(Samples.newTask(1), at: Samples.at(51)))
      #expect(try await replica.replicaState()?.pendingCount == 1)
      try await expectChanged("recording a pending change")
      // The pending list alone, and the replica's row alone.
      try write(path, "UPDATE pending SET change = change")
      try await expectChanged("a write to the pending list")
      try write(path, "UPDATE replica SET last_sync = last_sync")
      try await expectChanged("a write to the replica's row")
      try await remote.commit(.add(Samples.newTask(2), at: Samples.at(52)))
      #expect(try await replica.sync(with: remote, at: Samples.at(53)).pushed == 1)
      try await expectChanged("a sync that pushed and pulled")
      #expect(try await replica.replicaState()?.pendingCount == 0)
    }
  }
}
