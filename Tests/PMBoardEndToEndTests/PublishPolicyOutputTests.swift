import Foundation
import PMBoardTestSupport
import Testing

/// End-to-end: what `publish:` leaves out is absent from every output, and changes to it move no published byte
/// (issue 31, items 10, 11 and 15).
@Suite("publish policy outputs", .serialized)
struct PublishPolicyOutputTests {
  static let history = """
    { "at": "2026-11-01T09:00:00Z", "action": "added", "task": "\(BoardFixture.id(1))", "title": "Visible task",
      "to": "todo", "by": "CANARY-AUTHOR-ONE" },
    { "at": "2026-11-02T09:00:00Z", "action": "added", "task": "\(BoardFixture.id(2))", "title": "Hidden task",
      "to": "todo", "by": "CANARY-AUTHOR-TWO" },
    { "at": "2026-11-03T09:00:00Z", "action": "moved", "task": "\(BoardFixture.id(2))", "title": "Hidden task",
      "from": "todo", "to": "done", "by": "CANARY-AUTHOR-TWO" },
    { "at": "2026-11-04T09:00:00Z", "action": "added", "task": "\(BoardFixture.id(3))", "title": "Doing task",
      "to": "doing", "by": "CANARY-AUTHOR-THREE" },
    { "at": "2026-11-05T09:00:00Z", "action": "edited", "task": "\(BoardFixture.id(3))", "title": "Doing task",
      "fields": ["body"], "by": "CANARY-AUTHOR-THREE" }
    """

  static let cards = [
    BoardFixture.Card(id: BoardFixture.id(1), title: "Visible task", due: "2026-11-25"),
    BoardFixture.Card(id: BoardFixture.id(2), title: "Hidden task", state: "done"),
    BoardFixture.Card(id: BoardFixture.id(3), title: "Doing task", due: "2026-11-10", state: "doing"),
  ]

