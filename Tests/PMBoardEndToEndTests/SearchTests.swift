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

  /// The JSON inside the index's file `name` (`open`, `en`): a script that hands it to `search.js` as
  /// `PMBoardSearch["name"]`, so that it loads from `file://` too.
  static func data(_ cli: CLIRunner, _ name: String) throws -> Any {
    let text = try String(contentsOfFile: cli.path("_site/search/\(name).js"), encoding: .utf8)
    let start = "PMBoardSearch[\"\(name)\"]="
    #expect(text.hasPrefix(start) && text.hasSuffix(";\n"), "\(name).js: \(text.prefix(40))")
    let json = text.dropFirst(start.count).dropLast(2)
    return try JSONSerialization.jsonObject(with: Data(json.utf8))
  }

  func json(_ cli: CLIRunner, _ name: String) throws -> [String: Any] {
    try #require(try Self.data(cli, name) as? [String: Any])
  }

  @Test func theOpenIndexHoldsWhatAResultShowsInBoardOrder() throws {
    let cli = try built()
    defer { cli.remove() }
    let open = try json(cli, "open")
    let titles = try #require(open["title"] as? [String])
    let states = try #require(open["state"] as? String)
    let dues = try #require(open["due"] as? [Any])
    let tags = try #require(open["tags"] as? [[Int]])
    let names = try #require(open["names"] as? [String])
    let people = Set(try #require(open["people"] as? [Int]).map { names[$0] })
    #expect(open["count"] as? Int == titles.count && titles.count == 54, "14 open tasks and 40 open fillers")
    #expect(states.count == titles.count && dues.count == titles.count && tags.count == titles.count)
    #expect(!titles.contains("Write README"), "done tasks are in done.js only")
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
    let open = try json(cli, "open")
    let text = try json(cli, "open-text")
    let segments = try #require(text["segments"] as? [String])
    let bodies = try #require(text["body"] as? [[Int]])
    let titles = try #require(open["title"] as? [String])
    #expect(bodies.count == titles.count)
    #expect(segments.filter { $0 == "see the spec for details." }.count == 1, "shared by 42 tasks, stored once")
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
        == ["see the spec for details.", "steps to reproduce: open the app and tap login."],
      "folded as the script folds a query")
    let japanese = try #require(titles.firstIndex(of: "ログイン不具合の修正"))
    #expect(
      Set(bodies[japanese].map { segments[$0] }) == ["アプリを開いてログインを押すと再現します。", "バックエンド待ちです。"])
    // The ids by their first hex digit: the fixture's all start with 5, so one file holds them, in board order.
    #expect(open["idDigits"] as? Int == 1)
    #expect(open["bucket"] as? String == String(repeating: "5", count: titles.count))
    let ids = try #require(try Self.data(cli, "open-ids-5") as? [String])
    #expect(ids.count == titles.count)
    #expect(ids[migration(titles)] == "5ea4c000-0000-4000-8000-000000000001")
    #expect(FileManager.default.fileExists(atPath: cli.path("_site/en/tasks/\(ids[api]).html")))
    let done = try json(cli, "done")
    #expect((done["title"] as? [String])?.contains("Write README") == true)
    #expect(done["state"] as? String == String(repeating: "x", count: done["count"] as? Int ?? -1))
  }

  /// `Public/search.js` folds as the index does (`SearchFoldTests`): the shared vectors in node, where node is.
  @Test(.enabled(if: SearchTests.node != nil, "needs node")) func theScriptFoldsTheSharedVectors() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    let script = Golden.repositoryRoot.appendingPathComponent("Tests/Scripts/search_fold_check.js").path
    let result = try cli.run(try #require(SearchTests.node), script)
    #expect(result.status == 0, "search_fold_check.js:\n\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("ok   410 of 410 vectors folded alike"))
  }

  static let node = ["/usr/bin/node", "/usr/local/bin/node"].first { FileManager.default.isExecutableFile(atPath: $0) }

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
    let korean = try json(cli, "ko")
    #expect(korean["results"] as? String == "{count}건 찾음" && korean["todo"] as? String == "할 일")
    #expect(try json(cli, "ja")["withDone"] as? String == "完了したタスクも含める")
    #expect(korean["parts"] as? [String] == ["open", "done"], "no task was removed: no removed part")
    #expect(!FileManager.default.fileExists(atPath: cli.path("_site/search/removed.js")))
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
    #expect(!FileManager.default.fileExists(atPath: cli.path("_site/search/done.js")))
    #expect(try json(cli, "en")["parts"] as? [String] == ["open"], "no done tasks to include")
    #expect(try json(cli, "open-text")["segments"] as? [String] == [])
    #expect(try json(cli, "open")["people"] as? [Int] == [])
    let everything = try String(contentsOfFile: cli.path("_site/search/open.js"), encoding: .utf8)
    #expect(!everything.contains("민호") && !everything.contains("See the spec"))
  }

  /// One of a part's files removed by hand: the next build writes it again and keeps the others (the oracle's
  /// find: the build once wrote the kept ones a second time and failed).
  @Test func aFileRemovedByHandIsWrittenAgain() throws {
    let cli = try built()
    defer { cli.remove() }
    let before = try String(contentsOfFile: cli.path("_site/search/done.js"), encoding: .utf8)
    try FileManager.default.removeItem(atPath: cli.path("_site/search/done.js"))
    let build = try cli.run("build", "--store", "board.sqlite", "--today", "2026-11-27")
    #expect(build.status == 0, "\(build.stderr)")
    #expect(try String(contentsOfFile: cli.path("_site/search/done.js"), encoding: .utf8) == before)
  }

  @Test func anUnchangedBoardKeepsTheIndexAndAnEditRewritesIt() throws {
    let cli = try built()
    defer { cli.remove() }
    func inode(_ path: String) throws -> Int {
      try #require(
        FileManager.default.attributesOfItem(atPath: cli.path("_site/search/\(path)"))[.systemFileNumber] as? Int)
    }
    let before = try (inode("open.js"), inode("done.js"))
    #expect(try cli.run("build", "--store", "board.sqlite", "--today", "2026-11-27").status == 0)
    #expect(try (inode("open.js"), inode("done.js")) == before)
    #expect(
      try cli.run("edit", "5ea4c000-0000-4000-8000-000000000001", "--title", "새 제목", "--store", "board.sqlite").status
        == 0)
    #expect(try cli.run("build", "--store", "board.sqlite", "--today", "2026-11-27").status == 0)
    #expect(try (inode("open.js"), inode("done.js")) != before)
    let titles = try #require(try json(cli, "open")["title"] as? [String])
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
    // Folded by NFKC and full case folding: a body's `Große Straße` and `İstanbul`, folded by the index.
    #expect(lines.contains("ok   'STRASSE': 1 expected, status '1 found', 1 listed"))
    #expect(lines.contains("ok   'istanbul': 1 expected, status '1 found', 1 listed"))
    #expect(lines.contains { $0.hasPrefix("ok   search.js folds 410 of 410 shared vectors") })
    // The search page includes the done tasks the field's list included (it once listed the open ones only).
    #expect(lines.contains { $0.hasPrefix("ok   with done tasks the search page lists 2 of 2 expected") })
    let index = try SearchTests().json(cli, "removed")
    #expect(index["title"] as? [String] == ["Release notes \"quoted\" words"] && index["state"] as? String == "r")
  }

  /// The site opened from disk (`file://`), as the README says to open it: the index loads as scripts, where the
  /// browser refuses to `fetch` files, so every check passes as over HTTP (it once said "Search failed").
  @Test func worksOpenedFromDisk() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    #expect(try cli.run("import", SearchTests.board, "--store", "board.sqlite").status == 0)
    #expect(try cli.run("build", "--store", "board.sqlite", "--today", "2026-11-27").status == 0)
    #expect(try cli.run("export", "--store", "board.sqlite", "export.json").status == 0)
    let result = try cli.run(
      "/usr/bin/env", "python3", Self.script, cli.path("_site"), cli.path("export.json"), "--file", "--page",
      "ko/index.html")
    #expect(result.status == 0, "search_check.py --file:\n\(result.stdout)\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("     the site at file:///") })
    #expect(!lines.contains { $0.hasPrefix("FAIL") })
    #expect(lines.contains("ok   '마이그레' +done: 2 expected, status '2건 찾음', 2 listed"))
    #expect(lines.contains("ok   'istanbul': 1 expected, status '1건 찾음', 1 listed"))
    #expect(lines.contains { $0.hasPrefix("ok   Enter opens the task page of") })
    #expect(lines.contains { $0.hasPrefix("ok   the search page lists 1 of 1 expected as links") })
    #expect(lines.contains { $0.hasPrefix("ok   axe-core, search page: 0 violations") })
    #expect(lines.contains { $0.hasPrefix("ok   with done tasks the search page lists 2 of 2 expected") })
  }

  /// An index that does not load (here removed by hand) is said on the page, not only to screen readers.
  @Test(arguments: [false, true]) func aFailedLoadShows(fromDisk: Bool) throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    #expect(try cli.run("import", SearchTests.board, "--store", "board.sqlite").status == 0)
    #expect(try cli.run("build", "--store", "board.sqlite", "--today", "2026-11-27").status == 0)
    try FileManager.default.removeItem(atPath: cli.path("_site/search/open.js"))
    let result = try cli.run(
      ["/usr/bin/env", "python3", Self.script, cli.path("_site"), "-", "--broken"] + (fromDisk ? ["--file"] : []))
    #expect(result.status == 0, "search_check.py --broken:\n\(result.stdout)\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines.contains("ok   a search whose index does not load says so visibly: 'The search index could not be loaded'"))
    #expect(lines.contains { $0.hasPrefix("ok   the search page says so too") })
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
