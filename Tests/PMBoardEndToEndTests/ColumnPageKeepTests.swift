import Foundation
import PMBoardTestSupport
import Testing

/// A column page (and the overdue page) is kept by a fingerprint of its cards and its page-level words: a change in
/// another column does not render it again; a change of its own cards, of the day, the theme or a setting does.
@Suite struct ColumnPageKeepTests {
  private static func board() -> String {
    // Task n is in column n % 3: todo, doing, done.
    let cards = (1...30).map { n in
      BoardFixture.Card(
        id: BoardFixture.id(n), title: "task \(n)", due: "2026-11-2\(n % 10)", state: ["todo", "doing", "done"][n % 3])
    }
    return BoardFixture.json(cards: cards)
  }

  private static func build(_ cli: CLIRunner, _ today: String) throws {
    let result = try cli.run("build", "--today", today)
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test func aColumnPageIsRenderedAgainOnlyWhenItsInputsChange() throws {
    let cli = try CLIRunner.importing(Self.board())
    defer { cli.remove() }
    try cli.write("pmboard.yml", "live-dates: true\n")
    let done = KeptPage("_site/en/done.html", in: cli)
    func build(_ today: String = "2026-11-21") throws { try Self.build(cli, today) }
    try build()
    try done.mark()
    // No due date: with one, the live dates' due counts on every page change.
    #expect(try cli.run("add", "in todo").status == 0)
    try build()
    #expect(try done.isKept, "a task added to another column does not render it")
    #expect(try cli.run("move", BoardFixture.id(1), "done").status == 0)
    try build()
    #expect(try !done.isKept && cli.read(done.page).contains("task 1"), "a task moved into it does")
    try done.mark()
    #expect(try cli.run("edit", BoardFixture.id(5), "--title", "task five").status == 0)
    try build()
    #expect(try !done.isKept && cli.read(done.page).contains("task five"), "an edit of one of its tasks does")
    try done.mark()
    try build("2026-11-22")
    #expect(try !done.isKept, "a new day does: the page carries the day for the live-dates script")
    let english = Golden.repositoryRoot.appendingPathComponent("Templates/locales/en.yml").path
    for change in [
      {
        let text = try String(contentsOfFile: english, encoding: .utf8)
        try cli.write("Templates/locales/en.yml", text.replacingOccurrences(of: "done: DONE", with: "done: Done"))
      },
      { try cli.write("pmboard.yml", "live-dates: false\n") },
    ] as [() throws -> Void] {
      #expect(
        try done.isRenderedAgain(after: change) { try build("2026-11-22") },
        "a theme or setting change renders it again")
    }
  }

  @Test func theOverduePageIsRenderedAgainOnlyWhenItsCardsOrDayChange() throws {
    let cli = try CLIRunner.importing(Self.board())
    defer { cli.remove() }
    let overdue = KeptPage("_site/ko/overdue.html", in: cli)
    func build(_ today: String = "2026-11-23") throws { try Self.build(cli, today) }
    try build()
    try overdue.mark()
    #expect(try cli.run("add", "not due", "--due", "2026-12-24").status == 0)
    try build()
    #expect(try overdue.isKept, "a task not overdue does not render it")
    #expect(try cli.run("add", "late", "--due", "2026-11-01").status == 0)
    try build()
    #expect(try !overdue.isKept && cli.read(overdue.page).contains("late"), "an overdue task does")
    try overdue.mark()
    try build("2026-11-24")
    #expect(try !overdue.isKept, "a new day does")
  }

  /// A column no history entry touched says the day, so that an hourly cron build leaves it as it was.
  @Test func aColumnNoEntryTouchedIsAsOfTheDay() throws {
    var cli = try CLIRunner.importing(
      BoardFixture.json(cards: [BoardFixture.Card(id: BoardFixture.id(1), title: "only", state: "todo")]))
    defer { cli.remove() }
    #expect(try cli.run("build").status == 0)
    let done = KeptPage("_site/en/done.html", in: cli)
    #expect(try cli.read(done.page).contains("<p class=\"as-of\">As of November 21, 2026</p>"))
    try done.mark()
    cli.environment["PMBOARD_NOW"] = "2026-11-21T10:00:00Z"
    #expect(try cli.run("add", "another").status == 0)
    #expect(try cli.run("build").status == 0)
    #expect(try done.isKept)
  }
}
