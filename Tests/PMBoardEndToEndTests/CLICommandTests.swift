import Foundation
import PMBoardCLI
import PMBoardCore
import PMBoardSite
import PMBoardStore
import PMBoardTestSupport
import Testing

/// End-to-end: every store command through the real binary, on SQLite, JSON and PostgreSQL stores.
@Suite("pmboard commands", .serialized)
struct CLICommandTests {
  static let stores = StoreBackend.tested

  /// A runner with a new board of `backend`'s kind (for PostgreSQL, a board of its own in the tests' cluster).
  func started(_ backend: StoreBackend) throws -> CLIRunner {
    var cli = try CLIRunner()
    let name = backend.fileName
    cli.environment["PMBOARD_STORE"] = name.hasSuffix("board=") ? name + "cli-" + UUID().uuidString : name
    let created = try cli.run("init", "--title", "Team", "--time-zone", "Asia/Seoul")
    #expect(created.status == 0, "\(created.stderr)")
    return cli
  }

  @Test(arguments: stores)
  func addListShowEditMoveRemove(store: StoreBackend) throws {
    let cli = try started(store)
    defer { cli.remove() }
    #expect(try cli.run("add", "Write README", "--body", "line 1\nline 2", "--due", "2026-11-30").status == 0)
    #expect(try cli.run("add", "로그인 버그", "--due", "-1d", "--state", "doing").status == 0)
    let list = try cli.run("list")
    #expect(list.status == 0)
    #expect(list.stdout.contains("Write README"))
    #expect(list.stdout.contains("2026-11-20 OVERDUE"))
    #expect(list.stdout.contains("2 tasks, 1 overdue"))
    #expect(try cli.run("list", "--overdue").stdout.contains("로그인 버그"))
    #expect(!(try cli.run("list", "--state", "todo").stdout.contains("로그인 버그")))
    let id = try cli.firstTaskID()
    let prefix = String(id.prefix(6))
    let shown = try cli.run("show", prefix)
    #expect(shown.stdout.contains(id))
    #expect(try cli.run("edit", prefix, "--title", "Write the README", "--due", "tomorrow").status == 0)
    #expect(try cli.run("show", prefix).stdout.contains("2026-11-22"))
    #expect(try cli.run("move", prefix, "done").status == 0)
    let history = try cli.run("history", "--limit", "10").stdout
    #expect(history.contains("moved \"Write the README\" from"))
    #expect(history.contains("edited \"Write the README\" (title, due)"))
    #expect(try cli.run("remove", prefix).status == 0)
    #expect(!(try cli.run("list").stdout.contains("README")))
    let json = try cli.run("history", "--json").stdout
    #expect(json.contains("\"action\": \"removed\""))
  }

  @Test(arguments: stores)
  func undoRedoRoundTrips(store: StoreBackend) throws {
    let cli = try started(store)
    defer { cli.remove() }
    try cli.run("add", "Task A", "--body", "body", "--due", "2026-12-01")
    let id = try cli.firstTaskID()
    let original = try cli.run("show", id).stdout
    // add → undo removes it, redo brings it back with the same id
    #expect(try cli.run("undo").status == 0)
    #expect(try cli.run("show", id).status != 0)
    #expect(try cli.run("redo").status == 0)
    #expect(try cli.run("show", id).stdout == original)
    // edit
    try cli.run("edit", id, "--title", "Task B", "--body", "new")
    #expect(try cli.run("undo").status == 0)
    #expect(try cli.run("show", id).stdout == original)
    #expect(try cli.run("redo").status == 0)
    #expect(try cli.run("show", id).stdout.contains("Task B"))
    #expect(try cli.run("undo").status == 0)
    // move
    try cli.run("move", id, "doing")
    #expect(try cli.run("undo").status == 0)
    #expect(try cli.run("show", id).stdout == original)
    #expect(try cli.run("redo").status == 0)
    #expect(try cli.run("show", id).stdout.contains("state:     doing"))
    #expect(try cli.run("undo").status == 0)
    // remove: undo brings the task back with its id
    try cli.run("remove", id)
    #expect(try cli.run("undo").status == 0)
    #expect(try cli.run("show", id).stdout == original)
    #expect(try cli.run("redo").status == 0)
    #expect(try cli.run("show", id).status != 0)
    #expect(try cli.run("undo").status == 0)
    // a new change clears the redo list
    #expect(try cli.run("undo").status == 0)
    try cli.run("add", "Task C")
    let redo = try cli.run("redo")
    #expect(redo.status == 1)
    #expect(redo.stderr.contains("nothing to redo"))
  }

  @Test(arguments: stores)
  func exportImportRoundTrip(store: StoreBackend) throws {
    let cli = try started(store)
    defer { cli.remove() }
    try cli.run("add", "한국어 작업", "--body", "<b>&</b>", "--due", "2026-11-30")
    try cli.run("add", "日本語のタスク", "--state", "done")
    #expect(try cli.run("export", "out.json").status == 0)
    let exported = try cli.read("out.json")
    #expect(exported.hasPrefix("{\n  \"format\": \"pmboard/1\",\n  \"board\": {"))
    var other = cli
    other.environment["PMBOARD_STORE"] = "copy.sqlite"
    let imported = try other.run("import", "out.json")
    #expect(imported.status == 0, "\(imported.stderr)")
    other.environment["PMBOARD_STORE"] = "copy.sqlite"
    #expect(try other.run("export").stdout == exported)
    let again = try cli.run("import", "out.json")
    #expect(again.status == 1)
    #expect(again.stderr.contains("--replace"))
    #expect(try cli.run("import", "--replace", "out.json").status == 0)
  }

  @Test func initDemoHasARealisticBoard() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    #expect(try cli.run("init", "--demo", "--time-zone", "Asia/Seoul").status == 0)
    let list = try cli.run("list").stdout
    #expect(list.contains("30 tasks"))
    #expect(list.contains("OVERDUE"))
    #expect(list.contains("2026-11-21"))  // due today
    #expect(list.contains("로그인") && list.contains("ダークモード") && list.contains("release notes"))
    #expect(try cli.run("history", "--limit", "500").stdout.split(separator: "\n").count > 40)
  }

  @Test func initDemoTakesTheDemoTitleUnlessOneIsGiven() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    #expect(try cli.run("init", "--demo", "--time-zone", "UTC").stdout.contains("\"Mobile App 2.0\""))
    // Even the title that is the default without --demo is kept when given.
    let given = try cli.run("init", "--demo", "--title", "Board", "--time-zone", "UTC", "--store", "b.sqlite")
    #expect(given.stdout.contains("\"Board\""))
  }
}
