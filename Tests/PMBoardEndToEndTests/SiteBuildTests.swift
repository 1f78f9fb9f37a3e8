import Foundation
import PMBoardCLI
import PMBoardCore
import PMBoardSite
import PMBoardStore
import PMBoardTestSupport
import Testing

/// End-to-end: `pmboard build` through the real binary, checking the files it writes.
@Suite("pmboard build", .serialized)
struct SiteBuildTests {
  @Test func demoBuildWritesEveryPage() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    let result = try cli.run("build", "--demo", "--today", "2026-11-21")
    #expect(result.status == 0, "\(result.stderr)")
    for path in [
      "_site/index.html", "_site/ko/index.html", "_site/en/index.html", "_site/ja/index.html",
      "_site/ko/history.html", "_site/en/history.html", "_site/ja/history.html", "_site/assets/style.css",
      "_site/assets/favicon.svg",
    ] {
      #expect(FileManager.default.fileExists(atPath: cli.path(path)), "\(path) missing")
    }
    let english = try cli.read("_site/en/index.html")
    #expect(english.contains("<html lang=\"en\""))
    #expect(english.contains("TODO <span class=\"count\">"))
    #expect(english.contains("<strong class=\"flag\">Overdue</strong>"))
    #expect(english.contains("hreflang=\"ja\""))
    // Links out (a task's issue) are fine; nothing loads from elsewhere.
    #expect(
      !english.contains("src=\"http") && !english.contains("<link rel=\"stylesheet\" href=\"http"),
      "no external requests")
    #expect(
      english.contains(
        "<a href=\"https://github.com/example/mobile-app/issues/412\" rel=\"nofollow noopener\">#412</a>"))
    #expect(try cli.read("_site/index.html").contains("<html lang=\"ko\""))
    let korean = try cli.read("_site/ko/history.html")
    #expect(korean.contains("로그인 버그 수정</a>\u{2069}’을 할 일에서 진행 중으로 옮겼습니다"))
    // A Japanese title on the Korean board says its language; on the Japanese board it need not.
    #expect(try cli.read("_site/ko/index.html").contains("<bdi lang=\"ja\">設定画面のレイアウト修正</bdi>"))
    #expect(try cli.read("_site/ja/index.html").contains("<bdi>設定画面のレイアウト修正</bdi>"))
    let japanese = try cli.read("_site/ja/history.html")
    #expect(japanese.contains("ダークモードの配色を調整</a>\u{2069}」をやることから進行中に移動しました"))
  }

  @Test func goldenPagesPerLocale() throws {
    let cli = try CLIRunner(now: "2026-11-21T09:00:00Z")
    defer { cli.remove() }
    let result = try cli.run("build", "--demo", "--today", "2026-11-21")
    #expect(result.status == 0, "\(result.stderr)")
    for page in [
      "ko/index.html", "en/index.html", "ja/index.html", "en/history.html", "ko/history.html", "ja/history.html",
      "en/calendar.ics", "ja/calendar.ics", "ko/history.atom", "board.json", "badges/overdue.svg", "en/todo.html",
      "ko/overdue.html", "ja/tasks/d3e0ffff-0000-4000-8000-000000000001.html",
      "en/tasks/d3e00001-0007-4001-800d-000000019919.html", "ja/labels.html", "ko/labels/bug-00613119.html",
      "en/people/alex-05ad6e8a.html", "ja/insights.html", "insights.json", "search/open.js",
      "search/done-text.js",
    ] {
      try Golden.assertMatches(try cli.read("_site/\(page)"), named: page)
    }
  }

  @Test func overdueFollowsTheBoardsTimeZoneAtTheDayBoundary() throws {
    // 2026-11-21T10:00Z is already 2026-11-22 00:00 in Kiritimati (UTC+14) and still 2026-11-20 23:00 in Pago Pago.
    let cards = [
      BoardFixture.Card(id: BoardFixture.id(1), title: "due 19th", due: "2026-11-19"),
      BoardFixture.Card(id: BoardFixture.id(2), title: "due 20th", due: "2026-11-20"),
      BoardFixture.Card(id: BoardFixture.id(3), title: "due 21st", due: "2026-11-21"),
      BoardFixture.Card(id: BoardFixture.id(4), title: "done late", due: "2026-11-01", state: "done"),
    ]
    func overdueTitles(_ zone: String) throws -> [String] {
      let cli = try CLIRunner.importing(BoardFixture.json(timeZone: zone, cards: cards), now: "2026-11-21T10:00:00Z")
      defer { cli.remove() }
      let result = try cli.run("build")
      #expect(result.status == 0, "\(result.stderr)")
      let html = try cli.read("_site/en/index.html")
      return cards.filter { html.contains("class=\"card overdue\" id=\"t-\($0.id)\"") }.map(\.title)
    }
    #expect(try overdueTitles("Pacific/Kiritimati") == ["due 19th", "due 20th", "due 21st"])
    #expect(try overdueTitles("Pacific/Pago_Pago") == ["due 19th"])
  }

  @Test func hostileTextIsEscaped() throws {
    let hostile = "<script>alert(1)</script> & \"q\" 'a' <b>"
    let cards = [BoardFixture.Card(id: BoardFixture.id(1), title: hostile, body: "<img src=x onerror=alert(1)>\n&amp;")]
    let history = """
      { "at": "2026-11-02T10:00:00Z", "action": "added", "task": "\(BoardFixture.id(1))",
        "title": \(BoardFixture.quote(hostile)), "to": "todo" }
      """
    let cli = try CLIRunner.importing(BoardFixture.json(title: "<i>Board</i>", cards: cards, history: history))
    defer { cli.remove() }
    #expect(try cli.run("build", "--today", "2026-11-21").status == 0)
    for page in ["_site/en/index.html", "_site/ko/history.html", "_site/index.html"] {
      let html = try cli.read(page)
      #expect(!html.contains("<script>"), "\(page)")
      #expect(!html.contains("<img"), "\(page)")
      #expect(!html.contains("<i>Board"), "\(page)")
    }
    let board = try cli.read("_site/en/index.html")
    #expect(board.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot; &#39;a&#39; &lt;b&gt;"))
    #expect(board.contains("&lt;img src=x onerror=alert(1)&gt;\n&amp;amp;"))
  }

  @Test func twoBuildsAreByteIdenticalAndTheSecondRewritesNothing() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    #expect(try cli.run("build", "--demo", "--today", "2026-11-21", "--out", "a").status == 0)
    #expect(try cli.run("build", "--demo", "--today", "2026-11-21", "--out", "b").status == 0)
    let files = try FileManager.default.subpathsOfDirectory(atPath: cli.path("a")).sorted()
    #expect(files == (try FileManager.default.subpathsOfDirectory(atPath: cli.path("b")).sorted()))
    for file in files {
      #expect(cli.data("a/\(file)") == cli.data("b/\(file)"), "\(file) differs")
    }
    let before = try FileManager.default.attributesOfItem(atPath: cli.path("a/en/index.html"))
    let again = try cli.run("build", "--demo", "--today", "2026-11-21", "--out", "a")
    #expect(again.stdout.contains("nothing changed"), "\(again.stdout)")
    let after = try FileManager.default.attributesOfItem(atPath: cli.path("a/en/index.html"))
    #expect(before[.modificationDate] as? Date == after[.modificationDate] as? Date)
    #expect(before[.systemFileNumber] as? Int == after[.systemFileNumber] as? Int)
  }

  @Test func sourceDateEpochPinsTheAsOfLine() throws {
    var cli = try CLIRunner()
    cli.environment["SOURCE_DATE_EPOCH"] = "1795000000"
    defer { cli.remove() }
    #expect(try cli.run("build", "--demo", "--out", "a").status == 0)
    #expect(try cli.run("build", "--demo", "--out", "b").status == 0)
    #expect(cli.data("a/en/index.html") == cli.data("b/en/index.html"))
  }

  @Test func aFailingBuildLeavesTheOldSiteUntouched() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    #expect(try cli.run("build", "--demo", "--today", "2026-11-21").status == 0)
    let before = cli.data("_site/en/index.html")
    try cli.write("Templates/partials/card.mustache", "<li><p><b>broken</p></li>\n")
    let failed = try cli.run("build", "--demo", "--today", "2026-11-22")
    #expect(failed.status == 1)
    #expect(failed.stderr.contains("Templates/partials/card.mustache:1:"))
    #expect(cli.data("_site/en/index.html") == before)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: cli.directory.path).filter {
      $0.contains("staging")
    }
    #expect(leftovers.isEmpty)
  }

  @Test func outNeverReplacesAForeignDirectory() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    try cli.write("docs/important.txt", "keep me")
    let result = try cli.run("build", "--demo", "--out", "docs")
    #expect(result.status == 1)
    #expect(result.stderr.contains("was not made by pmboard"))
    #expect(try cli.read("docs/important.txt") == "keep me")
    // a file the user added to a pmboard site is kept on rebuild
    #expect(try cli.run("build", "--demo", "--out", "site").status == 0)
    try cli.write("site/CNAME", "board.example.org")
    try cli.write("site/extra/deep/notes.txt", "mine")
    let site = cli.directory.appendingPathComponent("site").path
    try FileManager.default.createSymbolicLink(atPath: site + "/alias", withDestinationPath: "CNAME")
    try FileManager.default.createSymbolicLink(atPath: site + "/folder-link", withDestinationPath: "extra")
    // Kept whether or not anything changed (the second build is a no-op); symbolic links are kept as links.
    for today in ["2026-11-30", "2026-11-30", "2026-12-01"] {
      let rebuilt = try cli.run("build", "--demo", "--out", "site", "--today", today)
      #expect(rebuilt.status == 0)
      #expect(rebuilt.stdout.contains("kept 4 files pmboard did not make"), "\(rebuilt.stdout)")
      #expect(try cli.read("site/CNAME") == "board.example.org")
      #expect(try cli.read("site/extra/deep/notes.txt") == "mine")
      #expect(try cli.read("site/alias") == "board.example.org")
      #expect(try FileManager.default.destinationOfSymbolicLink(atPath: site + "/folder-link") == "extra")
    }
  }

  @Test func buildWithoutAStoreSaysHowToMakeOne() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    let result = try cli.run("build")
    #expect(result.status == 1)
    #expect(result.stderr.contains("pmboard init"))
    #expect(result.stderr.contains("--demo"))
  }

  @Test func historyPagesCountFromTheOldestAndReadNewestFirst() throws {
    let cli = try CLIRunner.importing(BoardFixture.json(cards: [], history: Self.historyEntries(2500)))
    defer { cli.remove() }
    #expect(try cli.run("build", "--today", "2026-11-21").status == 0)
    let newest = try cli.read("_site/en/history.html")
    #expect(
      newest
        == (try cli.read("_site/en/history-3.html")).replacingOccurrences(of: "history-3.html", with: "history.html"))
    #expect(newest.contains("entry 2499") && newest.contains("entry 2000") && !newest.contains("entry 1999\u{2069}"))
    #expect(newest.range(of: "entry 2499")!.lowerBound < newest.range(of: "entry 2000")!.lowerBound)
    #expect(newest.contains("rel=\"next\" href=\"history-2.html\"") && !newest.contains("rel=\"prev\""))
    #expect(newest.components(separatedBy: "<li class=\"added\"").count - 1 == 500)
    #expect(newest.contains("As of"))
    let oldest = try cli.read("_site/en/history-1.html")
    #expect(oldest.components(separatedBy: "<li class=\"added\"").count - 1 == 1000)
    #expect(oldest.contains("entry 999\u{2069}") && oldest.contains("entry 0\u{2069}"))
    #expect(oldest.contains("rel=\"prev\" href=\"history-2.html\"") && !oldest.contains("rel=\"next\""))
    #expect(!oldest.contains("As of") && !oldest.contains("tasks,"))
    #expect(!FileManager.default.fileExists(atPath: cli.path("_site/en/history-4.html")))
    let board = try cli.read("_site/en/index.html")
    #expect(board.contains("<p class=\"empty\">Nothing here.</p>"))
  }

  @Test func aNewEntryLeavesFullHistoryPagesUntouched() throws {
    let cli = try CLIRunner.importing(BoardFixture.json(cards: [], history: Self.historyEntries(2000)))
    defer { cli.remove() }
    #expect(try cli.run("build", "--today", "2026-11-21").status == 0)
    let pages = ["history-1.html", "history-2.html"]
    let before = try pages.map { try cli.read("_site/ko/\($0)") }
    let inodes = try pages.map {
      try FileManager.default.attributesOfItem(atPath: cli.path("_site/ko/\($0)"))[.systemFileNumber] as? Int
    }
    #expect(try cli.run("add", "One more").status == 0)
    #expect(try cli.run("build", "--today", "2026-11-21").status == 0)
    // Page 2 was the newest and full: it becomes an archive once (no "as of"), page 1 stays the same file.
    #expect(try cli.read("_site/ko/history-1.html") == before[0])
    #expect(
      try FileManager.default.attributesOfItem(atPath: cli.path("_site/ko/history-1.html"))[.systemFileNumber] as? Int
        == inodes[0])
    #expect(try cli.read("_site/ko/history-3.html").contains("One more"))
    let archived = try cli.read("_site/ko/history-2.html")
    #expect(try cli.run("add", "Two more").status == 0)
    #expect(try cli.run("build", "--today", "2026-11-21").status == 0)
    #expect(try cli.read("_site/ko/history-2.html") == archived)
    #expect(try cli.read("_site/ko/history-1.html") == before[0])
  }

  static func historyEntries(_ count: Int) -> String {
    (0..<count).map { index in
      """
      { "at": "2026-10-\(String(format: "%02d", 1 + index / 100))T\(String(format: "%02d", index % 24)):00:\(String(format: "%02d", index % 60))Z",
        "action": "added", "task": "\(BoardFixture.id(1))", "title": "entry \(index)", "to": "todo" }
      """
    }.joined(separator: ",")
  }

  @Test func configFileAndFlags() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    try cli.write("pmboard.yml", "out: public\nlocales: [en, ja]\ndefault-locale: ja\n")
    #expect(try cli.run("build", "--demo", "--today", "2026-11-21").status == 0)
    #expect(try cli.read("public/index.html").contains("<html lang=\"ja\""))
    #expect(!FileManager.default.fileExists(atPath: cli.path("public/ko")))
    #expect(try cli.run("build", "--demo", "--locales", "ko", "--default-locale", "ko").status == 0)
    #expect(FileManager.default.fileExists(atPath: cli.path("public/ko/index.html")))
    try cli.write("pmboard.yml", "outt: x\n")
    let bad = try cli.run("build", "--demo")
    #expect(bad.status == 1)
    #expect(bad.stderr.contains("pmboard.yml:1:1: unknown setting `outt`"))
    try cli.write("pmboard.yml", "out: public\ntoday: 2026-13-01\n")
    let badDay = try cli.run("build", "--demo")
    #expect(badDay.status == 1)
    #expect(badDay.stderr.contains("pmboard.yml:2:1: `today` takes a date, YYYY-MM-DD"))
    try cli.write("pmboard.yml", "out: public\n")
    let badFlag = try cli.run("build", "--demo", "--today", "soon")
    #expect(badFlag.stderr.contains("--today: \"soon\" is not a date; use YYYY-MM-DD"))
  }

  @Test func aNewLocaleIsOneCatalogFile() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    let english = try String(
      contentsOf: Golden.repositoryRoot.appendingPathComponent("Templates/locales/en.yml"), encoding: .utf8)
    try cli.write("Templates/locales/fr.yml", english.replacingOccurrences(of: "name: English", with: "name: Français"))
    #expect(try cli.run("build", "--demo", "--today", "2026-11-21").status == 0)
    #expect(try cli.read("_site/fr/index.html").contains("<html lang=\"fr\""))
    #expect(try cli.read("_site/en/index.html").contains("Français"))
    try cli.write(
      "Templates/locales/fr.yml", english.replacingOccurrences(of: "  overdue: Overdue\n", with: "  extra: x\n"))
    let bad = try cli.run("check")
    #expect(bad.status == 1)
    #expect(bad.stdout.contains("Templates/locales/fr.yml:1:1: error: missing key `board.overdue`"))
    #expect(bad.stdout.contains("error: key `board.extra` is in no other catalog"))
  }

  /// A build killed midway (or stopped by a full disk) never leaves a half-written site behind.
  @Test func aKilledOrFullDiskBuildLeavesTheOldSite() throws {
    let cards = (0..<3000).map { BoardFixture.Card(id: BoardFixture.id($0), title: "task \($0)", body: "body \($0)") }
    let cli = try CLIRunner.importing(BoardFixture.json(cards: cards))
    defer { cli.remove() }
    let first = try cli.run("build", "--today", "2026-11-21")
    #expect(first.status == 0, "\(first.stderr)")
    let before = try siteFiles(cli)
    // A file-size limit makes the next build's big page write fail (EFBIG or SIGXFSZ), like a full disk.
    let limited = try cli.run(
      "/bin/sh", "-c", "ulimit -f 64; exec \"$0\" build --today 2026-11-22", CLIRunner.binary.path)
    #expect(limited.status != 0)
    #expect(try siteFiles(cli) == before)
    // SIGKILL at some moment of the build: the site is the old one or the new one, whole.
    let process = Process()
    process.executableURL = CLIRunner.binary
    process.arguments = ["build", "--today", "2026-11-23"]
    process.currentDirectoryURL = cli.directory
    process.environment = cli.environment
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    usleep(40_000)
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    let after = try siteFiles(cli)
    // A line is a path, then a tab and its page's fingerprint when the build kept one.
    let manifest = try cli.read("_site/.pmboard-manifest").split(separator: "\n").dropFirst().map {
      String($0.split(separator: "\t")[0])
    }
    #expect(Set(manifest) == Set(after.keys).subtracting([".pmboard-manifest"]))
    #expect(after == before || after["en/index.html"] != before["en/index.html"])
    // The next build cleans up whatever the killed one left beside the site.
    let final = try cli.run("build", "--today", "2026-11-23")
    #expect(final.status == 0, "\(final.stderr)")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: cli.directory.path).filter {
      $0.contains("staging")
    }
    #expect(leftovers.isEmpty)
  }

  private func siteFiles(_ cli: CLIRunner) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for path in try FileManager.default.subpathsOfDirectory(atPath: cli.path("_site")) {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: cli.path("_site/\(path)"), isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        files[path] = cli.data("_site/\(path)")
      }
    }
    return files
  }

  @Test func aRebuildRewritesOnlyTheFilesThatChanged() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    #expect(try cli.run("build", "--demo", "--today", "2026-11-21").status == 0)
    let css = try FileManager.default.attributesOfItem(atPath: cli.path("_site/assets/style.css"))
    let page = try FileManager.default.attributesOfItem(atPath: cli.path("_site/en/index.html"))
    sleep(1)
    let result = try cli.run("build", "--demo", "--today", "2026-11-22")
    #expect(result.stdout.contains("changed"), "\(result.stdout)")
    let cssAfter = try FileManager.default.attributesOfItem(atPath: cli.path("_site/assets/style.css"))
    let pageAfter = try FileManager.default.attributesOfItem(atPath: cli.path("_site/en/index.html"))
    #expect(css[.modificationDate] as? Date == cssAfter[.modificationDate] as? Date)
    #expect(css[.systemFileNumber] as? Int == cssAfter[.systemFileNumber] as? Int)
    #expect(page[.systemFileNumber] as? Int != pageAfter[.systemFileNumber] as? Int)
    #expect(try cli.read("_site/en/index.html").contains("November 22, 2026"))
  }

  @Test func aSitesOwnFilesOverrideTheBuiltInThemeOneByOne() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    try cli.write("Public/style.css", "body { color: teal; }\n")
    try cli.write("Public/robots.txt", "User-agent: *\n")
    try cli.write(
      "Templates/partials/footer.mustache", "<footer class=\"site-footer\"><p>Team board · {{asOf}}</p></footer>\n")
    #expect(try cli.run("build", "--demo", "--today", "2026-11-21").status == 0)
    #expect(try cli.read("_site/assets/style.css") == "body { color: teal; }\n")
    #expect(try cli.read("_site/assets/robots.txt") == "User-agent: *\n")
    #expect(FileManager.default.fileExists(atPath: cli.path("_site/assets/favicon.svg")))
    let page = try cli.read("_site/en/index.html")
    #expect(page.contains("<p>Team board · As of November 21, 2026</p>"))
    #expect(page.contains("<h2 id=\"col-todo\" tabindex=\"-1\">TODO"))  // the rest is still the built-in theme
    try cli.write("elsewhere/board.mustache", "<p>not a page</p>\n")
    let missing = try cli.run("build", "--demo", "--templates", "nowhere")
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("nowhere is not a directory"))
  }
}
