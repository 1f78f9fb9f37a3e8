import Foundation
import PMBoardTestSupport
import Testing

/// End-to-end: `import --from` with the real binary, for each format: a first import, a re-import that records each
/// difference as the right history entry, `--dry-run`, and bad input that leaves the store byte-identical.
@Suite("pmboard import --from", .serialized)
struct ImportFromSourceTests {
  /// A runner with a board in Asia/Seoul at `store` holding one task made in pmboard.
  func board(_ store: String = "board.sqlite") throws -> CLIRunner {
    var cli = try CLIRunner()
    cli.environment["PMBOARD_STORE"] = store
    cli.environment["PMBOARD_USER"] = "alice"
    // Made before the sources' times: imports record those (no entry goes before the board's latest).
    cli.environment["PMBOARD_NOW"] = "2026-10-01T00:00:00Z"
    #expect(try cli.run("init", "--title", "T", "--time-zone", "Asia/Seoul").status == 0)
    #expect(try cli.run("add", "Made here").status == 0)
    cli.environment["PMBOARD_NOW"] = "2026-11-21T09:00:00Z"
    return cli
  }

  /// The history as `history --json` gives it, oldest first: "action title [fields] by".
  func history(_ cli: CLIRunner) throws -> [String] {
    let json = try cli.run("history", "--json").stdout
    let entries =
      (try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any])["history"] as! [[String: Any]]
    return entries.map { entry in
      var line = "\(entry["at"]!) \(entry["action"]!) \(entry["title"]!)"
      if let fields = entry["fields"] as? [String] { line += " \(fields)" }
      if let to = entry["to"] { line += " → \(to)" }
      return line + " by \(entry["by"] ?? "")"
    }
  }

  func tasks(_ cli: CLIRunner) throws -> [[String: Any]] {
    let json = try cli.run("export").stdout
    return (try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any])["tasks"] as! [[String: Any]]
  }

  static func issues(_ issues: [(number: Int, title: String, state: String, updated: String, closed: String?)])
    -> String
  {
    "["
      + issues.map { issue in
        """
        {"number": \(issue.number), "title": "\(issue.title)", "body": "", "state": "\(issue.state)",
         "milestone": {"title": "v1", "dueOn": "2026-11-30T15:00:00Z"}, "labels": [],
         "createdAt": "2026-11-01T09:00:00Z", "updatedAt": "\(issue.updated)",
         "closedAt": \(issue.closed.map { "\"\($0)\"" } ?? "null")}
        """
      }.joined(separator: ",\n") + "]"
  }

  @Test(arguments: CLIRunner.storeFiles)
  func gitHubReImportRecordsEachDifference(store: String) throws {
    let cli = try board(store)
    defer { cli.remove() }
    try cli.write(
      "issues.json",
      Self.issues([
        (1, "Login fails", "OPEN", "2026-11-02T09:00:00Z", nil), (2, "Docs", "OPEN", "2026-11-02T09:00:00Z", nil),
        (3, "Old", "OPEN", "2026-11-02T09:00:00Z", nil),
      ]))
    let first = try cli.run("import", "--from", "github", "issues.json")
    #expect(first.status == 0, "\(first.stderr)")
    #expect(
      first.stdout.contains("3 added, 0 edited, 0 moved, 0 removed, 1 defined (4 history entries)"), "\(first.stdout)")
    #expect(
      try tasks(cli).filter { $0["source"] as? String == "github" }.compactMap { $0["due"] as? String } == [
        "2026-12-01", "2026-12-01", "2026-12-01",
      ])
    let again = try cli.run("import", "--from", "github", "issues.json")
    #expect(again.stdout.contains("(0 history entries)"), "\(again.stdout)")
    // Renamed, closed, deleted on GitHub; the task made here stays as it is.
    try cli.write(
      "issues.json",
      Self.issues([
        (1, "Login fails on iOS", "OPEN", "2026-11-05T09:00:00Z", nil),
        (2, "Docs", "CLOSED", "2026-11-06T09:00:00Z", "2026-11-06T08:00:00Z"),
      ]))
    let dry = try cli.run("import", "--from", "github", "issues.json", "--dry-run")
    #expect(
      dry.stdout == """
        would edit github#1 Login fails on iOS: title
        would move github#2 Docs: todo → done
        would remove github#3 Old
        2 tasks in github: 0 added, 1 edited, 1 moved, 1 removed (3 history entries); nothing was changed \
        (--dry-run)

        """)
    let synced = try cli.run("import", "--from", "github", "issues.json")
    #expect(synced.status == 0, "\(synced.stderr)")
    #expect(
      try history(cli).suffix(3) == [
        "2026-11-05T09:00:00Z edited Login fails on iOS [\"title\"] by import:github",
        "2026-11-06T08:00:00Z moved Docs → done by import:github",
        "2026-11-21T09:00:00Z removed Old by import:github",
      ])
    #expect(try history(cli).count == 1 + 4 + 3, "the milestone's definition is one line")
    let titles = try tasks(cli).map { $0["title"] as! String }
    #expect(titles == ["Made here", "Login fails on iOS", "Docs"])
    // A change whose source time is before the board's latest entry is recorded at that entry's time.
    try cli.write("issues.json", Self.issues([(1, "Login", "OPEN", "2026-11-10T09:00:00Z", nil)]))
    #expect(try cli.run("import", "--from", "github", "issues.json").status == 0)
    #expect(
      try history(cli).suffix(2) == [
        "2026-11-21T09:00:00Z edited Login [\"title\"] by import:github",
        "2026-11-21T09:00:00Z removed Docs by import:github",
      ])
  }

  @Test func csvFromStandardInputWithSemicolonsAndRenamedRows() throws {
    let cli = try board("board.json")
    defer { cli.remove() }
    try cli.write(
      "tasks.csv",
      "\u{FEFF}id;Title;Due;State;Owner\r\n1;\"Write \"\"docs\"\"\";2026-11-30;todo;kim\r\n2;Ship;;doing;lee\r\n")
    let pipe = "\(CLIRunner.binary.path) import --from csv --source sheet - < tasks.csv"
    let first = try cli.run("/bin/sh", "-c", pipe)
    #expect(first.status == 0, "\(first.stderr)")
    try cli.write(
      "tasks.csv",
      "\u{FEFF}id;Title;Due;State;Owner\r\n1;Write the docs;2026-12-01;done;kim\r\n2;Ship;;doing;lee\r\n3;New;;;\r\n")
    #expect(try cli.run("/bin/sh", "-c", pipe).status == 0)
    let lines = try history(cli)
    #expect(
      lines.suffix(3) == [
        "2026-11-21T09:00:00Z edited Write the docs [\"title\", \"due\"] by import:sheet",
        "2026-11-21T09:00:00Z moved Write the docs → done by import:sheet",
        "2026-11-21T09:00:00Z added New → todo by import:sheet",
      ])
    // Another source's tasks and the one made here are untouched by a sheet that now lists nothing.
    try cli.write("empty.csv", "title\n")
    let emptied = try cli.run("import", "--from", "csv", "--source", "sheet", "empty.csv")
    #expect(emptied.stdout.contains("3 removed"), "\(emptied.stdout)")
    #expect(try tasks(cli).map { $0["title"] as! String } == ["Made here"])
  }

  @Test func taskwarriorDeletedTasksLeaveTheBoard() throws {
    let cli = try board()
    defer { cli.remove() }
    func export(_ status: String, end: String = "") -> String {
      """
      [{"description":"Call bank","entry":"20261101T090000Z","modified":"20261103T090000Z","status":"\(status)",
        "uuid":"5b2e1e0c-0e0f-4e43-9f0c-0d7c1a3e9f01","due":"20261130T150000Z"\(end)}]
      """
    }
    try cli.write("tw.json", export("pending"))
    #expect(try cli.run("import", "--from", "taskwarrior", "tw.json").status == 0)
    #expect(try tasks(cli).last?["due"] as? String == "2026-12-01")
    try cli.write("tw.json", export("completed", end: #","end":"20261104T090000Z""#))
    #expect(try cli.run("import", "--from", "taskwarrior", "tw.json").status == 0)
    try cli.write("tw.json", export("deleted", end: #","end":"20261105T090000Z""#))
    #expect(try cli.run("import", "--from", "taskwarrior", "tw.json").status == 0)
    #expect(
      try history(cli).suffix(3) == [
        "2026-11-01T09:00:00Z added Call bank → todo by import:taskwarrior",
        "2026-11-04T09:00:00Z moved Call bank → done by import:taskwarrior",
        "2026-11-05T09:00:00Z removed Call bank by import:taskwarrior",
      ])
  }

  @Test(arguments: CLIRunner.storeFiles)
  func badInputOrADryRunLeavesTheStoreByteIdentical(store: String) throws {
    let cli = try board(store)
    defer { cli.remove() }
    try cli.write("ok.json", Self.issues([(1, "One", "OPEN", "2026-11-02T09:00:00Z", nil)]))
    #expect(try cli.run("import", "--from", "github", "ok.json").status == 0)
    let bytes = cli.data(store)
    let good = Self.issues([(1, "One", "CLOSED", "2026-11-02T09:00:00Z", nil)])
    let badDue = Self.issues([(2, "Two", "OPEN", "2026-11-02T09:00:00Z", nil)])
      .replacingOccurrences(of: "2026-11-30T15:00:00Z", with: "x")
    try cli.write("issues.json", "[" + good.dropFirst().dropLast() + ",\n" + badDue.dropFirst())
    let bad = try cli.run("import", "--from", "github", "issues.json")
    #expect(bad.status == 1)
    #expect(
      bad.stderr
        == "pmboard: error: issues.json: [1].milestone.dueOn: \"x\" is not a date and time like 2026-11-02T10:00:00Z; "
        + "nothing was imported\n")
    try cli.write("tasks.csv", "title,due\nA,2026-11-30\nB\u{1B}[31m,soon\n")
    let csv = try cli.run("import", "--from", "csv", "tasks.csv")
    #expect(
      csv.stderr.hasPrefix(
        "pmboard: error: tasks.csv: row 3, column title: the title has the control character U+001B"), "\(csv.stderr)")
    #expect(!csv.stderr.contains("\u{1B}"))
    #expect(try cli.run("import", "--from", "github", "issues.json", "--dry-run").status == 1)
    try cli.write("issues.json", Self.issues([(1, "One renamed", "OPEN", "2026-11-03T09:00:00Z", nil)]))
    let dry = try cli.run("import", "--from", "github", "issues.json", "--dry-run")
    #expect(dry.stdout.hasPrefix("would edit github#1 One renamed: title\n"), "\(dry.stdout)")
    #expect(cli.data(store) == bytes)
  }

  @Test(arguments: CLIRunner.storeFiles)
  func aMissingStoreIsCreatedAsImportOfAFileCreatesOne(store: String) throws {
    var cli = try CLIRunner()
    defer { cli.remove() }
    cli.environment["PMBOARD_STORE"] = store
    try cli.write("tasks.csv", "title,due\nA,2026-11-30\nB,\n")
    let dry = try cli.run("import", "--from", "csv", "tasks.csv", "--dry-run", "--json")
    #expect(dry.status == 0, "\(dry.stderr)")
    let report = try #require(try JSONSerialization.jsonObject(with: Data(dry.stdout.utf8)) as? [String: Any])
    #expect(report["source"] as? String == "csv")
    #expect(report["tasks"] as? Int == 2)
    #expect(report["counts"] as? [String: Int] == ["added": 2, "edited": 0, "moved": 0, "removed": 0])
    let changes = try #require(report["changes"] as? [[String: Any]])
    #expect(changes.map { $0["title"] as? String } == ["A", "B"])
    #expect(changes.map { $0["action"] as? String } == ["added", "added"])
    #expect(changes.first?["to"] as? String == "todo")
    #expect(cli.data(store) == nil, "a dry run leaves no store behind")
    let made = try cli.run("import", "--from", "csv", "tasks.csv", "--time-zone", "Asia/Tokyo")
    #expect(made.status == 0, "\(made.stderr)")
    #expect(
      made.stdout.hasPrefix("Imported 2 tasks from csv into \(store) (created, time zone Asia/Tokyo): 2 added"),
      "\(made.stdout)")
    let board = try #require(
      try JSONSerialization.jsonObject(with: Data(cli.run("export").stdout.utf8)) as? [String: Any])
    #expect((board["board"] as? [String: Any])?["timeZone"] as? String == "Asia/Tokyo")
    let again = try cli.run("import", "--from", "csv", "tasks.csv", "--time-zone", "UTC")
    #expect(again.status == 1)
    #expect(again.stderr.contains("already has time zone Asia/Tokyo"), "\(again.stderr)")
    #expect(try cli.run("import", "--from", "csv", "tasks.csv").stdout.contains("Imported 2 tasks from csv"))
  }

  @Test func badCombinationsAreUsageErrors() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    try cli.write("tasks.csv", "title\nA\n")
    #expect(try cli.run("import", "--from", "xml", "tasks.csv").status == 64)
    #expect(try cli.run("import", "--from", "csv", "--replace", "tasks.csv").status == 64)
    #expect(try cli.run("import", "--from", "csv", "--json", "tasks.csv").status == 64, "--json goes with --dry-run")
    #expect(try cli.run("import", "--time-zone", "UTC", "tasks.csv").status == 64)
    let badZone = try cli.run("import", "--from", "csv", "tasks.csv", "--time-zone", "Mars/Base")
    #expect(badZone.status == 1)
    #expect(badZone.stderr.contains("\"Mars/Base\" is not an IANA time zone name"), "\(badZone.stderr)")
    try cli.write("bad.csv", "title,due\nA,soon\n")
    #expect(try cli.run("import", "--from", "csv", "bad.csv").status == 1)
    #expect(cli.data("board.sqlite") == nil, "bad input or a bad zone leaves no store behind")
  }
}