  /// `states: [todo, doing]`: no output shows a DONE column, empty or not, or counts it.
  @Test func aLeftOutColumnIsShownNowhere() throws {
    let cli = try CLIRunner.importing(BoardFixture.json(cards: Self.cards, history: Self.history))
    defer { cli.remove() }
    try cli.write("pmboard.yml", "publish:\n  states: [todo, doing]\n")
    let result = try cli.run("build", "--today", "2026-11-21")
    #expect(result.status == 0, "\(result.stderr)")
    for page in ["index.html", "ko/index.html", "en/index.html", "ja/index.html"] {
      let html = try cli.read("_site/\(page)")
      #expect(!html.contains("col-done"), "\(page) shows the left-out column")
      #expect(html.contains("col-todo") && html.contains("col-doing"), "\(page)")
      #expect(!html.contains("class=\"empty\""), "\(page): no column is empty, none is shown as empty")
    }
    #expect(!(try cli.read("_site/en/index.html").contains(">Done <")), "no DONE heading or jump link")
    for file in ["en/done.html", "badges/done.svg"] {
      #expect(!FileManager.default.fileExists(atPath: cli.path("_site/\(file)")), "\(file)")
    }
    let json = try #require(cli.data("_site/board.json"))
    let board = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    let counts = try #require(board["counts"] as? [String: Int])
    #expect(counts == ["todo": 1, "doing": 1], "board.json counts only the published columns")
    // The schema's oracle still accepts it.
    let check = try cli.run(
      "/usr/bin/env", "python3", FeedTests.script, cli.path("_site"), FeedTests.schema)
    #expect(check.status == 0, "\(check.stderr)")
    let report = try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any]
    #expect(report?["errors"] as? [String] == [], "\(check.stdout)")
  }

  /// `authors: hide`: the canaries in every entry's author appear in no file; without it they do (so the test
  /// would see them if they leaked).
  @Test func hiddenAuthorsAppearInNoOutputFile() throws {
    let cli = try CLIRunner.importing(BoardFixture.json(cards: Self.cards, history: Self.history))
    defer { cli.remove() }
    let shown = try cli.run("build", "--today", "2026-11-21")
    #expect(shown.status == 0, "\(shown.stderr)")
    #expect(try cli.read("_site/en/history.html").contains("CANARY-AUTHOR-ONE"), "authors shown by default")
    try cli.write("pmboard.yml", "publish:\n  authors: hide\n  history: full\n")
    let result = try cli.run("build", "--today", "2026-11-21")
    #expect(result.status == 0, "\(result.stderr)")
    let files = try cli.siteFiles()
    #expect(files.keys.contains("en/history.html") && files.keys.contains("board.json"))
    #expect(files.keys.contains { $0.hasPrefix("en/tasks/") }, "task pages show history entries too")
    for (path, data) in files {
      #expect(data.range(of: Data("CANARY".utf8)) == nil, "\(path) holds an author")
    }
    #expect(try cli.read("_site/en/history.html").contains("Hidden task"), "the entries stay, without authors")
    try cli.write("pmboard.yml", "publish:\n  authors: maybe\n")
    let refused = try cli.run("build")
    #expect(refused.status != 0)
    #expect(refused.stderr.contains("`authors` takes show or hide"), "\(refused.stderr)")
  }

  /// A change to a task in a left-out column moves no byte of any published file: not the calendar's DTSTAMP,
  /// not the change feed's `updated`, under every history setting.
  @Test(arguments: ["full", "titles", "off"]) func editingAHiddenTaskChangesNoPublishedByte(history: String) throws {
    let cli = try CLIRunner.importing(BoardFixture.json(cards: Self.cards, history: Self.history))
    defer { cli.remove() }
    try cli.write("pmboard.yml", "publish:\n  states: [todo, doing]\n  history: \(history)\n")
    let first = try cli.run("build")
    #expect(first.status == 0, "\(first.stderr)")
    let before = try cli.siteFiles()
    #expect(before.keys.contains("calendar.ics"))
    let edited = try cli.run("edit", BoardFixture.id(2), "--title", "Hidden task, renamed")
    #expect(edited.status == 0, "\(edited.stderr)")
    let second = try cli.run("build")
    #expect(second.status == 0, "\(second.stderr)")
    let after = try cli.siteFiles()
    #expect(Set(after.keys) == Set(before.keys))
    for (path, data) in after where before[path] != data {
      Issue.record("\(path) changed after an edit of a task the policy hides")
    }
    // A published task's edit still moves the stamp: the rule is not "never move".
    #expect(try cli.run("edit", BoardFixture.id(1), "--title", "Visible task, renamed").status == 0)
    #expect(try cli.run("build").status == 0)
    #expect(try cli.siteFiles()["calendar.ics"] != before["calendar.ics"])
  }

  /// `labels: {only: [public]}` (and `except`): a task without the label is in no output, by title, body, id,
  /// label or person, and a change to it moves no published byte.
  @Test(arguments: ["{only: [public]}", "{except: [internal]}"])
  func aTaskLeftOutByItsLabelsIsInNoOutput(rule: String) throws {
    let cli = try CLIRunner.importing(BoardFixture.json(cards: Self.cards, history: Self.history))
    defer { cli.remove() }
    let (shown, hidden) = (BoardFixture.id(1), BoardFixture.id(2))
    #expect(try cli.run("edit", shown, "--label", "public", "--assignee", "visible-person").status == 0)
    let labelled = try cli.run(
      "edit", hidden, "--label", "internal", "--label", "SECRET-LABEL", "--assignee", "SECRET-PERSON", "--body",
      "SECRET-BODY")
    #expect(labelled.status == 0, "\(labelled.stderr)")
    // Task 3 has no label: `only` leaves it out, `except` keeps it.
    try cli.write("pmboard.yml", "publish:\n  labels: \(rule)\n")
    let result = try cli.run("build", "--today", "2026-11-21")
    #expect(result.status == 0, "\(result.stderr)")
    let files = try cli.siteFiles()
    #expect(files.keys.contains("board.json") && files.keys.contains("calendar.ics"))
    for (path, data) in files {
      for canary in ["SECRET", "Hidden task", hidden] {
        if let range = data.range(of: Data(canary.utf8)) {
          let around = data[max(0, range.lowerBound - 80)..<min(data.count, range.upperBound + 40)]
          Issue.record("\(path) holds \(canary): \(String(decoding: around, as: UTF8.self))")
        }
      }
    }
    #expect(try cli.read("_site/en/index.html").contains("Visible task"))
    #expect(try cli.read("_site/en/index.html").contains("Doing task") == rule.contains("except"))
    let before = files
    #expect(try cli.run("edit", hidden, "--title", "Hidden task, renamed").status == 0)
    #expect(try cli.run("build", "--today", "2026-11-21").status == 0)
    for (path, data) in try cli.siteFiles() where before[path] != data {
      Issue.record("\(path) changed after an edit of a task the policy hides")
    }
    try cli.write("pmboard.yml", "publish:\n  labels: {sometimes: [x]}\n")
    let refused = try cli.run("build")
    #expect(refused.status != 0 && refused.stderr.contains("`labels` takes only or except"), "\(refused.stderr)")
    try cli.write("pmboard.yml", "")
    let flag = try cli.run("build", "--publish-labels", "only:public", "--today", "2026-11-21")
    #expect(flag.status == 0, "\(flag.stderr)")
    #expect(!(try cli.read("_site/board.json").contains("Hidden task")))
  }
}
