import Foundation
import PMBoardTestSupport
import Testing

/// Issue 57, item 6: a cron run over an unchanged board writes nothing, so a mirror sees only real changes. "As
/// of" is the time of the last published change, the build's key holds the day and not the time, and a new day
/// rewrites only the pages whose content moves with the day.
@Suite("cron rebuilds")
struct CronRebuildTests {
  private static func board() -> String {
    let cards = (1...30).map { n in
      BoardFixture.Card(
        id: BoardFixture.id(n), title: "task \(n)", due: n % 5 == 0 ? "2026-11-19" : "2027-03-0\(n % 9 + 1)",
        state: ["todo", "doing", "done"][n % 3])
    }
    let history = (1...30).map { n in
      """
      { "at": "2026-11-01T09:\(String(format: "%02d", n)):00Z", "action": "added", "task": "\(BoardFixture.id(n))",
        "title": "task \(n)", "to": "todo" }
      """
    }
    return BoardFixture.json(timeZone: "Asia/Seoul", cards: cards, history: history.joined(separator: ",\n"))
  }

  @Test(arguments: CLIRunner.storeFiles)
  func aSameDayRunOverAnUnchangedBoardWritesNothing(_ store: String) throws {
    var cli = try CLIRunner.importing(Self.board(), store: store)
    defer { cli.remove() }
    cli.environment["PMBOARD_NOW"] = "2026-11-21T01:00:00Z"
    #expect(try cli.run("build").status == 0)
    let before = try SiteStamps.of(cli.path("_site"))
    // Nine hours on, the same day in Seoul: a cron run.
    cli.environment["PMBOARD_NOW"] = "2026-11-21T10:00:00Z"
    let again = try cli.run("build")
    #expect(again.status == 0, "\(again.stderr)")
    #expect(SiteStamps.rewritten(before, try SiteStamps.of(cli.path("_site"))) == [])
    // The same with every page rendered and compared (`--verify` takes no shortcut): the bytes are the same.
    cli.environment["PMBOARD_NOW"] = "2026-11-21T11:00:00Z"
    #expect(try cli.run("build", "--verify").status == 0)
    #expect(SiteStamps.rewritten(before, try SiteStamps.of(cli.path("_site"))) == [])
    // "As of" is the last change's time (09:30 UTC is 18:30 in Seoul), not the build's.
    let index = try String(contentsOfFile: cli.path("_site/en/index.html"), encoding: .utf8)
    #expect(index.contains("2026-11-01T09:30:00Z"), "as of the last change")
    #expect(!index.contains("2026-11-21T01:00:00Z") && !index.contains("2026-11-21T11:00:00Z"))
  }

  @Test func aNewDayRewritesOnlyThePagesThatMoveWithTheDay() throws {
    var cli = try CLIRunner.importing(Self.board())
    defer { cli.remove() }
    cli.environment["PMBOARD_NOW"] = "2026-11-21T01:00:00Z"
    #expect(try cli.run("build").status == 0)
    let before = try SiteStamps.of(cli.path("_site"))
    cli.environment["PMBOARD_NOW"] = "2026-11-22T01:00:00Z"
    #expect(try cli.run("build").status == 0)
    let files = SiteStamps.rewritten(before, try SiteStamps.of(cli.path("_site")))
    #expect(!files.isEmpty, "the overdue pages say the day")
    // No task's own page, no history page and no feed of changes moves with the day alone.
    #expect(files.filter { $0.contains("/tasks/") || $0.contains("history") } == [])
  }
}
