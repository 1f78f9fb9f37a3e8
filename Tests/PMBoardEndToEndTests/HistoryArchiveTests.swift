import Foundation
import PMBoardTestSupport
import Testing

/// A full history page that is not the newest (an archive) is kept by a fingerprint of its entries: a rebuild
/// leaves it without rendering it, until its entries, the theme, a setting or the binary change.
@Suite struct HistoryArchiveTests {
  private static let page = "_site/ko/history-1.html"

  @Test func anArchiveIsRenderedAgainOnlyWhenItsInputsChange() throws {
    let cli = try CLIRunner.importing(BoardFixture.json(cards: [], history: SiteBuildTests.historyEntries(2000)))
    defer { cli.remove() }
    try cli.write("pmboard.yml", "live-dates: true\n")
    #expect(try cli.run("build", "--today", "2026-11-21").status == 0)
    let archive = KeptPage(Self.page, in: cli)
    try archive.mark()
    #expect(try cli.run("add", "One more", "--due", "2026-11-20").status == 0)
    #expect(try cli.run("build", "--today", "2026-11-22").status == 0)
    #expect(try archive.isKept, "a new entry, a new overdue task and a new day do not render it")
    #expect(try !cli.read(Self.page).contains("data-today"), "it carries nothing that changes with the day")
    let history = Golden.repositoryRoot.appendingPathComponent("Templates/history.mustache").path
    let korean = Golden.repositoryRoot.appendingPathComponent("Templates/locales/ko.yml").path
    for change in [
      { try cli.write("Templates/history.mustache", try String(contentsOfFile: history, encoding: .utf8) + "\n") },
      {
        let text = try String(contentsOfFile: korean, encoding: .utf8)
        try cli.write("Templates/locales/ko.yml", text.replacingOccurrences(of: "변경 기록", with: "기록"))
      },
      { try cli.write("pmboard.yml", "live-dates: true\nbase-url: https://example.org/b/\n") },
    ] as [() throws -> Void] {
      let renderedAgain = try archive.isRenderedAgain(after: change) {
        let result = try cli.run("build", "--today", "2026-11-22")
        #expect(result.status == 0, "\(result.stderr)")
      }
      #expect(renderedAgain, "a theme or setting change renders it again")
    }
  }

  /// Each value an archived entry shows is in the archive's fingerprint: a store edited by another program (here
  /// Python's sqlite3) renders the archive again for a change of any one of them, and for nothing else.
  @Test func anEditedArchivedEntryRendersItsArchiveAgain() throws {
    let cli = try CLIRunner.importing(BoardFixture.json(cards: [], history: SiteBuildTests.historyEntries(2000)))
    defer { cli.remove() }
    #expect(try cli.run("build", "--today", "2026-11-21").status == 0)
    let archive = KeptPage(Self.page, in: cli)
    for update in [
      "title = 'entry 10!'", "author = 'mina'", "at = at + 60", "action = 'removed'", "\"to\" = 'doing'",
      "\"from\" = 'todo'", "fields = 'title'", "resolution = 'merged'", "task = '\(BoardFixture.id(2))'",
    ] {
      let renderedAgain = try archive.isRenderedAgain(
        after: {
          let script = "import sqlite3, sys; c = sqlite3.connect('board.sqlite'); c.execute(sys.argv[1]); c.commit()"
          let sql = "UPDATE history SET \(update) WHERE seq = 10"
          let edited = try cli.run("/usr/bin/env", "python3", "-c", script, sql)
          #expect(edited.status == 0, "\(edited.stderr)")
        },
        build: {
          let result = try cli.run("build", "--today", "2026-11-21")
          #expect(result.status == 0, "\(result.stderr)")
        })
      #expect(renderedAgain, "\(update)")
    }
    try archive.mark()
    #expect(try cli.run("build", "--today", "2026-11-21").status == 0)
    #expect(try archive.isKept, "a rebuild with nothing changed keeps it")
  }

  /// What an archive's template is offered of the board as a whole is empty, since the page is not rendered again
  /// when the board changes.
  @Test func anArchiveTemplateSeesNothingOfTheWholeBoard() throws {
    let cli = try CLIRunner.importing(BoardFixture.json(cards: [], history: SiteBuildTests.historyEntries(2000)))
    defer { cli.remove() }
    let history = try String(
      contentsOfFile: Golden.repositoryRoot.appendingPathComponent("Templates/history.mustache").path,
      encoding: .utf8)
    try FileManager.default.createDirectory(atPath: cli.path("Templates"), withIntermediateDirectories: true)
    try cli.write(
      "Templates/history.mustache",
      history.replacingOccurrences(
        of: "</main>", with: "<p>[{{asOf}}|{{summaryHead}}|{{overdueCount}}|{{liveToday}}]</p>\n</main>"))
    let result = try cli.run("build", "--today", "2026-11-21", "--live-dates")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try cli.read("_site/en/history-1.html").contains("<p>[||0|]</p>"))
    #expect(try cli.read("_site/en/history.html").contains("<p>[As of "))
  }
}
