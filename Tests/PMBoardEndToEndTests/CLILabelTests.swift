import Foundation
import PMBoardSite
import PMBoardTestSupport
import Testing

/// Labels, assignees and links end to end through the real binary, on every store: set, changed, filtered,
/// shown, undone, exported and imported back, published on the cards.
@Suite("labels, assignees and links", .serialized)
struct CLILabelTests {
  func started(_ backend: StoreBackend) throws -> CLIRunner {
    try CLICommandTests().started(backend)
  }

  @Test(arguments: StoreBackend.tested)
  func labelsAndAssigneesFromAddToTheSite(store: StoreBackend) throws {
    let cli = try started(store)
    defer { cli.remove() }
    let url = "https://github.com/example/app/issues/17"
    let added = try cli.run(
      "add", "Fix login", "--label", "bug", "--label", "로그인", "--assignee", "kyo", "--url", url)
    #expect(added.status == 0, "\(added.stderr)")
    #expect(try cli.run("add", "Write docs").status == 0)
    let id = try cli.firstTaskID()
    let shown = try cli.run("show", id).stdout
    #expect(
      shown.contains("labels:    bug, 로그인") && shown.contains("assignees: kyo") && shown.contains("url:       \(url)"))
    let filtered = try cli.run("list", "--label", "bug").stdout
    #expect(filtered.contains("Fix login  [bug, 로그인] @kyo") && !filtered.contains("Write docs"))
    #expect(!(try cli.run("list", "--assignee", "mina").stdout.contains("Fix login")))
    let before = try cli.run("show", id).stdout
    let edited = try cli.run("edit", id, "--remove-label", "bug", "--label", "p1", "--assignee", "mina")
    #expect(edited.status == 0, "\(edited.stderr)")
    #expect(try cli.run("show", id).stdout.contains("labels:    p1, 로그인"))
    #expect(try cli.run("history", "--limit", "1").stdout.contains("(labels, assignees)"))
    #expect(try cli.run("list", "--assignee", "mina", "--assignee", "kyo").stdout.contains("Fix login"))
    // Undo takes the names back exactly; redo sets them again.
    #expect(try cli.run("undo").status == 0)
    #expect(try cli.run("show", id).stdout == before)
    #expect(try cli.run("redo").status == 0)
    #expect(try cli.run("edit", id, "--url", "none").status == 0)
    #expect(!(try cli.run("show", id).stdout.contains("url:")))
    #expect(try cli.run("edit", id, "--url", url).status == 0)
    // The interchange file carries them and reads back the same.
    #expect(try cli.run("export", "out.json").status == 0)
    let exported = try cli.read("out.json")
    #expect(exported.contains(#""labels": ["p1", "로그인"]"#) && exported.contains(#""assignees": ["kyo", "mina"]"#))
    var other = cli
    other.environment["PMBOARD_STORE"] = "copy.sqlite"
    #expect(try other.run("import", "out.json").status == 0)
    #expect(try other.run("export").stdout == exported)
    // The site shows them on the card and the task page, and board.json lists them.
    let build = try cli.run("build", "--today", "2026-11-21")
    #expect(build.status == 0, "\(build.stderr)")
    let board = try cli.read("_site/en/index.html")
    #expect(board.contains(#"<li><a class="chip hue-"#) && board.contains("<bdi>로그인</bdi>"))
    #expect(board.contains(#"<a href="\#(url)" rel="nofollow noopener">#17</a>"#))
    #expect(try cli.read("_site/ja/tasks/\(id).html").contains("<bdi>mina</bdi>"))
    #expect(try cli.read("_site/board.json").contains(#""labels": ["p1", "로그인"], "assignees": ["kyo", "mina"]"#))
  }

  @Test func badNamesAndLinksAreRefusedWithOneLine() throws {
    let cli = try started(.sqlite)
    defer { cli.remove() }
    try cli.run("add", "Task", "--label", "bug")
    let id = try cli.firstTaskID()
    let cases: [([String], String)] = [
      (
        ["edit", id, "--url", "javascript:alert(1)"],
        "--url: the link \"javascript:alert(1)\" is not an http(s) address"
      ),
      (["edit", id, "--remove-label", "ui"], "--remove-label: the task has no label \"ui\"; it has bug"),
      (["edit", id, "--label", "a\u{7}b"], "--label: a label has the control character U+0007"),
      (["add", "Other", "--assignee", " "], "--assignee: an assignee is empty"),
      (["edit", id] + (0..<20).flatMap { ["--label", "l\($0)"] }, "--label: 21 labels on one task; at most 20"),
    ]
    for (arguments, message) in cases {
      let result = try cli.run(arguments)
      #expect(result.status == 1, "\(arguments)")
      #expect(result.stderr.contains(message), "\(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
    #expect(try cli.run("show", id).stdout.contains("labels:    bug\n"))
  }

  @Test func publishingCanHideAssignees() throws {
    let cli = try started(.sqlite)
    defer { cli.remove() }
    try cli.run("add", "Task", "--label", "public", "--assignee", "secret-person")
    try cli.write("pmboard.yml", "publish:\n  assignees: hide\n")
    #expect(try cli.run("build", "--today", "2026-11-21").status == 0)
    for file in ["_site/en/index.html", "_site/board.json", "_site/calendar.ics", "_site/ko/todo.html"] {
      #expect(!(try cli.read(file).contains("secret-person")), "\(file)")
    }
    #expect(try cli.read("_site/en/index.html").contains("<bdi>public</bdi>"))
  }

  /// A card names the host its link goes to in a browser, which reads `\` as `/`: not the `github.com` after it.
  @Test func aCardNamesTheHostABrowserGoesTo() throws {
    let cli = try started(.sqlite)
    defer { cli.remove() }
    #expect(try cli.run("add", "Task", "--url", "https://evil.test\\@github.com/").status == 0)
    #expect(try cli.run("build", "--today", "2026-11-21").status == 0)
    let page = try cli.read("_site/en/index.html")
    #expect(page.contains("rel=\"nofollow noopener\">evil.test</a>"), "\(page)")
    #expect(!page.contains(">github.com</a>"))
  }

  @Test func eachPersonAndLabelHasAPageACalendarAndAChangeFeed() throws {
    let cli = try started(.sqlite)
    defer { cli.remove() }
    #expect(try cli.run("add", "Mine", "--due", "2026-11-30", "--assignee", "kyo", "--label", "a,b").status == 0)
    #expect(try cli.run("add", "Theirs", "--due", "2026-11-30", "--assignee", "mina").status == 0)
    #expect(try cli.run("add", "Bug", "--label", "Bug").status == 0)
    #expect(try cli.run("add", "bug", "--label", "bug").status == 0)
    #expect(try cli.run("build", "--today", "2026-11-21").status == 0)
    let people = try FileManager.default.contentsOfDirectory(atPath: cli.path("_site/en/people")).sorted()
    #expect(people.count == 6 && people.allSatisfy { $0.hasPrefix("kyo-") || $0.hasPrefix("mina-") }, "\(people)")
    let kyo = try #require(people.first { $0.hasPrefix("kyo-") && $0.hasSuffix(".ics") })
    let calendar = try cli.read("_site/ja/people/\(kyo)")
    #expect(calendar.contains("SUMMARY:Mine") && !calendar.contains("Theirs"))
    #expect(calendar.contains("CATEGORIES:a\\,b\r\n"), "a comma in a label is escaped")
    let feed = try cli.read("_site/en/people/\(kyo.dropLast(4)).atom")
    #expect(feed.contains("Mine") && !feed.contains("Theirs"))
    // Look-alike names get pages of their own, and only [a-z0-9-] names.
    let labels = try FileManager.default.contentsOfDirectory(atPath: cli.path("_site/ko/labels")).filter {
      $0.hasSuffix(".html")
    }
    #expect(labels.count == 3, "\(labels)")
    #expect(labels.allSatisfy { $0.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || "-.".contains($0)) } })
    let index = try cli.read("_site/en/labels.html")
    #expect(index.contains("<bdi>Bug</bdi>") && index.contains("<bdi>bug</bdi>") && index.contains("<bdi>kyo</bdi>"))
  }

  /// A label's calendar is kept by its print (`CalendarFeed.namePrints`): an edit of a hidden body changes no card
  /// as it shows, but its history entry moves the event's DTSTAMP, and the rebuilt calendar must say so.
  @Test func aHiddenBodysEditMovesTheLabelCalendarsStamp() throws {
    var cli = try started(.sqlite)
    defer { cli.remove() }
    #expect(try cli.run("add", "Task one", "--label", "team", "--due", "2026-11-25").status == 0)
    #expect(try cli.run("add", "Task two", "--label", "team", "--due", "2026-11-26").status == 0)
    let build = ["build", "--today", "2026-11-21", "--locales", "en", "--publish-bodies", "hide"]
    #expect(try cli.run(build).status == 0)
    let calendar = try #require(
      try FileManager.default.contentsOfDirectory(atPath: cli.path("_site/en/labels")).first { $0.hasSuffix(".ics") })
    let before = try cli.read("_site/en/labels/\(calendar)")
    // The edit an hour later: its entry's time is the event's new DTSTAMP.
    cli.environment["PMBOARD_NOW"] = "2026-11-21T10:00:00Z"
    let list = try cli.run("list", "--json")
    let id = try #require(list.stdout.firstMatch(of: /"id" *: *"([0-9a-f-]{36})"/)?.1)
    #expect(try cli.run("edit", String(id), "--body", "a secret body").status == 0)
    #expect(try cli.run(build).status == 0)
    #expect(try cli.run(build + ["--out", "fresh"]).status == 0)
    let rebuilt = try cli.read("_site/en/labels/\(calendar)")
    #expect(rebuilt != before, "the edit's entry moves the event's DTSTAMP")
    #expect(rebuilt == (try cli.read("fresh/en/labels/\(calendar)")))
    #expect(!rebuilt.contains("secret"))
  }

  /// #57: two labels crafted so that their slugs' 32-bit hashes are one (`CardNames.slug`) shared one page, and
  /// every later build failed with "File exists". Both take the sixteen-digit slug; both builds succeed.
  @Test func labelsWhoseShortSlugsCollideGetAPageEach() throws {
    let cli = try started(.sqlite)
    defer { cli.remove() }
    let (first, second) = ("bug !!+?+**", "bug !?!*~*+")
    #expect(CardNames.slug(of: first) == CardNames.slug(of: second), "the crafted pair collides")
    #expect(try cli.run("add", "One", "--label", first).status == 0)
    #expect(try cli.run("add", "Two", "--label", second).status == 0)
    for _ in 0..<2 {
      let build = try cli.run("build", "--today", "2026-11-21")
      #expect(build.status == 0, "\(build.stderr)")
    }
    let pages = try FileManager.default.contentsOfDirectory(atPath: cli.path("_site/en/labels")).filter {
      $0.hasSuffix(".html")
    }.sorted()
    #expect(
      pages == [first, second].map { "\(CardNames.slug(of: $0, long: true)).html" }.sorted(), "\(pages)")
    for (name, title) in [(first, "One"), (second, "Two")] {
      let page = try cli.read("_site/en/labels/\(CardNames.slug(of: name, long: true)).html")
      #expect(page.contains(title) && !page.contains(title == "One" ? ">Two<" : ">One<"))
    }
  }
}
