import Foundation
import PMBoardTestSupport
import Testing

/// End-to-end: the sources' fields with the real binary. A GitHub project imported with its field list, then again
/// changed (a `defined` line for the new iteration, then one `edited` line whose `changes` say each value); boards
/// imported before fields (a milestone and Taskwarrior's project and priority as labels) moving to the fields on
/// their first re-import; a CSV column as a number field.
@Suite("pmboard import --from: fields", .serialized)
struct ImportFieldsFromSourceTests {
  static let fixtures = Golden.repositoryRoot.appendingPathComponent("Tests/Scripts/fixtures/import")

  static func fixture(_ name: String) throws -> String {
    try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
  }

  /// A runner with a board in Asia/Seoul at `store`, made before the sources' times.
  func board(_ store: String = "board.sqlite") throws -> CLIRunner {
    var cli = try CLIRunner()
    cli.environment["PMBOARD_STORE"] = store
    cli.environment["PMBOARD_NOW"] = "2026-10-01T00:00:00Z"
    #expect(try cli.run("init", "--title", "T", "--time-zone", "Asia/Seoul").status == 0)
    cli.environment["PMBOARD_NOW"] = "2026-11-21T09:00:00Z"
    return cli
  }

  func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  /// `history --json`'s entries, oldest first.
  func history(_ cli: CLIRunner) throws -> [[String: Any]] {
    try #require(try json(cli.run("history", "--json", "--limit", "1000").stdout)["history"] as? [[String: Any]])
  }

  /// An entry's `changes` as `key before → after`.
  func changes(_ entry: [String: Any]) -> [String] {
    (entry["changes"] as? [[String: Any]] ?? []).map {
      "\($0["key"] ?? "") \($0["before"] ?? "") → \($0["after"] ?? "")"
    }
  }

  func exportedTasks(_ cli: CLIRunner) throws -> [[String: Any]] {
    try #require(try json(cli.run("export").stdout)["tasks"] as? [[String: Any]])
  }

