import Foundation
import PMBoardTestSupport
import Testing

/// Issue 18's "one change, few writes": after one `add`, `move` or `edit` the rebuild rewrites only the pages that
/// show the change (each locale's board, the pages of the columns the task left or entered, newest history page
/// and change feed, calendar, the changed task's page; board.json, the badges, the root index, the manifest),
/// judged by inode and modification time. The set does not grow with the board: full history pages, other
/// columns, the overdue page (no change here touches an overdue task) and other tasks' pages stay.
@Suite("one change, few writes", .serialized)
struct OneChangeRebuildTests {
  /// 2,500 tasks with an "added" entry each: three history pages per locale, two of them full.
  private static func board() -> String {
    let cards = (1...2500).map { n in
      BoardFixture.Card(
        id: BoardFixture.id(n), title: "task \(n)", due: n % 7 == 0 ? "2026-11-1\(n % 10)" : "2026-12-2\(n % 10)",
        state: ["todo", "doing", "done"][n % 3])
    }
    let history = (1...2500).map { n in
      """
      { "at": "2026-11-01T09:\(String(format: "%02d", n % 60)):00Z", "action": "added", "task": "\(BoardFixture.id(n))",
        "title": "task \(n)", "to": "todo" }
      """
    }
    return BoardFixture.json(timeZone: "Asia/Seoul", cards: cards, history: history.joined(separator: ",\n"))
  }

  /// The files a change of `task` in `columns` may rewrite: the pages that show the whole board or the newest
  /// changes, those columns' pages, and that task's own pages.
  private static func mayChange(_ path: String, task: String, columns: [String], newestHistory: String) -> Bool {
    let shared =
      [
        "index.html", "history.html", newestHistory, "history.atom", "calendar.ics", "tasks/\(task).html",
        "insights.html",
      ]
      + columns.map { "\($0).html" }
    let parts = path.split(separator: "/", maxSplits: 1).map(String.init)
    if parts.count == 2, ["ko", "en", "ja"].contains(parts[0]) { return shared.contains(parts[1]) }
    return ["index.html", "board.json", "insights.json", "calendar.ics", ".pmboard-manifest"].contains(path)
      || path.hasPrefix("badges/") || path.hasPrefix("search/")
  }

  @Test func oneAddMoveOrEditRewritesOnlyThePagesThatShowIt() throws {
    let cli = try CLIRunner.importing(Self.board())
    defer { cli.remove() }
    let build = ["build", "--today", "2026-11-21"]
    #expect(try cli.run(build).status == 0)
    var before = try SiteStamps.of(cli.path("_site"))
    #expect(before.keys.contains("ko/history-2.html"))
    #expect(try cli.run(build).status == 0)
    #expect(SiteStamps.rewritten(before, try SiteStamps.of(cli.path("_site"))).isEmpty, "a rebuild with no change")
    let added = try cli.run("add", "one more", "--due", "2026-11-25")
    #expect(added.status == 0)
    // Task n is in column n % 3 (todo, doing, done).
    let changes: [(name: String, arguments: [String], task: String?, columns: [String])] = [
      ("add", [], nil, ["todo"]),
      ("move", ["move", BoardFixture.id(9), "doing"], BoardFixture.id(9), ["todo", "doing"]),
      ("edit", ["edit", BoardFixture.id(10), "--title", "task ten"], BoardFixture.id(10), ["doing"]),
    ]
    for change in changes {
      if !change.arguments.isEmpty { #expect(try cli.run(change.arguments).status == 0) }
      let result = try cli.run(build)
      #expect(result.status == 0, "\(result.stderr)")
      let after = try SiteStamps.of(cli.path("_site"))
      let files = SiteStamps.rewritten(before, after)
      let task =
        change.task ?? after.keys.first { $0.hasPrefix("ko/tasks/") && before[$0] == nil }.map {
          String($0.dropFirst("ko/tasks/".count).dropLast(".html".count))
        } ?? "none"
      // The newest history page is also `history.html`; it is numbered from the oldest.
      let pages = after.keys.compactMap { Int($0.dropFirst("ko/history-".count).dropLast(".html".count)) }
      let newest = "history-\(pages.max() ?? 0).html"
      #expect(newest == "history-3.html")
      // Per locale the board, the columns, 2 history pages, change feed, calendar, the task page and the insights
      // (each of these changes shows in its counts or its aging table); and 6 files for the whole site, and the
      // search index of a changed part: its tasks, its text and the id files from the changed place on.
      let limit = 3 * (7 + change.columns.count) + 6 + 4
      #expect(files.count <= limit, "\(change.name) rewrote \(files.count) files: \(files)")
      #expect(
        files.filter { !Self.mayChange($0, task: task, columns: change.columns, newestHistory: newest) }.isEmpty,
        "\(change.name) rewrote \(files)")
      #expect(files.contains("en/\(change.columns[0]).html"), "\(change.name): \(files)")
      #expect(files.contains("ko/tasks/\(task).html"), "\(change.name): \(files)")
      before = after
    }
  }

