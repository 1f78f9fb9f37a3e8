import Foundation
import PMBoardCore
import PMBoardTestSupport
import Testing

/// End-to-end: the pages that keep a big board usable: task pages and tombstones, capped columns with their
/// "Show all" pages, the overdue page, and card details (due label, cut bodies).
@Suite("task, column and overdue pages", .serialized)
struct BigBoardPageTests {
  private static let longBody = String(repeating: "긴 설명 long body ", count: 30)

  /// Seven TODO cards (three overdue on 2026-11-21, one due today), two DOING, one DONE.
  private static func board() -> String {
    var cards = (1...7).map { n in
      BoardFixture.Card(
        id: BoardFixture.id(n), title: "todo \(n)", body: n == 5 ? longBody : "short \(n)",
        due: n <= 3 ? "2026-11-1\(n)" : n == 4 ? "2026-11-21" : "2026-12-0\(n)")
    }
    cards.append(BoardFixture.Card(id: BoardFixture.id(8), title: "doing late", due: "2026-11-02", state: "doing"))
    cards.append(BoardFixture.Card(id: BoardFixture.id(9), title: "doing fine", due: "2026-12-24", state: "doing"))
    cards.append(BoardFixture.Card(id: BoardFixture.id(10), title: "done late", due: "2026-11-01", state: "done"))
    return BoardFixture.json(timeZone: "Asia/Seoul", cards: cards)
  }

  private static func cardTitles(_ html: String) -> [String] {
    html.components(separatedBy: "<li class=\"card").dropFirst().compactMap { card in
      card.components(separatedBy: "<bdi>").dropFirst().first?.components(separatedBy: "</bdi>").first
    }
  }

