import Foundation
import GRDB
import PMBoardCore
import PMBoardStore
import PMBoardTestSupport
import Testing

/// The rows `create` writes through SQLite's C API (`SQLiteBulkStatement`) against the same rows written through
/// GRDB's `StatementArguments` (`SQLiteRecords.taskArguments` and `entryArguments`, the plain way): every column's
/// value and type alike, NULL and empty text told apart, the sample board's Korean and Japanese text, labels,
/// people, link, sources, resolutions and field lists included. Both take their values from one list
/// (`SQLiteRecords.forEachColumn`), so this holds the two ways of binding them to each other.
@Suite("SQLite bulk insert against GRDB's arguments")
struct SQLiteBulkInsertTests {
  @Test func bulkRowsMatchRowsBoundByGRDB() async throws {
    try await StoreScratch.with { scratch async throws in
      let path = scratch.path("board.sqlite")
      let board = {
        var board = StoreSamples.board
        board.tasks[0].source = TaskSource(name: "github", id: "17")
        return board
      }()
      try await SQLiteBoardStore(path: path).create(board)
      let queue = try DatabaseQueue(path: path)
      defer { try? queue.close() }
      try await queue.write { db in
        for table in ["task", "history"] {
          try db.execute(sql: "CREATE TEMP TABLE plain_\(table) AS SELECT * FROM main.\(table) WHERE 0")
        }
        for task in board.tasks {
          try db.execute(
            sql: SQLiteRecords.insertTask.replacingOccurrences(of: "INTO task", with: "INTO plain_task"),
            arguments: SQLiteRecords.taskArguments(task))
        }
        for entry in board.history {
          try db.execute(
            sql: SQLiteRecords.insertHistory.replacingOccurrences(of: "INTO history", with: "INTO plain_history"),
            arguments: SQLiteRecords.entryArguments(entry))
        }
        for (table, columns, key) in [
          ("task", SQLiteRecords.taskColumns, "id"), ("history", SQLiteRecords.historyColumns, "at, task, action"),
        ] {
          // quote() keeps the type: NULL, 'text' and 12 read differently.
          let quoted = columns.split(separator: ",").map { "quote(\($0.trimmingCharacters(in: .whitespaces)))" }
            .joined(separator: " || '|' || ")
          let bulk = try String.fetchAll(db, sql: "SELECT \(quoted) FROM main.\(table) ORDER BY \(key)")
          let plain = try String.fetchAll(db, sql: "SELECT \(quoted) FROM plain_\(table) ORDER BY \(key)")
          #expect(bulk.count == (table == "task" ? board.tasks.count : board.history.count))
          #expect(bulk == plain, "\(table)")
        }
      }
    }
  }
}
