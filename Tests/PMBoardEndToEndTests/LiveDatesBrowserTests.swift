import Foundation
import PMBoardTestSupport
import Testing

/// End-to-end: a site built by the real binary with `live-dates: true`, read in headless Chromium on later days by
/// `Tests/Scripts/live_dates_check.py` (Selenium, Debian's chromium and chromedriver; `scripts/test` installs them).
/// The board's zone is Asia/Seoul and the browser's own is America/Los_Angeles, so a script that took "today" from
/// the viewer's clock instead of the board's zone would move the marks at the wrong midnight.
@Suite("live dates in a browser", .serialized, .needs(.browser))
struct LiveDatesBrowserTests {
  static let script = Golden.repositoryRoot.appendingPathComponent("Tests/Scripts/live_dates_check.py").path
  static let publicScript = Golden.repositoryRoot.appendingPathComponent("Public/live-dates.js")

  /// The script alone, on the hand-made page of `Tests/Scripts/fixtures/live-dates/` (Seoul, built on the 21st at
  /// 09:00; two of the three tasks due on the 22nd are not on the page, so only data-due-counts knows them).
  @Test func fixturePageAroundSeoulMidnights() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    let result = try cli.run("/usr/bin/env", "python3", Self.script, "--fixture")
    #expect(result.status == 0, "live_dates_check.py --fixture:\n\(result.stdout)\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(!lines.contains { $0.hasPrefix("FAIL") })
    #expect(lines.contains { $0.contains("(2026-11-21T14:59:59Z): the build's day, page exactly as built") })
    #expect(lines.contains { $0.contains("(2026-11-21T15:00:00Z): day 2026-11-22, 3 overdue, 1 due today") })
    #expect(lines.contains { $0.hasSuffix("(2026-11-21T15:00:00Z): overdue-count 3") })
    #expect(lines.contains { $0.hasSuffix("(2026-11-22T15:00:00Z): overdue-count 6") })
    #expect(lines.contains { $0.hasSuffix("(2026-11-22T15:00:00Z): age note shown: 'Updated 39 hours ago'") })
  }

  @Test func seoulBoardReadAroundItsMidnightsFromLosAngeles() throws {
    let cards = [
      BoardFixture.Card(id: BoardFixture.id(1), title: "어제가 마감", due: "2026-11-20"),
      BoardFixture.Card(id: BoardFixture.id(2), title: "今日が期限", due: "2026-11-21", state: "doing"),
      BoardFixture.Card(id: BoardFixture.id(3), title: "Due tomorrow", due: "2026-11-22"),
      BoardFixture.Card(id: BoardFixture.id(4), title: "Done, was due yesterday", due: "2026-11-20", state: "done"),
      BoardFixture.Card(id: BoardFixture.id(5), title: "Due in December", due: "2026-12-01"),
    ]
    // Built at 2026-11-21T09:00:00Z (PMBOARD_NOW, no --today): 18:00 on the 21st in Seoul. "As of" (data-built) is
    // the board's last change, made at that instant here, so the age note counts from it.
    let last = """
      { "at": "2026-11-21T09:00:00Z", "action": "added", "task": "\(BoardFixture.id(5))", "title": "Due in December",
        "to": "todo" }
      """
    let cli = try CLIRunner.importing(BoardFixture.json(timeZone: "Asia/Seoul", cards: cards, history: last))
    defer { cli.remove() }
    try cli.write("pmboard.yml", "live-dates: true\n")
    let build = try cli.run("build")
    try #require(build.status == 0, "\(build.stderr)")

    // The contract, as the page carries it.
    let page = try cli.read("_site/en/index.html")
    #expect(page.contains(#"<script src="../assets/live-dates.js" defer></script>"#))
    #expect(!page.contains("<script>"), "no inline script")
    for attribute in [
      #"data-today="2026-11-21""#, #"data-zone="Asia/Seoul""#, #"data-built="2026-11-21T09:00:00Z""#,
      "data-due-counts=", #"data-due="2026-11-20" data-state="done""#, #"data-live="age" hidden"#,
    ] {
      #expect(page.contains(attribute), "en/index.html lacks \(attribute)")
    }
    #expect(cli.data("_site/assets/live-dates.js") == FileManager.default.contents(atPath: Self.publicScript.path))

    let result = try cli.run("/usr/bin/env", "python3", Self.script, cli.path("_site"))
    #expect(result.status == 0, "live_dates_check.py:\n\(result.stdout)\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(!lines.contains { $0.hasPrefix("FAIL") })
    func line(_ page: String, _ utc: String, _ text: String) -> String? {
      lines.first { $0.hasPrefix("ok   \(page) ") && $0.contains("(\(utc)): \(text)") }
    }
    for page in ["index.html", "ko/index.html", "en/index.html", "ja/index.html"] {
      #expect(lines.contains("ok   \(page): follows the contract"), "\(page)")
      #expect(lines.contains("ok   \(page): the browser's own zone is America/Los_Angeles"))
      #expect(lines.contains("ok   \(page) JavaScript off: classes, flags, counts and age note as built"))
      // 23:59:59 on the 21st in Seoul is still the build's day.
      #expect(line(page, "2026-11-21T14:59:59Z", "the build's day, page exactly as built") != nil, "\(page)")
      // Midnight in Seoul: the 20th's and 21st's open tasks are overdue, the 22nd's due today.
      #expect(line(page, "2026-11-21T15:00:00Z", "day 2026-11-22, 2 overdue, 1 due today on the page") != nil)
      #expect(line(page, "2026-11-21T15:00:00Z", "overdue-count 2") != nil, "1 at build + 1 due on the 21st")
      #expect(line(page, "2026-11-22T15:00:00Z", "day 2026-11-23, 3 overdue, 0 due today on the page") != nil)
      #expect(line(page, "2026-11-22T15:00:00Z", "overdue-count 3") != nil)
      #expect(line(page, "2026-11-21T15:00:00Z", "nothing else on the page changed") != nil)
      // The age note: hidden at exactly 24 h, then whole hours (30 h at midnight of the 23rd in Seoul).
      #expect(line(page, "2026-11-22T09:00:00Z", "age note hidden") != nil)
      #expect(line(page, "2026-11-22T09:00:01Z", "age note shown: ")?.contains("24") == true)
      #expect(line(page, "2026-11-22T15:00:00Z", "age note shown: ")?.contains("30") == true)
      // From 48 hours on, days: noon of 3 December in Seoul is 11 days and 18 hours after the build.
      #expect(line(page, "2026-12-03T03:00:00Z", "age note shown: ")?.contains("11") == true, "\(page)")
    }
    #expect(line("en/index.html", "2026-12-03T03:00:00Z", "age note shown: 'Updated 11 days ago'") != nil)
    // The overdue page's list, heading and nav agree on every later day.
    for (utc, count) in [("2026-11-21T15:00:00Z", 2), ("2026-11-22T15:00:00Z", 3), ("2026-12-03T03:00:00Z", 4)] {
      #expect(line("en/overdue.html", utc, "the overdue list shows \(count), as its counts say") != nil, "\(utc)")
    }
    #expect(lines.last?.hasPrefix("live-dates: ") == true && lines.last?.contains(" passed, 0 failed on ") == true)
  }

  /// A build pinned with `--today` has a day, not an instant: its age note counts calendar days from it, shown
  /// from the second day on.
  @Test func pinnedBuildTellsItsAgeInDays() throws {
    let cards = [
      BoardFixture.Card(id: BoardFixture.id(1), title: "Due tomorrow", due: "2026-11-22"),
      BoardFixture.Card(id: BoardFixture.id(2), title: "Due later", due: "2026-11-24", state: "doing"),
    ]
    let cli = try CLIRunner.importing(BoardFixture.json(timeZone: "Asia/Seoul", cards: cards))
    defer { cli.remove() }
    try cli.write("pmboard.yml", "live-dates: true\n")
    let build = try cli.run("build", "--today", "2026-11-21")
    try #require(build.status == 0, "\(build.stderr)")
    let result = try cli.run("/usr/bin/env", "python3", Self.script, cli.path("_site"))
    #expect(result.status == 0, "live_dates_check.py:\n\(result.stdout)\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(!lines.contains { $0.hasPrefix("FAIL") })
    func line(_ page: String, _ utc: String, _ text: String) -> String? {
      lines.first { $0.hasPrefix("ok   \(page) ") && $0.contains("(\(utc)): \(text)") }
    }
    // Midnights in Seoul: the 22nd is a day after (hidden), the 23rd two (shown), noon of 3 December twelve.
    #expect(line("en/index.html", "2026-11-21T15:00:00Z", "age note hidden") != nil)
    #expect(line("en/index.html", "2026-11-22T15:00:00Z", "age note shown: 'Updated 2 days ago'") != nil)
    #expect(line("en/index.html", "2026-12-03T03:00:00Z", "age note shown: 'Updated 12 days ago'") != nil)
    #expect(line("ko/index.html", "2026-12-03T03:00:00Z", "age note shown: '12일 전에 만든 페이지'") != nil)
    #expect(line("en/overdue.html", "2026-11-22T15:00:00Z", "the overdue list shows 1, as its counts say") != nil)
    #expect(line("en/overdue.html", "2026-12-03T03:00:00Z", "the overdue list shows 2, as its counts say") != nil)
  }
}