  @Test func columnsShowTheirLimitLeadingWithWhatIsDueThenLinkTheWholeColumn() throws {
    let cli = try CLIRunner.importing(Self.board())
    defer { cli.remove() }
    try cli.write("pmboard.yml", "column-limit: 3\n")
    let result = try cli.run("build", "--today", "2026-11-21")
    #expect(result.status == 0, "\(result.stderr)")
    let board = try cli.read("_site/en/index.html")
    let todo = try #require(
      board.components(separatedBy: "<section class=\"column todo\"").last?.components(
        separatedBy: "</section>"
      ).first)
    // Due this week first (todo 4, due today), then the overdue ones, the most recently due first.
    #expect(Self.cardTitles(todo) == ["todo 4", "todo 3", "todo 2"], "three of seven, what needs a reader first")
    #expect(todo.contains("<p class=\"lead-note\">Due this week first (1), then overdue (3)</p>"))
    #expect(todo.contains("<a href=\"todo.html\">Show all (7)</a>"))
    #expect(!board.contains("doing.html\">Show all"), "DOING fits: no link")
    #expect(board.contains("<nav class=\"jump\"") && board.contains("<a href=\"#col-done\">"))
    let column = try cli.read("_site/en/todo.html")
    #expect(Self.cardTitles(column) == (1...7).map { "todo \($0)" })
    #expect(column.contains("<body class=\"column-page\""))
    let overdue = try cli.read("_site/en/overdue.html")
    #expect(Self.cardTitles(overdue) == ["todo 1", "todo 2", "todo 3", "doing late"], "done is never overdue")
    // The root index links the default locale's pages from the site root.
    let root = try cli.read("_site/index.html")
    #expect(root.contains("<a href=\"ko/todo.html\">") && root.contains("href=\"ko/tasks/\(BoardFixture.id(2)).html\""))
    // A flag: the limit on the command line wins over pmboard.yml, and nonsense is one clear line.
    #expect(try cli.run("build", "--today", "2026-11-21", "--column-limit", "10").status == 0)
    #expect(!(try cli.read("_site/en/index.html")).contains("Show all"))
    let bad = try cli.run("build", "--column-limit", "0")
    #expect(bad.status != 0 && bad.stderr.contains("--column-limit"))
    try cli.write("pmboard.yml", "column-limit: many\n")
    let badConfig = try cli.run("build")
    #expect(badConfig.status == 1 && badConfig.stderr.contains("pmboard.yml:1:1: `column-limit` takes a number"))
  }

  @Test func cardsLinkTaskPagesWithTheirDueLabelAndACutBody() throws {
    let cli = try CLIRunner.importing(Self.board())
    defer { cli.remove() }
    #expect(try cli.run("build", "--today", "2026-11-21").status == 0)
    let board = try cli.read("_site/en/index.html")
    let id = BoardFixture.id(5)
    #expect(board.contains("<h3><a href=\"tasks/\(id).html\"><bdi>todo 5</bdi></a></h3>"))
    #expect(board.contains("…</p><a class=\"more\" href=\"tasks/\(id).html\">more</a>"))
    #expect(!board.contains(Self.longBody), "the card shows the start of a long body")
    #expect(board.contains("<div class=\"due\">Due <time datetime=\"2026-11-11\">"))
    let page = try cli.read("_site/en/tasks/\(id).html")
    #expect(page.contains("<body class=\"task-page\""))
    #expect(page.contains("<h2 id=\"task-heading\"><bdi>todo 5</bdi></h2>"))
    #expect(page.contains(Self.longBody), "the task page shows the whole body")
    #expect(page.contains("<dd><a href=\"../todo.html\">TODO</a></dd>"))
    #expect(page.contains("href=\"../../assets/style.css\"") && page.contains("href=\"../../ja/tasks/\(id).html\""))
    let late = try cli.read("_site/ko/tasks/\(BoardFixture.id(8)).html")
    #expect(late.contains("<strong class=\"flag\">기한 지남</strong>"))
  }

  @Test func aRemovedTaskLeavesATombstoneAndEveryPageKeepsItsURL() throws {
    let cli = try CLIRunner.importing(Self.board())
    defer { cli.remove() }
    let id = BoardFixture.id(9)
    #expect(try cli.run("build", "--today", "2026-11-21").status == 0)
    let before = try cli.read("_site/en/tasks/\(id).html")
    #expect(before.contains("doing fine"))
    #expect(try cli.run("edit", id, "--title", "doing better").status == 0)
    #expect(try cli.run("remove", id).status == 0)
    #expect(try cli.run("build", "--today", "2026-11-21").status == 0)
    let tombstone = try cli.read("_site/en/tasks/\(id).html")
    #expect(tombstone.contains("<body class=\"task-page tombstone\""))
    #expect(tombstone.contains("<bdi>doing better</bdi>"))
    #expect(tombstone.contains("<p class=\"removed\">Removed on "))
    #expect(tombstone.contains("Removed “\u{2068}doing better\u{2069}” from DOING"))
    let removed = try #require(tombstone.range(of: "Removed “\u{2068}doing better"))
    let edited = try #require(tombstone.range(of: "Edited “\u{2068}doing better\u{2069}” (title)"))
    #expect(removed.lowerBound < edited.lowerBound, "its own history, newest first")
    #expect(!tombstone.contains("todo 1"), "only its own history")
    let history = try cli.read("_site/en/history.html")
    // The task's title is the link, not the whole sentence.
    #expect(history.contains("Removed “\u{2068}<a href=\"tasks/\(id).html\">doing better</a>\u{2069}” from DOING"))
    #expect(history.contains("<p class=\"zone\">Time zone: Asia/Seoul</p>"))
    // Every other task's page is still where it was.
    for n in 1...8 {
      #expect(FileManager.default.fileExists(atPath: cli.path("_site/ja/tasks/\(BoardFixture.id(n)).html")))
    }
  }

  @Test func unpublishedStatesGetNoPages() throws {
    let cli = try CLIRunner.importing(Self.board())
    defer { cli.remove() }
    try cli.write("pmboard.yml", "publish: {states: [todo, doing]}\n")
    #expect(try cli.run("build", "--today", "2026-11-21").status == 0)
    #expect(!FileManager.default.fileExists(atPath: cli.path("_site/en/done.html")))
    #expect(!FileManager.default.fileExists(atPath: cli.path("_site/en/tasks/\(BoardFixture.id(10)).html")))
    #expect(FileManager.default.fileExists(atPath: cli.path("_site/en/tasks/\(BoardFixture.id(9)).html")))
  }
}

