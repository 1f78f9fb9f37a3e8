import Foundation
import PMBoardTestSupport
import Testing

/// Every HTML list of DONE cards is newest first, by the time each task was last put in DONE, the cards without one
/// after in board order, whether the column is capped or not (issue #57: the order was newest first only once a
/// column passed `column-limit` cards, and never on `done.html`). `list` and `board.json` keep board order.
@Suite("done order")
struct DoneOrderTests {
  /// Five done tasks, a to e in board order (one due day, so by title), all labelled "ship" and assigned to mina:
  /// e was done first, then b, then d on the same day; a has no history entry (added straight into DONE before the history began)
  /// and c's move a sync lost, so neither has a done time.
  static func board() -> String {
    let letters = ["a", "b", "c", "d", "e"]
    let tasks = letters.enumerated().map { index, letter in
      """
      { "id": "\(BoardFixture.id(index + 1))", "title": "done \(letter)", "body": "", "due": "2026-11-30",
        "state": "done", "labels": ["ship"], "assignees": ["mina"], "created": "2026-11-01T09:00:00Z",
        "updated": "2026-11-01T09:00:00Z" }
      """
    }
    let moves = [
      ("e", "2026-11-10T09:00:00Z", ""), ("b", "2026-11-16T08:00:00Z", ""),
      (
        "c", "2026-11-14T09:00:00Z",
        ", \"resolution\": \"lost\""
      ), ("d", "2026-11-16T09:00:00Z", ""),
    ]
    let history = moves.map { letter, at, lost in
      let id = BoardFixture.id((letters.firstIndex(of: letter) ?? 0) + 1)
      return """
        { "at": "\(at)", "action": "moved", "task": "\(id)", "title": "done \(letter)", "from": "doing",
          "to": "done"\(lost) }
        """
    }
    return """
      { "format": "pmboard/1", "board": { "title": "Done order", "timeZone": "UTC" },
        "tasks": [ \(tasks.joined(separator: ",\n")) ], "history": [ \(history.joined(separator: ",\n")) ] }
      """
  }

  /// The titles of the DONE cards in `page`, in the order it lists them.
  static func doneTitles(_ page: String) -> [String] {
    let section = page.components(separatedBy: "<section class=\"column done\"").dropFirst().first ?? ""
    let cards = section.components(separatedBy: "</section>").first ?? ""
    return cards.components(separatedBy: "<bdi>done ").dropFirst().compactMap {
      $0.components(separatedBy: "</bdi>").first
    }
  }

  @Test func everyPageListsDoneCardsNewestFirstAndTheRestInBoardOrder() throws {
    let cli = try CLIRunner.importing(Self.board())
    defer { cli.remove() }
    let build = try cli.run("build", "--today", "2026-11-21")
    try #require(build.status == 0, "\(build.stderr)")
    let newestFirst = ["d", "b", "e", "a", "c"]
    let labels = try FileManager.default.contentsOfDirectory(atPath: cli.path("_site/en/labels"))
    let people = try FileManager.default.contentsOfDirectory(atPath: cli.path("_site/en/people"))
    let label = try #require(labels.first { $0.hasSuffix(".html") })
    let person = try #require(people.first { $0.hasSuffix(".html") })
    for page in [
      "index.html", "en/index.html", "ko/index.html", "ja/done.html", "en/done.html", "en/labels/\(label)",
      "ko/people/\(person)",
    ] {
      #expect(Self.doneTitles(try cli.read("_site/\(page)")) == newestFirst, "\(page)")
    }
    // What is not an HTML list of cards keeps board order.
    let json = try cli.read("_site/board.json")
    let order = ["a", "b", "c", "d", "e"].compactMap { json.range(of: "\"done \($0)\"")?.lowerBound }
    #expect(order.count == 5 && order == order.sorted(), "board.json in board order")
    let list = try cli.run("list", "--state", "done")
    let listed = list.stdout.split(separator: "\n").compactMap { line in
      ["a", "b", "c", "d", "e"].first { line.contains("done \($0)") }
    }
    #expect(listed == ["a", "b", "c", "d", "e"], "\(list.stdout)")
  }

  /// Done again later the same day, b moves above d on a rebuild: their cards and done days are as they were,
  /// only their order is not, and the pages that keep by fingerprint must not keep the old order.
  @Test func aRebuildSeesTheOrderMove() throws {
    let cli = try CLIRunner.importing(Self.board())
    defer { cli.remove() }
    try #require(try cli.run("build", "--today", "2026-11-21").status == 0)
    let labels = try FileManager.default.contentsOfDirectory(atPath: cli.path("_site/en/labels"))
    let label = "_site/en/labels/" + (try #require(labels.first { $0.hasSuffix(".html") }))
    #expect(Self.doneTitles(try cli.read(label)) == ["d", "b", "e", "a", "c"])
    var later = cli
    later.environment["PMBOARD_NOW"] = "2026-11-16T12:00:00Z"
    try #require(try later.run("move", BoardFixture.id(2), "doing").status == 0)
    try #require(try later.run("move", BoardFixture.id(2), "done").status == 0)
    try #require(try cli.run("build", "--today", "2026-11-21").status == 0)
    for page in [label, "_site/en/done.html", "_site/en/index.html"] {
      #expect(Self.doneTitles(try cli.read(page)) == ["b", "d", "e", "a", "c"], "\(page)")
    }
  }
}