  /// A cron job's rebuild, an hour after the last, without `--today`: the board's "as of" moves, the pages of
  /// columns the change did not touch keep their bytes, since they show when their column last changed instead.
  @Test(arguments: ["on", "off"]) func columnsAChangeDidNotTouchStayAcrossHours(taskPages: String) throws {
    var cli = try CLIRunner.importing(Self.board())
    defer { cli.remove() }
    try cli.write("pmboard.yml", "task-pages: \(taskPages == "on")\n")
    #expect(try cli.run("build").status == 0)
    let before = try SiteStamps.of(cli.path("_site"))
    #expect(try cli.read("_site/en/done.html").contains("<p class=\"as-of\">Last change "))
    cli.environment["PMBOARD_NOW"] = "2026-11-21T10:00:00Z"
    #expect(try cli.run("add", "one more").status == 0)
    #expect(try cli.run("build").status == 0)
    let files = SiteStamps.rewritten(before, try SiteStamps.of(cli.path("_site")))
    #expect(files.contains("en/index.html") && files.contains("en/todo.html"), "\(files)")
    for kept in ["doing.html", "done.html", "overdue.html"] {
      #expect(!files.contains("en/\(kept)"), "\(kept) was rewritten: \(files)")
    }
  }

  /// The issue's "~12 files": with one locale, one `add` rewrites those twelve, the insights page and its JSON
  /// (the add is in their counts) and the open tasks' search index (its tasks, their bodies and the id file of the
  /// new id's first hex digit, wherever the task lands), each named here.
  @Test func withOneLocaleAnAddRewritesSeventeenFiles() throws {
    let cli = try CLIRunner.importing(Self.board())
    defer { cli.remove() }
    let build = ["build", "--today", "2026-11-21", "--locales", "en"]
    #expect(try cli.run(build).status == 0)
    let before = try SiteStamps.of(cli.path("_site"))
    #expect(try cli.run("add", "one more", "--due", "2026-11-25").status == 0)
    #expect(try cli.run(build).status == 0)
    let after = try SiteStamps.of(cli.path("_site"))
    let task = after.keys.first { $0.hasPrefix("en/tasks/") && before[$0] == nil } ?? "none"
    let expected = [
      ".pmboard-manifest", "badges/open.svg", "board.json", "calendar.ics", "index.html", "en/index.html",
      "en/todo.html", "en/history.html", "en/history-3.html", "en/history.atom", "en/calendar.ics", task,
      "en/insights.html", "insights.json", "search/open.js", "search/open-text.js",
      "search/open-ids-\(task.dropFirst("en/tasks/".count).prefix(1)).js",
    ]
    #expect(SiteStamps.rewritten(before, after) == expected.sorted())
  }
}