extension BigBoardPageTests {
  /// A task page shows nothing of the rest of the board (no "as of", no counts), so one change rewrites only the
  /// pages of the task it touched, never every other task's.
  @Test func oneChangeLeavesOtherTaskPagesUntouched() throws {
    let cli = try CLIRunner.importing(Self.board())
    defer { cli.remove() }
    let build = ["build", "--today", "2026-11-21"]
    #expect(try cli.run(build).status == 0)
    func inode(_ path: String) throws -> Int? {
      try FileManager.default.attributesOfItem(atPath: cli.path("_site/\(path)"))[.systemFileNumber] as? Int
    }
    let others = try (1...8).map { try inode("ko/tasks/\(BoardFixture.id($0)).html") }
    let touched = try inode("ko/tasks/\(BoardFixture.id(9)).html")
    #expect(try cli.run("move", BoardFixture.id(9), "done").status == 0)
    let rebuilt = try cli.run(build)
    #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
    #expect(try (1...8).map { try inode("ko/tasks/\(BoardFixture.id($0)).html") } == others)
    #expect(try inode("ko/tasks/\(BoardFixture.id(9)).html") != touched)
    #expect(
      try cli.read("_site/ko/tasks/\(BoardFixture.id(9)).html").contains("<dd><a href=\"../done.html\">완료</a></dd>"))
  }
}

extension BigBoardPageTests {
  @Test func withoutTaskPagesNothingLinksToThem() throws {
    let cli = try CLIRunner.importing(Self.board())
    defer { cli.remove() }
    try cli.write("pmboard.yml", "task-pages: false\n")
    #expect(try cli.run("build", "--today", "2026-11-21").status == 0)
    #expect(!FileManager.default.fileExists(atPath: cli.path("_site/en/tasks")))
    for page in ["en/index.html", "en/todo.html", "en/history.html", "index.html"] {
      #expect(!(try cli.read("_site/\(page)")).contains("tasks/"), "\(page) links a task page")
    }
    #expect(try cli.run("build", "--today", "2026-11-21", "--task-pages", "on").status == 0)
    #expect(FileManager.default.fileExists(atPath: cli.path("_site/en/tasks/\(BoardFixture.id(1)).html")))
  }

  /// A long body is cut on its card only where a task page shows the rest; without task pages the cards carry it
  /// whole, or its end would be on no page at all.
  @Test func withoutTaskPagesCardsShowWholeBodies() throws {
    var cli = try CLIRunner()
    defer { cli.remove() }
    cli.environment["PMBOARD_STORE"] = cli.path("board.sqlite")
    #expect(try cli.run("init", "--title", "T", "--time-zone", "UTC").status == 0)
    let body = String(repeating: "word ", count: 80) + "the end"
    #expect(try cli.run("add", "Long one", "--body", body).status == 0)
    #expect(try cli.run("build", "--today", "2026-11-21", "--task-pages", "off").status == 0)
    for page in ["en/index.html", "en/todo.html", "ko/todo.html"] {
      let html = try cli.read("_site/\(page)")
      #expect(html.contains(body), "\(page) cuts the body")
      #expect(!html.contains("class=\"more\""), "\(page) links a task page")
    }
    #expect(try cli.run("build", "--today", "2026-11-21", "--task-pages", "on").status == 0)
    let cut = try cli.read("_site/en/todo.html")
    #expect(!cut.contains(body) && cut.contains("…</p><a class=\"more\""), "with task pages the card is cut")
  }
}

