import Foundation
import PMBoardCore
import PMBoardTestSupport
import Testing

/// A capped DONE column leads with the most recently done tasks, each card says when it was done, and what a reader
/// should find (done this week) is on the board page.
@Suite("column leads")
struct ColumnLeadTests {
  /// 60 done tasks, task n moved to DONE on day n of the 60 days before 2026-11-21 (Seoul), so the ones done last
  /// have the earliest due dates and board order would show them last; task 61 done by an entry a sync lost.
  static func board() -> String {
    var cards: [BoardFixture.Card] = []
    var history: [String] = []
    let start = Date(timeIntervalSince1970: 1_790_035_200)  // 2026-09-22T00:00:00Z
    for n in 1...61 {
      cards.append(
        BoardFixture.Card(
          id: BoardFixture.id(n), title: "done \(n)", due: "2026-12-\(String(format: "%02d", 31 - n % 30))",
          state: "done"))
      let at = Instant.format(start.addingTimeInterval(Double(min(n, 60)) * 86_400 - 3_600))
      let lost = n == 61 ? ", \"resolution\": \"lost\"" : ""
      history.append(
        """
        { "at": "\(at)", "action": "moved", "task": "\(BoardFixture.id(n))", "title": "done \(n)", "from": "doing",
          "to": "done"\(lost) }
        """)
    }
    return BoardFixture.json(timeZone: "Asia/Seoul", cards: cards, history: history.joined(separator: ",\n"))
  }

  @Test func aCappedDoneColumnShowsTheMostRecentlyDoneFirst() throws {
    let cli = try CLIRunner.importing(Self.board())
    defer { cli.remove() }
    let result = try cli.run("build", "--today", "2026-11-21")
    #expect(result.status == 0, "\(result.stderr)")
    let board = try cli.read("_site/en/index.html")
    let done = try #require(
      board.components(separatedBy: "<section class=\"column done\"").last?.components(separatedBy: "</section>")
        .first)
    let titles = done.components(separatedBy: "<bdi>").dropFirst().compactMap {
      $0.components(separatedBy: "</bdi>").first
    }
    #expect(titles == (11...60).reversed().map { "done \($0)" }, "the 50 done last, newest first")
    // Days 54–60 are the last seven days (2026-11-15 to 2026-11-21 in Seoul).
    #expect(done.contains("<p class=\"lead-note\">Most recently done first (7 this week)</p>"))
    #expect(done.contains("<div class=\"done-on\">Done <time datetime=\"2026-11-21\">November 21, 2026</time></div>"))
    // The column page shows every card's day, newest first; the lost change gives none.
    let column = try cli.read("_site/ko/done.html")
    #expect(column.components(separatedBy: "class=\"done-on\"").count == 61)
    let task = try cli.read("_site/ja/tasks/\(BoardFixture.id(60)).html")
    #expect(task.contains("<dt>完了</dt>\n<dd><time datetime=\"2026-11-21\">"))
  }

  @Test func aMoveToDoneMovesTheDoneDayOnTheKeptColumnPage() throws {
    let cli = try CLIRunner.importing(Self.board())
    defer { cli.remove() }
    #expect(try cli.run("build", "--today", "2026-11-21").status == 0)
    let before = try cli.read("_site/en/done.html")
    var later = cli
    later.environment["PMBOARD_NOW"] = "2026-11-22T03:00:00Z"
    #expect(try later.run("move", BoardFixture.id(5), "doing").status == 0)
    #expect(try later.run("move", BoardFixture.id(5), "done").status == 0)
    #expect(try later.run("build", "--today", "2026-11-22").status == 0)
    let after = try cli.read("_site/en/done.html")
    #expect(after != before)
    #expect(after.contains("<time datetime=\"2026-11-22\">November 22, 2026</time>"))
  }
}
