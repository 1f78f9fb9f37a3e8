import Foundation
import PMBoardTestSupport
import Testing

/// End-to-end: the search index of a real build (`search/`), its files read as a browser's script reads them, and
/// the publish policy applied to it. The board is `Tests/Scripts/fixtures/search/board.json`: Korean and Japanese
/// compounds, half-width and full-width forms, HTML-special characters, labels, people and repeated sentences.
@Suite("search index", .serialized)
struct SearchTests {
  static let board = Golden.repositoryRoot.appendingPathComponent("Tests/Scripts/fixtures/search/board.json").path

  func built(_ extra: [String] = []) throws -> CLIRunner {
    let cli = try CLIRunner()
    #expect(try cli.run("import", Self.board, "--store", "board.sqlite").status == 0)
    let build = try cli.run(["build", "--store", "board.sqlite", "--today", "2026-11-27"] + extra)
    #expect(build.status == 0, "\(build.stderr)")
    return cli
  }

  func json(_ cli: CLIRunner, _ path: String) throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: cli.path("_site/search/\(path)")))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func theOpenIndexHoldsWhatAResultShowsInBoardOrder() throws {
    let cli = try built()
    defer { cli.remove() }
    let open = try json(cli, "open.json")
    let titles = try #require(open["title"] as? [String])
    let states = try #require(open["state"] as? String)
    let dues = try #require(open["due"] as? [Any])
    let tags = try #require(open["tags"] as? [[Int]])
    let names = try #require(open["names"] as? [String])
    let people = Set(try #require(open["people"] as? [Int]).map { names[$0] })
    #expect(open["count"] as? Int == titles.count && titles.count == 54, "14 open tasks and 40 open fillers")
    #expect(states.count == titles.count && dues.count == titles.count && tags.count == titles.count)
    #expect(!titles.contains("Write README"), "done tasks are in done.json only")
    // TODO before DOING, each by due day: the board's order.
    #expect(states.firstIndex(of: "d").map { !states[$0...].contains("t") } == true)
    let migration = try #require(titles.firstIndex(of: "데이터 마이그레이션 스크립트"))
    #expect(dues[migration] as? Int == -2, "due 2026-11-25, two days before dueBase")
    #expect(open["dueBase"] as? String == "2026-11-27")
    #expect(tags[migration].map { names[$0] } == ["db", "민호"])
    #expect(people == ["민호", "さくら", "kyo", "Alex"])
    #expect(titles.contains("<b>bold</b> title escapes"), "text as the board holds it; the page escapes it")
  }

  @Test func sentencesAreStoredOnceAndIdsBesideTheTasks() throws {
    let cli = try built()
    defer { cli.remove() }
    let open = try json(cli, "open.json")
    let text = try json(cli, "open-text.json")
    let segments = try #require(text["segments"] as? [String])
    let bodies = try #require(text["body"] as? [[Int]])
    let titles = try #require(open["title"] as? [String])
    #expect(bodies.count == titles.count)
    #expect(segments.filter { $0 == "See the spec for details." }.count == 1, "shared by 42 tasks, stored once")
    #expect(Set(segments).count == segments.count)
    // Two sentences with the same length and ends (one hash), each stored once and each task pointing at both.
    let twins = ["abcdefgh-1-ijklmnop.", "abcdefgh-2-ijklmnop."]
    #expect(segments.filter(twins.contains).count == 2)
    for title in ["Twin sentences 1", "Twin sentences 2"] {
      let task = try #require(titles.firstIndex(of: title))
      #expect(Set(bodies[task].map { segments[$0] }) == Set(twins), "\(title)")
    }
    let api = try #require(titles.firstIndex(of: "API rate limit"))
    #expect(
      bodies[api].map { segments[$0] }.sorted()
        == ["See the spec for details.", "Steps to reproduce: open the app and tap Login."])
    let japanese = try #require(titles.firstIndex(of: "ログイン不具合の修正"))
    #expect(
      Set(bodies[japanese].map { segments[$0] }) == ["アプリを開いてログインを押すと再現します。", "バックエンド待ちです。"])
    let idsData = try Data(contentsOf: URL(fileURLWithPath: cli.path("_site/search/open-ids-0.json")))
    let ids = try #require(try JSONSerialization.jsonObject(with: idsData) as? [String])
    #expect(ids.count == titles.count)
    #expect(ids[migration(titles)] == "5ea4c000-0000-4000-8000-000000000001")
    #expect(FileManager.default.fileExists(atPath: cli.path("_site/en/tasks/\(ids[api]).html")))
    let done = try json(cli, "done.json")
    #expect((done["title"] as? [String])?.contains("Write README") == true)
    #expect(done["state"] as? String == String(repeating: "x", count: done["count"] as? Int ?? -1))
  }

  private func migration(_ titles: [String]) -> Int { titles.firstIndex(of: "데이터 마이그레이션 스크립트") ?? -1 }

  @Test func everyPageHasTheHiddenFieldAndTheScript() throws {
    let cli = try built()
    defer { cli.remove() }
    for page in [
      "index.html", "en/index.html", "ko/history.html", "ja/tasks/5ea4c000-0000-4000-8000-000000000001.html",
    ] {
      let html = try cli.read("_site/\(page)")
      #expect(html.contains("<div class=\"search\" role=\"search\" hidden"), "\(page)")
      #expect(html.contains("assets/search.js\" defer></script>"), "\(page)")
      #expect(html.contains("data-task-pages><input type=\"search\" aria-label=\""), "\(page)")
    }
    // The search page, where Enter leads: without JavaScript it links the pages that narrow the board.
    let searchPage = try cli.read("_site/ja/search.html")
    #expect(searchPage.contains("<body class=\"search-page\">") && searchPage.contains("<a href=\"overdue.html\">"))
    #expect(try cli.read("_site/ko/index.html").contains("<input type=\"search\" aria-label=\"작업 검색\""))
    #expect(FileManager.default.fileExists(atPath: cli.path("_site/assets/search.js")))
    // The script's words, a file a locale.
    let korean = try json(cli, "ko.json")
    #expect(korean["results"] as? String == "{count}건 찾음" && korean["todo"] as? String == "할 일")
    #expect(try json(cli, "ja.json")["withDone"] as? String == "完了したタスクも含める")
    #expect(korean["parts"] as? [String] == ["open", "done"], "no task was removed: no removed part")
    #expect(!FileManager.default.fileExists(atPath: cli.path("_site/search/removed.json")))
  }

  @Test func hiddenSearchLeavesNoFieldNoScriptAndNoIndex() throws {
    let cli = try built(["--publish-search", "hide"])
    defer { cli.remove() }
    #expect(!FileManager.default.fileExists(atPath: cli.path("_site/search")))
    #expect(!FileManager.default.fileExists(atPath: cli.path("_site/assets/search.js")))
    #expect(!FileManager.default.fileExists(atPath: cli.path("_site/en/search.html")))
    #expect(!(try cli.read("_site/en/index.html")).contains("search"))
  }

  @Test func thePolicyReachesTheIndex() throws {
    let cli = try built(["--publish-states", "todo,doing", "--publish-bodies", "hide", "--publish-assignees", "hide"])
    defer { cli.remove() }
    #expect(!FileManager.default.fileExists(atPath: cli.path("_site/search/done.json")))
    #expect(try json(cli, "en.json")["parts"] as? [String] == ["open"], "no done tasks to include")
    #expect(try json(cli, "open-text.json")["segments"] as? [String] == [])
    #expect(try json(cli, "open.json")["people"] as? [Int] == [])
    let everything = try String(contentsOfFile: cli.path("_site/search/open.json"), encoding: .utf8)
    #expect(!everything.contains("민호") && !everything.contains("See the spec"))
  }

  /// One of a part's files removed by hand: the next build writes it again and keeps the others (the oracle's
  /// find: the build once wrote the kept ones a second time and failed).
  @Test func aFileRemovedByHandIsWrittenAgain() throws {
    let cli = try built()
    defer { cli.remove() }
    let before = try String(contentsOfFile: cli.path("_site/search/done.json"), encoding: .utf8)
    try FileManager.default.removeItem(atPath: cli.path("_site/search/done.json"))
    let build = try cli.run("build", "--store", "board.sqlite", "--today", "2026-11-27")
    #expect(build.status == 0, "\(build.stderr)")
    #expect(try String(contentsOfFile: cli.path("_site/search/done.json"), encoding: .utf8) == before)
  }

  @Test func anUnchangedBoardKeepsTheIndexAndAnEditRewritesIt() throws {
    let cli = try built()
    defer { cli.remove() }
    func inode(_ path: String) throws -> Int {
      try #require(
        FileManager.default.attributesOfItem(atPath: cli.path("_site/search/\(path)"))[.systemFileNumber] as? Int)
    }
    let before = try (inode("open.json"), inode("done.json"))
    #expect(try cli.run("build", "--store", "board.sqlite", "--today", "2026-11-27").status == 0)
    #expect(try (inode("open.json"), inode("done.json")) == before)
    #expect(
      try cli.run("edit", "5ea4c000-0000-4000-8000-000000000001", "--title", "새 제목", "--store", "board.sqlite").status
        == 0)
    #expect(try cli.run("build", "--store", "board.sqlite", "--today", "2026-11-27").status == 0)
    #expect(try (inode("open.json"), inode("done.json")) != before)
    let titles = try #require(try json(cli, "open.json")["title"] as? [String])
    #expect(titles.contains("새 제목") && !titles.contains("데이터 마이그레이션 스크립트"))
  }
}