/// Incremental rendering: a task page whose inputs (the task, its history, the theme, the settings, the binary)
/// did not change is kept without being rendered again, and any change to those renders it again.
extension BigBoardPageTests {
  @Test func aTaskPageIsRenderedAgainOnlyWhenItsInputsChange() throws {
    let cli = try CLIRunner.importing(Self.board())
    defer { cli.remove() }
    let build = ["build", "--today", "2026-11-21"]
    let page = "_site/en/tasks/\(BoardFixture.id(1)).html"
    #expect(try cli.run(build).status == 0)
    #expect(try cli.read("_site/.pmboard-manifest").contains("en/tasks/\(BoardFixture.id(1)).html\t"))
    let taskPage = KeptPage(page, in: cli)
    try taskPage.mark()
    #expect(try cli.run("move", BoardFixture.id(9), "done").status == 0)
    #expect(try cli.run(build).status == 0)
    #expect(try taskPage.isKept, "another task's change does not render this page")
    #expect(try cli.run("edit", BoardFixture.id(1), "--body", "new body").status == 0)
    #expect(try cli.run(build).status == 0)
    #expect(try !taskPage.isKept && cli.read(page).contains("new body"), "its own change does")
    for change in [
      {
        try cli.write("Templates/task.mustache", try String(contentsOfFile: Self.builtInTask, encoding: .utf8) + "\n")
      },
      { try cli.write("pmboard.yml", "base-url: https://example.org/b/\n") },
      { try cli.write("pmboard.yml", "publish: {bodies: hide}\n") },
      {
        let english = Golden.repositoryRoot.appendingPathComponent("Templates/locales/en.yml").path
        let text = try String(contentsOfFile: english, encoding: .utf8)
        try cli.write("Templates/locales/en.yml", text.replacingOccurrences(of: "state: State", with: "state: Status"))
      },
    ] as [() throws -> Void] {
      try taskPage.mark()
      try change()
      #expect(try cli.run(build).status == 0)
      #expect(try !taskPage.isKept, "a theme or setting change renders it again")
    }
    try taskPage.mark()
    #expect(try cli.run("build", "--today", "2026-11-22").status == 0)
    #expect(try taskPage.isKept, "a new day changes nothing on a task not due then")
    // Another pmboard binary (here: a copy, another file) renders every page again.
    let copy = cli.path("pmboard-copy")
    try FileManager.default.copyItem(atPath: CLIRunner.binary.path, toPath: copy)
    try taskPage.mark()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: copy)
    process.arguments = ["build", "--today", "2026-11-22"]
    process.currentDirectoryURL = cli.directory
    process.environment = cli.environment
    process.standardError = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(try !taskPage.isKept, "a new binary renders it again")
  }

  private static var builtInTask: String {
    Golden.repositoryRoot.appendingPathComponent("Templates/task.mustache").path
  }
}

extension BigBoardPageTests {
  /// A task page is kept by a fingerprint of its task alone, so a theme's own task template gets no board-wide
  /// values to show (they would go stale on pages that are not rendered again).
  @Test func aTaskTemplateSeesNothingOfTheWholeBoard() throws {
    let cli = try CLIRunner.importing(Self.board())
    defer { cli.remove() }
    let theme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Templates/task.mustache").path
    let task = try String(contentsOfFile: theme, encoding: .utf8)
    try FileManager.default.createDirectory(atPath: cli.path("Templates"), withIntermediateDirectories: true)
    try cli.write(
      "Templates/task.mustache",
      task.replacingOccurrences(of: "</main>", with: "<p>[{{asOf}}|{{summaryHead}}|{{overdueCount}}]</p>\n</main>"))
    let result = try cli.run("build", "--today", "2026-11-21")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try cli.read("_site/en/tasks/\(BoardFixture.id(1)).html").contains("<p>[||0]</p>"))
  }
}
