import Foundation
import PMBoardTestSupport
import Testing

/// End-to-end: the due-soon warning (`due-soon`, 3 days by default) on cards, in the header and on its page.
@Suite("due soon")
struct DueSoonTests {
  /// The demo on 2026-11-21: five open tasks fall due in the next three days.
  @Test func cardsTheHeaderAndThePageSayWhatIsDueSoon() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    #expect(try cli.run("build", "--demo", "--today", "2026-11-21").status == 0)
    let board = try cli.read("_site/en/index.html")
    let link = "<a href=\"due-soon.html\">Due soon <span class=\"count\" data-live=\"soon-count\">5</span>"
    #expect(board.contains(link))
    #expect(board.contains("<strong class=\"flag\">Due tomorrow</strong>"))
    #expect(board.contains("<strong class=\"flag\">Due in 3 days</strong>"))
    #expect(!board.contains("Due in 4 days"), "past the window")
    let page = try cli.read("_site/en/due-soon.html")
    #expect(page.components(separatedBy: "<li class=\"card due-soon\"").count == 6)
    #expect(try cli.read("_site/ko/index.html").contains("<strong class=\"flag\">2일 후 마감</strong>"))
    #expect(try cli.read("_site/ja/index.html").contains("<strong class=\"flag\">明日が期限</strong>"))
  }

  @Test func aWiderWindowOrNoneAndBadValues() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    #expect(try cli.run("build", "--demo", "--today", "2026-11-21", "--due-soon", "7").status == 0)
    #expect(try cli.read("_site/en/index.html").contains("Due in 7 days"))
    #expect(try cli.run("build", "--demo", "--today", "2026-11-21", "--due-soon", "0").status == 0)
    #expect(!FileManager.default.fileExists(atPath: cli.path("_site/en/due-soon.html")))
    #expect(!(try cli.read("_site/en/index.html")).contains("due-soon"))
    try cli.write("pmboard.yml", "due-soon: 400\n")
    let bad = try cli.run("build", "--demo")
    #expect(bad.status != 0)
    #expect(bad.stderr.contains("pmboard.yml:1:1: `due-soon` takes a number of days from 0 to 365, not \"400\""))
  }
}
