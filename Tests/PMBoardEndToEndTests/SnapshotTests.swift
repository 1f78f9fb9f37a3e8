import Foundation
import GRDB
import PMBoardCLI
import PMBoardCore
import PMBoardSite
import PMBoardStore
import PMBoardTestSupport
import Testing

/// `snapshot()` is the build's read path: it must show exactly the board `load()` reads, on every backend, and
/// treat rows pmboard never wrote the way `load()` does.
@Suite("board snapshot")
struct SnapshotTests {
  typealias Samples = StoreSamples

  @Test(arguments: StoreBackend.tested)
  func snapshotShowsWhatLoadReads(_ backend: StoreBackend) async throws {
    try await StoreScratch.with { scratch async throws in
      let store = backend.store(at: scratch.path(backend.fileName))
      try await store.create(Samples.board)
      let snapshot = try await store.snapshot()
      #expect(snapshot.lines == BoardSnapshot(Samples.board).lines)
      #expect(snapshot.info == Samples.board.info)
      #expect(snapshot.taskCount == 3)
      #expect(snapshot.historyCount == Samples.history.count)
    }
  }

  @Test
  func aLongHistoryIsReadOnASecondConnectionInOrder() async throws {
    // 20,000 entries and more are read beside the tasks; the result must not depend on it.
    let history = (0..<20_500).map { n in
      HistoryEntry(
        at: Samples.at(n), action: n % 4 == 1 ? .edited : .added, taskID: Samples.id(n), title: "Entry \(n) <&>",
        to: n % 4 == 1 ? nil : .todo, fields: n % 4 == 1 ? [.body, .title] : [])
    }
    let board = Board(info: Samples.board.info, tasks: Samples.board.tasks, history: history)
    try await StoreScratch.with { scratch async throws in
      let store = SQLiteBoardStore(path: scratch.path("board.sqlite"))
      try await store.create(board)
      #expect(try await store.snapshot().lines == BoardSnapshot(board).lines)
    }
  }

  @Test
  func rowsWrittenByOtherToolsReadAsLoadReadsThem() async throws {
    try await withSampleStore(
      edited: { db in
        // An upper-case id and a title that is not valid UTF-8 (a lone continuation byte).
        try db.execute(sql: "UPDATE task SET id = upper(id) WHERE title = 'Write README'")
        try db.execute(sql: "UPDATE task SET title = CAST(X'41804243' AS TEXT) WHERE state = 'doing'")
        try db.execute(sql: "UPDATE history SET title = CAST(X'80' AS TEXT) WHERE seq = 1")
      }
    ) { store in
      let loaded = try await store.load()
      #expect(loaded.tasks.contains { $0.title == "A\u{FFFD}BC" })
      #expect(try await store.snapshot().lines == BoardSnapshot(loaded).lines)
    }
  }

  @Test(arguments: [
    ("UPDATE task SET state = 'later' WHERE state = 'doing'", "has state \"later\""),
    ("UPDATE task SET due = '2026-13-01' WHERE due IS NOT NULL", "has due date \"2026-13-01\""),
    ("UPDATE task SET id = 'not-a-uuid' WHERE state = 'done'", "task id \"not-a-uuid\" is not a UUID"),
    ("UPDATE history SET task = 'x' WHERE seq = 2", "names task \"x\", which is not a UUID"),
  ])
  func damagedRowsFailTheSnapshotLikeTheLoad(_ sql: String, _ message: String) async throws {
    try await withSampleStore(
      edited: { db in
        // Damage SQLite would refuse: without the CHECKs and the row triggers (a store as an older pmboard left it).
        try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
        for name in ["task_rows_insert", "task_rows_update", "history_rows_insert", "history_rows_update"] {
          try db.execute(sql: "DROP TRIGGER \(name)")
        }
        try db.execute(sql: sql)
      }
    ) { store in
      for read in [{ _ = try await store.load() }, { _ = try await store.snapshot() }] as [() async throws -> Void] {
        let error = await storeError(read)
        #expect(error.map { "\($0)" }?.contains(message) == true, "\(String(describing: error))")
      }
    }
  }

  /// A store of the sample board in a scratch directory, changed behind pmboard's back by `edit` (as another
  /// tool would), handed to `body`.
  private func withSampleStore(
    edited edit: (Database) throws -> Void, _ body: (SQLiteBoardStore) async throws -> Void
  ) async throws {
    try await StoreScratch.with { scratch async throws in
      let path = scratch.path("board.sqlite")
      let store = SQLiteBoardStore(path: path)
      try await store.create(Samples.board)
      try Self.edit(path, edit)
      try await body(store)
    }
  }

  private static func edit(_ path: String, _ body: (Database) throws -> Void) throws {
    let queue = try DatabaseQueue(path: path)
    try queue.writeWithoutTransaction { db in try body(db) }
    try queue.close()
  }
}

extension BoardSnapshot {
  /// Every record as one line of text, to compare two snapshots.
  var lines: [String] {
    tasks.records.map {
      let text = tasks.text
      return "task \(text.string($0.id)) \(text.string($0.title)) | \(text.string($0.body)) | "
        + "\($0.due?.description ?? "-") \($0.state)"
    }
      + history.records.map {
        let fields = history.fields[Int($0.fieldsStart)..<Int($0.fieldsStart + $0.fieldsCount)]
        return "entry \($0.at) \($0.action) \(history.text.string($0.title)) \(String(describing: $0.from)) "
          + "\(String(describing: $0.to)) \(fields.map(\.rawValue)) by \(history.text.string($0.author)) "
          + "\(String(describing: $0.resolution))"
      }
  }
}
