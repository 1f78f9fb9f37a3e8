import Foundation
import PMBoardTestSupport
import Testing

/// End-to-end, without a browser: what a `live-dates: true` build gives its script, so that on a later day the
/// counts and the overdue list of a page agree, and the age note can say days (issue 31, item 13). The browser
/// half is ``LiveDatesBrowserTests``.
@Suite("live dates on the built pages")
struct LiveDatesPageTests {
  static let cards = [
    BoardFixture.Card(id: BoardFixture.id(1), title: "Overdue", due: "2026-11-20"),
    BoardFixture.Card(id: BoardFixture.id(2), title: "Due today", due: "2026-11-21", state: "doing"),
    BoardFixture.Card(id: BoardFixture.id(3), title: "Due tomorrow", due: "2026-11-22"),
    BoardFixture.Card(id: BoardFixture.id(4), title: "Done late", due: "2026-11-20", state: "done"),
  ]

  static func cardTags(_ html: String) -> [String] {
    html.components(separatedBy: "<li class=\"card").dropFirst().map { String($0.prefix { $0 != ">" }) }
  }

  /// The overdue page lists every open task with a due date, those not overdue at the build hidden, and its
  /// heading count is one the script updates: three days on, its list, heading and nav say the same number.
  @Test func overduePageListsTheTasksALaterDayMakesOverdue() throws {
    let cli = try CLIRunner.importing(BoardFixture.json(cards: Self.cards))
    defer { cli.remove() }
    try cli.write("pmboard.yml", "live-dates: true\n")
    #expect(try cli.run("build", "--today", "2026-11-21").status == 0)
    let page = try cli.read("_site/en/overdue.html")
    #expect(page.contains(#"<h2 id="overdue-heading">Overdue <span class="count" data-live="overdue-count">1</span>"#))
    #expect(page.contains(#"<ul class="cards" data-live="overdue-list">"#))
    let cards = Self.cardTags(page)
    #expect(cards.count == 3, "every open task with a due date: \(cards)")
    #expect(cards.filter { $0.contains(" hidden ") }.count == 2, "the ones not overdue yet are hidden: \(cards)")
    #expect(cards.allSatisfy { !$0.contains(BoardFixture.id(4)) }, "a done task is never overdue")
    #expect(cards.first { $0.contains(BoardFixture.id(1)) }?.contains("hidden") == false)
    #expect(try cli.read("_site/en/index.html").contains(#"data-t-age-days="Updated {days} days ago""#))
    #expect(try cli.read("_site/ko/index.html").contains(#"data-t-age-days="{days}일 전에 만든 페이지""#))
    #expect(try cli.read("_site/ja/index.html").contains(#"data-t-age-days="{days}日前に作成されたページ""#))
    // A --today build has no instant for "updated … ago": the script counts days from its day.
    let board = try cli.read("_site/en/index.html")
    #expect(board.contains(#"data-today="2026-11-21""#) && !board.contains("data-built="))
    #expect(board.contains(#"data-live="age" hidden"#))

    // Nothing overdue at the build: the list is there (hidden cards) for the script, the note too.
    #expect(try cli.run("build", "--today", "2026-11-19").status == 0)
    let early = try cli.read("_site/en/overdue.html")
    #expect(Self.cardTags(early).count == 3 && Self.cardTags(early).allSatisfy { $0.contains(" hidden ") })
    #expect(early.contains(#"<p class="empty" data-live="overdue-empty">"#))
  }

  /// Without live dates the overdue page is as before: its overdue cards only, no hidden ones.
  @Test func withoutLiveDatesTheOverduePageListsOnlyOverdueTasks() throws {
    let cli = try CLIRunner.importing(BoardFixture.json(cards: Self.cards))
    defer { cli.remove() }
    #expect(try cli.run("build", "--today", "2026-11-21").status == 0)
    let page = try cli.read("_site/en/overdue.html")
    #expect(Self.cardTags(page).count == 1)
    // Nothing hidden but the search field, which its script shows.
    let hidden = page.components(separatedBy: " hidden ").count + page.components(separatedBy: " hidden>").count - 2
    #expect(hidden == 1 && page.contains("role=\"search\" hidden"))
    #expect(!page.contains("data-live=\"overdue-list\""))
  }
}
