import Foundation
import GRDB
import PMBoardCore
import PMBoardStore
import PMBoardTestSupport
import Testing

/// A history entry's title obeys the rules of a task's title on import (issue 31): a control character in one made
/// every later build fail, and export → import carried it along.
@Suite("history titles on import")
struct HistoryTitleImportTests {
  typealias Samples = StoreSamples

  /// The sample board as a pmboard/1 file, its second history entry titled `title`.
  func file(historyTitle title: String) -> Data {
    var board = Samples.board
    board.history[1].title = title
    return InterchangeWriter().data(for: board)
  }

  func problems(_ data: Data) -> [String] { interchangeProblems(data) }

  @Test func aHistoryTitleWithAControlCharacterIsRefusedByItsEntry() {
    #expect(
      problems(file(historyTitle: "Bell\u{07}")) == [
        "history[1].title: the title has the control character U+0007; remove it"
      ])
    #expect(problems(file(historyTitle: "NUL\u{0}")).first?.hasPrefix("history[1].title: ") == true)
    #expect(
      problems(file(historyTitle: "two\nlines")).first?.hasPrefix("history[1].title: the title has a line break")
        == true)
  }

  @Test func aHistoryTitleOverTheLimitIsRefused() {
    let long = String(repeating: "x", count: TaskRules.titleByteLimit + 1)
    #expect(
      problems(file(historyTitle: long)) == [
        "history[1].title: the title is 1001 bytes of UTF-8; at most 1000 are allowed"
      ])
    #expect(problems(file(historyTitle: String(repeating: "y", count: TaskRules.titleLimit + 1))).count == 1)
  }

  @Test func aHistoryTitleIsTrimmedAndKeptOtherwise() throws {
    let board = try InterchangeReader().board(from: file(historyTitle: "  Spaced  "), source: "in.json")
    #expect(board.history[1].title == "Spaced")
    #expect(
      try InterchangeReader().board(from: file(historyTitle: "Plain"), source: "in.json").history[1].title == "Plain")
  }

  /// A missing title reads as empty (older files), so an empty one does too: the writer writes the missing one as
  /// `""`, and the export must read back (the import fuzzer's finding `history-title-missing-then-empty.json`).
  @Test func anEmptyHistoryTitleReadsLikeAMissingOneAndRoundTrips() throws {
    let board = try InterchangeReader().board(from: file(historyTitle: ""), source: "in.json")
    #expect(board.history[1].title == "")
    let again = try InterchangeReader().board(from: InterchangeWriter().data(for: board), source: "again.json")
    #expect(again.history == board.history)
  }

  /// What the build advises for a store that already holds such a title works: the export names the entry when
  /// imported as it is, and imports once the title is fixed in the file.
  @Test func aStoreHoldingABadHistoryTitleIsRepairedByExportFixImport() async throws {
    try await StoreScratch.with { scratch async throws in
      let path = scratch.path("board.sqlite")
      let store = SQLiteBoardStore(path: path)
      try await store.create(Samples.board)
      let queue = try DatabaseQueue(path: path)
      try await queue.write { db in
        try db.execute(sql: "UPDATE history SET title = 'Bad' || char(7) WHERE seq = 2")
      }
      try queue.close()
      let exported = InterchangeWriter().data(for: try await store.load())
      let found = problems(exported)
      #expect(found == ["history[1].title: the title has the control character U+0007; remove it"])
      let fixed = Data(
        String(decoding: exported, as: UTF8.self).replacingOccurrences(of: "Bad\\u0007", with: "Good").utf8)
      #expect(fixed != exported, "the writer escapes U+0007 as \\u0007")
      try await store.replace(with: try InterchangeReader().board(from: fixed, source: "fixed.json"))
      #expect(try await store.load().history[1].title == "Good")
    }
  }
}
