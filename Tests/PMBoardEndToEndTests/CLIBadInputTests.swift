import Foundation
import PMBoardCLI
import PMBoardCore
import PMBoardSite
import PMBoardStore
import PMBoardTestSupport
import Testing

/// End-to-end: every bad input gives one clear error line, a non-zero status, and leaves the store unchanged.
@Suite("pmboard bad input", .serialized)
struct CLIBadInputTests {
  /// Runs `arguments` against a store with one task and checks the failure and that the store's bytes are unchanged.
  func expectFailure(
    _ store: String, _ arguments: [String], mentions: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    var cli = try CLIRunner()
    defer { cli.remove() }
    cli.environment["PMBOARD_STORE"] = store
    try cli.run("init", "--title", "T", "--time-zone", "UTC")
    try cli.run("add", "Existing", "--due", "2026-11-30")
    let before = try cli.run("export").stdout
    let taskID = try cli.firstTaskID()
    let resolved = arguments.map { $0.replacingOccurrences(of: "$ID", with: taskID) }
    let result = try cli.run(resolved)
    #expect(result.status != 0, "expected failure for \(resolved)", sourceLocation: sourceLocation)
    #expect(
      result.stderr.contains(mentions), "stderr \(result.stderr) lacks \(mentions)", sourceLocation: sourceLocation)
    #expect(!result.stderr.contains("Fatal error"), sourceLocation: sourceLocation)
    #expect(try cli.run("export").stdout == before, "store changed", sourceLocation: sourceLocation)
  }

  @Test(arguments: CLIRunner.storeFiles)
  func fieldRules(store: String) throws {
    try expectFailure(store, ["add", "   "], mentions: "title is empty")
    try expectFailure(store, ["add", String(repeating: "x", count: 201)], mentions: "at most 200")
    try expectFailure(store, ["add", "ok", "--body", String(repeating: "y", count: 1001)], mentions: "at most 1000")
    try expectFailure(store, ["add", "ok", "--due", "2026-02-30"], mentions: "not a day on the calendar")
    try expectFailure(store, ["add", "ok", "--due", "someday"], mentions: "not a date")
    try expectFailure(store, ["add", "ok", "--state", "blocked"], mentions: "not a state")
    try expectFailure(store, ["move", "$ID", "sideways"], mentions: "not a state")
    try expectFailure(store, ["move", "$ID", "todo"], mentions: "already in todo")
    try expectFailure(store, ["edit", "$ID", "--title", ""], mentions: "title is empty")
    try expectFailure(store, ["show", "ffffffff"], mentions: "no task has an id starting with")
    try expectFailure(store, ["remove", "zz"], mentions: "not a task id")
  }

  @Test func ambiguousPrefixListsCandidates() throws {
    var cli = try CLIRunner()
    defer { cli.remove() }
    cli.environment["PMBOARD_STORE"] = "b.json"
    try cli.run("init", "--time-zone", "UTC")
    for index in 0..<40 { try cli.run("add", "task \(index)") }
    // 40 random ids: some share a first hex digit.
    let json = try cli.run("list", "--json").stdout
    let ids = ((try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any])["tasks"] as! [[String: Any]])
      .map { $0["id"] as! String }
    let digit = Dictionary(grouping: ids, by: { $0.prefix(1) }).first { $0.value.count > 1 }!.key
    let result = try cli.run("show", String(digit))
    #expect(result.status == 1)
    #expect(result.stderr.contains("ambiguous"))
  }

  @Test func badImportFilesReportEveryProblemWithItsPath() throws {
    var cli = try CLIRunner()
    defer { cli.remove() }
    cli.environment["PMBOARD_STORE"] = "b.sqlite"
    try cli.write("notjson.json", "{ this is not json")
    try cli.write(
      "bad.json",
      """
      { "format": "pmboard/1", "board": { "title": "X", "timeZone": "Asia/Seoul" },
        "tasks": [
          { "id": "0f8fad5b-d9cb-469f-a165-70867728950e", "title": "A", "body": "", "due": "2026-13-01", "state": "todo",
            "created": "2026-11-01T09:00:00Z", "updated": "2026-11-01T09:00:00Z" },
          { "id": "0f8fad5b-d9cb-469f-a165-70867728950e", "title": "B", "body": "", "due": "2026-11-01", "state": "later",
            "created": "2026-11-01T09:00:00Z", "updated": "2026-11-01T09:00:00Z" } ],
        "history": [ { "at": "2026-11-01T09:00:00Z", "action": "renamed", "task": "0f8fad5b-d9cb-469f-a165-70867728950e",
                       "title": "A" } ] }
      """)
    try cli.write("other.json", #"{ "format": "trello/2", "board": {}, "tasks": [], "history": [] }"#)
    try Data([0x7B, 0xFF, 0xFE, 0x7D]).write(to: URL(fileURLWithPath: cli.path("latin1.json")))
    let bad = try cli.run("import", "bad.json")
    #expect(bad.status == 1)
    #expect(bad.stderr.contains("bad.json: tasks[0].due: \"2026-13-01\" is not a date"))
    #expect(bad.stderr.contains("tasks[1].id:"))
    #expect(bad.stderr.contains("tasks[1].state: \"later\" is not a state"))
    #expect(bad.stderr.contains("history[0].action: \"renamed\" is not an action"))
    #expect(try cli.run("import", "notjson.json").stderr.contains("not valid pmboard JSON"))
    #expect(try cli.run("import", "other.json").stderr.contains("\"trello/2\" is not supported"))
    #expect(try cli.run("import", "latin1.json").stderr.contains("not UTF-8"))
    #expect(!FileManager.default.fileExists(atPath: cli.path("b.sqlite")))
  }

  @Test(arguments: CLIRunner.storeFiles)
  func corruptStoreIsNotRepaired(store: String) throws {
    var cli = try CLIRunner()
    defer { cli.remove() }
    cli.environment["PMBOARD_STORE"] = store
    try cli.write(store, "this is not a board\n")
    for command in [["list"], ["add", "x"], ["undo"]] {
      let result = try cli.run(command)
      #expect(result.status == 1)
      #expect(result.stderr.contains("not a pmboard store"), "\(result.stderr)")
    }
    #expect(try cli.read(store) == "this is not a board\n")
    let initAgain = try cli.run("init")
    #expect(initAgain.status == 1)
    #expect(try cli.read(store) == "this is not a board\n")
  }

  @Test func missingStoreSaysHowToMakeOne() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    let result = try cli.run("list")
    #expect(result.status == 1)
    #expect(result.stderr.contains("pmboard init"))
    #expect(!FileManager.default.fileExists(atPath: cli.path("board.sqlite")))
  }
}
