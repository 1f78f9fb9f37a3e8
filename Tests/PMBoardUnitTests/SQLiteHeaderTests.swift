import Foundation
import PMBoardStore
import PMBoardTestSupport
import Testing

/// The header check that runs before SQLite opens a store.
@Suite("SQLite header")
struct SQLiteHeaderTests {
  /// A store cut short is refused, the retry for a checkpoint in progress notwithstanding; a whole one passes.
  @Test func aStoreCutShortIsRefusedAndAWholeOnePasses() async throws {
    try await StoreScratch.with { scratch async throws in
      let path = scratch.path("board.sqlite")
      try await SQLiteBoardStore(path: path).create(StoreSamples.board)
      #expect(throws: Never.self) { try SQLiteHeader.check(path: path) }
      let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
      #expect(truncate(path, off_t(size / 2)) == 0)
      #expect {
        try SQLiteHeader.check(path: path)
      } throws: { error in
        "\(error)".contains("truncated")
      }
    }
  }
}
