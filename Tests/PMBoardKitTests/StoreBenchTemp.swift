import Foundation
import Testing

@testable import PMBoardKit

// THROWAWAY: measurement for the lead; deleted after use.
@Suite("store bench temp")
struct StoreBenchTemp {
  func time<T>(_ label: String, _ body: () async throws -> T) async rethrows -> T {
    let start = ContinuousClock.now
    let result = try await body()
    let elapsed = ContinuousClock.now - start
    print("BENCH \(label): \(elapsed)")
    return result
  }

  @Test(.enabled(if: ProcessInfo.processInfo.environment["PMBOARD_BENCH_FILE"] != nil))
  func bench() async throws {
    let file = ProcessInfo.processInfo.environment["PMBOARD_BENCH_FILE"]!
    let data = try Data(contentsOf: URL(fileURLWithPath: file))
    let board = try await time("interchange read") { try InterchangeReader().board(from: data, source: file) }
    print("BENCH tasks \(board.tasks.count) history \(board.history.count)")
    try await StoreScratch.with { scratch async throws in
      let sqlitePath = scratch.path("b.sqlite")
      let sqlite = SQLiteBoardStore(path: sqlitePath)
      try await sqlite.create(Board(info: board.info))
      try await time("sqlite replace(with:) into fresh store") { try await sqlite.replace(with: board) }
      for run in 1...3 {
        let loaded = try await time("sqlite load #\(run)") { try await sqlite.load() }
        #expect(loaded == board)
      }
      try await time("sqlite info") { _ = try await sqlite.info() }
      try await time("sqlite tasks(withIDPrefix:)") { _ = try await sqlite.tasks(withIDPrefix: "0f") }
      let task = BoardTask(title: "bench", created: Date(timeIntervalSince1970: 1_790_000_000))
      try await time("sqlite commit") { try await sqlite.commit(.add(task, at: task.created)) }
      try await time("sqlite undo") { _ = try await sqlite.undo(at: task.created) }
      let attrs = try FileManager.default.attributesOfItem(atPath: sqlitePath)
      print("BENCH sqlite size \(attrs[.size]!)")

      let created = SQLiteBoardStore(path: scratch.path("c.sqlite"))
      try await time("sqlite create(board)") { try await created.create(board) }

      let jsonPath = scratch.path("b.json")
      let json = JSONBoardStore(path: jsonPath)
      try await time("json create(board)") { try await json.create(board) }
      for run in 1...2 {
        let loaded = try await time("json load #\(run)") { try await json.load() }
        #expect(loaded == board)
      }
      try await time("json commit") { try await json.commit(.add(task, at: task.created)) }
      try await time("json replace(with:)") { try await json.replace(with: board) }
    }
  }
}

extension StoreBenchTemp {
  @Test(.enabled(if: ProcessInfo.processInfo.environment["PMBOARD_BENCH_SQLITE"] != nil))
  func benchLoadOnly() async throws {
    let path = ProcessInfo.processInfo.environment["PMBOARD_BENCH_SQLITE"]!
    let store = SQLiteBoardStore(path: path)
    if !FileManager.default.fileExists(atPath: path) {
      let file = ProcessInfo.processInfo.environment["PMBOARD_BENCH_FILE"]!
      let board = try InterchangeReader().board(from: try Data(contentsOf: URL(fileURLWithPath: file)), source: file)
      try await store.create(Board(info: board.info))
      try await time("sqlite replace") { try await store.replace(with: board) }
      return
    }
    for run in 1...5 {
      _ = try await time("sqlite load #\(run)") { try await store.load() }
    }
  }
}

import GRDB

extension StoreBenchTemp {
  @Test(.enabled(if: ProcessInfo.processInfo.environment["PMBOARD_BENCH_PHASES"] != nil))
  func benchPhases() async throws {
    let file = ProcessInfo.processInfo.environment["PMBOARD_BENCH_FILE"]!
    let board = try InterchangeReader().board(from: try Data(contentsOf: URL(fileURLWithPath: file)), source: file)
    let cache = ProcessInfo.processInfo.environment["PMBOARD_BENCH_PHASES"]!
    try await StoreScratch.with { scratch async throws in
      let path = scratch.path("p.sqlite")
      try await SQLiteBoardStore(path: path).create(Board(info: board.info))
      var config = Configuration()
      config.busyMode = .timeout(60)
      let pool = try DatabasePool(path: path, configuration: config)
      try await time("phases total") {
        try await pool.write { db in
          if cache != "0" { try db.execute(sql: "PRAGMA cache_size = \(cache)") }
          let t = SQLiteTransaction(db: db)
          let s1 = ContinuousClock.now
          for task in board.tasks { try t.insert(task) }
          print("BENCH tasks insert \(ContinuousClock.now - s1)")
          let s2 = ContinuousClock.now
          for entry in board.history { try t.appendHistory(entry) }
          print("BENCH history insert \(ContinuousClock.now - s2)")
          let s3 = ContinuousClock.now
          var n = 0
          for entry in board.history { n &+= SQLiteRecords.entryArguments(entry).isEmpty ? 0 : 1 }
          for task in board.tasks { n &+= SQLiteRecords.taskArguments(task).isEmpty ? 0 : 1 }
          print("BENCH arguments only \(ContinuousClock.now - s3) \(n)")
        }
      }
      try await time("close (checkpoint)") { try pool.close() }
    }
  }
}