/// The search field in headless Chromium (`Tests/Scripts/search_check.py`): what it finds, recomputed from
/// `pmboard export` by the script, keyboard use, axe-core, CSP, and the field hidden without JavaScript.
@Suite("search in a browser", .serialized, .needs(.browser))
struct SearchBrowserTests {
  static let script = Golden.repositoryRoot.appendingPathComponent("Tests/Scripts/search_check.py").path

  @Test func findsWhatTheExportSaysInEveryScript() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    #expect(try cli.run("import", SearchTests.board, "--store", "board.sqlite").status == 0)
    // A removed task: its tombstone page is what a search of removed tasks finds.
    let removed = "5ea4c000-0000-4000-8000-00000000000b"
    #expect(try cli.run("remove", removed, "--store", "board.sqlite").status == 0)
    #expect(try cli.run("build", "--store", "board.sqlite", "--today", "2026-11-27").status == 0)
    #expect(try cli.run("export", "--store", "board.sqlite", "export.json").status == 0)
    let result = try cli.run("/usr/bin/env", "python3", Self.script, cli.path("_site"), cli.path("export.json"))
    #expect(result.status == 0, "search_check.py:\n\(result.stdout)\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(!lines.contains { $0.hasPrefix("FAIL") })
    #expect(lines.contains("ok   'ﾛｸﾞｲﾝ': 1 expected, status '1 found', 1 listed"), "half-width katakana")
    #expect(lines.contains("ok   '마이그레' +done: 2 expected, status '2 found', 2 listed"))
    #expect(lines.contains { $0.hasPrefix("ok   'filler' +done: 60 expected, status '60 found") })
    #expect(lines.contains { $0.hasPrefix("ok   Enter opens the task page of") })
    #expect(lines.contains { $0.hasPrefix("ok   axe-core, results open: 0 violations") })
    #expect(lines.contains { $0.hasPrefix("ok   'quoted' +done +removed: 2 expected, status '2 found'") })
    #expect(lines.contains { $0.hasPrefix("ok   Enter with nothing chosen opens search.html?q=") })
    #expect(lines.contains { $0.hasPrefix("ok   the search page lists 1 of 1 expected as links") })
    #expect(lines.contains { $0.hasPrefix("ok   axe-core, search page: 0 violations") })
    let index = try SearchTests().json(cli, "removed.json")
    #expect(index["title"] as? [String] == ["Release notes \"quoted\" words"] && index["state"] as? String == "r")
  }

  /// Without task pages a result opens its card on its column's page.
  @Test func withoutTaskPagesAResultOpensItsCard() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    #expect(try cli.run("import", SearchTests.board, "--store", "board.sqlite").status == 0)
    let build = try cli.run("build", "--store", "board.sqlite", "--today", "2026-11-27", "--task-pages", "off")
    #expect(build.status == 0)
    #expect(try cli.run("export", "--store", "board.sqlite", "export.json").status == 0)
    let result = try cli.run(
      "/usr/bin/env", "python3", Self.script, cli.path("_site"), cli.path("export.json"), "--page", "ja/index.html")
    #expect(result.status == 0, "search_check.py:\n\(result.stdout)\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(!lines.contains { $0.hasPrefix("FAIL") })
    #expect(lines.contains { $0.hasPrefix("ok   Enter opens the card of '데이터 마이그레이션 스크립트': todo.html#t-") })
  }
}