  @Test(arguments: CLIRunner.storeFiles)
  func aGitHubProjectReImportRecordsFieldChangesAsEdits(store: String) throws {
    var cli = try board(store)
    defer { cli.remove() }
    try cli.write("items.json", try Self.fixture("project-items.json"))
    try cli.write("fields.json", try Self.fixture("project-fields.json"))
    let arguments = [
      "import", "--from", "github-project", "items.json", "--fields", "fields.json", "--status-map", "Blocked=doing",
    ]
    let first = try cli.run(arguments)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(
      first.stdout.hasSuffix("5 added, 0 edited, 1 moved, 0 removed, 7 defined (13 history entries)\n"),
      "\(first.stdout)")
    let fields = try #require(
      try JSONSerialization.jsonObject(with: Data(cli.run("field", "list", "--json").stdout.utf8)) as? [[String: Any]])
    #expect(
      fields.map { "\($0["key"]!) \($0["type"]!)" } == [
        "label multi-select", "assignee multi-select", "milestone milestone", "priority select",
        "story-points number", "target-date date", "iteration milestone", "team text", "risk select",
      ])
    let shown = try cli.run("show", try #require(try exportedTasks(cli).first?["id"] as? String)).stdout
    #expect(shown.contains("priority:  P1") && shown.contains("iteration: Sprint 4"), "\(shown)")
    // On GitHub: a new sprint, the priority raised, the estimate grown.
    let changed = try Self.fixture("project-items.json")
      .replacingOccurrences(of: #""priority":"P1""#, with: #""priority":"P0""#)
      .replacingOccurrences(of: #""story Points":3,"#, with: #""story Points":5,"#)
      .replacingOccurrences(
        of: #"{"duration":14,"startDate":"2026-11-02","title":"Sprint 4"}"#,
        with: #"{"duration":14,"startDate":"2026-11-16","title":"Sprint 5"}"#)
    try cli.write("items.json", changed)
    cli.environment["PMBOARD_NOW"] = "2026-11-22T09:00:00Z"
    let again = try cli.run(arguments)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout.hasSuffix("0 added, 1 edited, 0 moved, 0 removed, 1 defined (2 history entries)\n"))
    let last = try history(cli).suffix(2)
    #expect(last.map { $0["action"] as? String } == ["defined", "edited"])
    #expect(changes(last.first!) == ["option  → Sprint 5 (2026-11-16 – 2026-11-29)"])
    #expect(last.last?["title"] as? String == "Login fails on Android 15")
    #expect(last.last?["fields"] as? [String] == ["fields"])
    #expect(changes(last.last!) == ["priority P1 → P0", "story-points 3 → 5", "iteration Sprint 4 → Sprint 5"])
    #expect(
      last.allSatisfy {
        $0["at"] as? String == "2026-11-22T09:00:00Z" && $0["by"] as? String == "import:github-project"
      })
    #expect(try cli.run(arguments).stdout.hasSuffix("(0 history entries)\n"), "the same file again records nothing")
  }

  @Test func taskwarriorProjectAndPriorityMoveFromLabelsToFields() throws {
    let cli = try CLIRunner.importing(
      """
      {"format": "pmboard/1", "board": {"title": "T", "timeZone": "UTC"},
       "tasks": [{"id": "6f1c2b1e-8d3a-4c55-9b1e-2f0a4b3c5d01", "title": "Call the bank", "state": "todo",
         "labels": ["errand", "priority:H", "project:home"], "due": "2026-11-30",
         "created": "2026-11-01T09:00:00Z", "updated": "2026-11-03T09:00:00Z",
         "source": "taskwarrior", "sourceId": "5b2e1e0c-0e0f-4e43-9f0c-0d7c1a3e9f01"}],
       "history": [{"at": "2026-11-01T09:00:00Z", "action": "added", "task": "6f1c2b1e-8d3a-4c55-9b1e-2f0a4b3c5d01",
         "title": "Call the bank", "to": "todo", "by": "import:taskwarrior"}]}
      """)
    defer { cli.remove() }
    try cli.write(
      "tw.json",
      """
      [{"description": "Call the bank", "entry": "20261101T090000Z", "modified": "20261103T090000Z",
        "status": "pending", "uuid": "5b2e1e0c-0e0f-4e43-9f0c-0d7c1a3e9f01", "due": "20261130T090000Z",
        "project": "home", "priority": "H", "tags": ["errand"]}]
      """)
    let moved = try cli.run("import", "--from", "taskwarrior", "tw.json")
    #expect(moved.status == 0, "\(moved.stderr)")
    #expect(moved.stdout.hasSuffix("0 added, 1 edited, 0 moved, 0 removed, 2 defined (3 history entries)\n"))
    let lines = try history(cli)
    #expect(lines.map { $0["action"] as? String } == ["added", "defined", "defined", "edited"])
    #expect(lines.last?["fields"] as? [String] == ["labels", "fields"])
    #expect(changes(lines.last!) == ["project  → home", "priority  → H"])
    let task = try #require(try exportedTasks(cli).first)
    #expect(task["labels"] as? [String] == ["errand"] && task["due"] as? String == "2026-11-30")
    #expect(try cli.run("import", "--from", "taskwarrior", "tw.json").stdout.hasSuffix("(0 history entries)\n"))
  }

  @Test func aGitHubMilestoneMovesFromTheLabelsToTheMilestoneField() throws {
    let cli = try CLIRunner.importing(
      """
      {"format": "pmboard/1", "board": {"title": "T", "timeZone": "Asia/Seoul"},
       "tasks": [{"id": "6f1c2b1e-8d3a-4c55-9b1e-2f0a4b3c5d02", "title": "Login fails", "state": "todo",
         "labels": ["bug", "v2.0"], "due": "2026-12-15",
         "created": "2026-11-01T09:00:00Z", "updated": "2026-11-02T10:00:00Z", "source": "github", "sourceId": "17"}],
       "history": [{"at": "2026-11-01T09:00:00Z", "action": "added", "task": "6f1c2b1e-8d3a-4c55-9b1e-2f0a4b3c5d02",
         "title": "Login fails", "to": "todo", "by": "import:github"}]}
      """)
    defer { cli.remove() }
    try cli.write(
      "issues.json",
      """
      [{"number": 17, "title": "Login fails", "body": "", "state": "OPEN", "labels": [{"name": "bug"}],
        "milestone": {"number": 3, "title": "v2.0", "description": "", "dueOn": "2026-12-15T08:00:00Z"},
        "createdAt": "2026-11-01T09:00:00Z", "updatedAt": "2026-11-02T10:00:00Z", "closedAt": null}]
      """)
    let moved = try cli.run("import", "--from", "github", "issues.json")
    #expect(moved.status == 0, "\(moved.stderr)")
    #expect(moved.stdout.hasSuffix("0 added, 1 edited, 0 moved, 0 removed, 1 defined (2 history entries)\n"))
    #expect(changes(try history(cli).last!) == ["milestone  → v2.0"])
    let task = try #require(try exportedTasks(cli).first)
    #expect(task["labels"] as? [String] == ["bug"] && task["due"] as? String == "2026-12-15")
    #expect(try cli.run("milestone", "close", "v2.0").status == 0, "the imported milestone is the board's")
    #expect(try cli.run("field", "list").stdout.contains(": v2.0 (due 2026-12-15, closed)"))
  }

  @Test func aCSVColumnIsReadAsTheBoardsNumberField() throws {
    let cli = try board()
    defer { cli.remove() }
    #expect(try cli.run("field", "add", "estimate", "--type", "number").status == 0)
    try cli.write("sheet.csv", "id,title,Story Points,Team\n1,Fix login,3,web\n2,Docs,,\n")
    let imported = try cli.run(
      "import", "--from", "csv", "sheet.csv", "--field", "Story Points=estimate", "--field", "Team")
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.contains("2 added, 0 edited, 0 moved, 0 removed, 1 defined"), "\(imported.stdout)")
    #expect(try cli.run("field", "list").stdout.hasSuffix("\nestimate  number\nteam  text\n"))
    let store = cli.data("board.sqlite")
    try cli.write("sheet.csv", "id,title,Story Points\n1,Fix login,lots\n")
    let bad = try cli.run("import", "--from", "csv", "sheet.csv", "--field", "Story Points=estimate")
    #expect(
      bad.stderr
        == "pmboard: error: sheet.csv: row 2, column Story Points: \"lots\" is not a number such as 3 or 2.5 "
        + "(estimate is a number field); nothing was imported\n")
    #expect(cli.data("board.sqlite") == store)
    #expect(try cli.run("import", "--from", "github", "sheet.csv", "--field", "Story Points").status == 64)
    #expect(try cli.run("import", "--from", "csv", "sheet.csv", "--status-map", "A=doing").status == 64)
  }
}
