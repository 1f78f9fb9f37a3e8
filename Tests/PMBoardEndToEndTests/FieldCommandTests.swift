import Foundation
import PMBoardTestSupport
import Testing

/// Issue 58: a team declares fields and milestones with commands, sets values with `--set`, finds tasks with
/// `list --where`, reads values in `show` and `history`, and takes any of it back with `undo`, with the real binary.
@Suite struct FieldCommandTests {
  private func board() throws -> CLIRunner {
    let cli = try CLIRunner()
    try cli.run("init")
    for command in [
      ["field", "add", "priority", "--type", "select", "--options", "P0,P1=#d73a4a,P2"],
      ["field", "add", "Story Points", "--type", "number"],
      ["milestone", "add", "Release 2.0", "--due", "2026-12-15"],
    ] {
      let result = try cli.run(command)
      try #require(result.status == 0, "\(command): \(result.stderr)")
    }
    return cli
  }

  private func id(_ result: CLIRunner.Result) throws -> String {
    try #require(result.stdout.split(separator: " ").dropFirst().first.map(String.init))
  }

  @Test func valuesAreSetShownFoundAndUndone() throws {
    let cli = try board()
    defer { cli.remove() }
    let login = try id(
      cli.run("add", "Fix login", "--set", "priority=p1", "--set", "story-points=3", "--set", "milestone=Release 2.0"))
    _ = try cli.run("add", "Write docs", "--set", "priority=P2")
    let shown = try cli.run("show", login).stdout
    #expect(shown.contains("priority:  P1") && shown.contains("story-points: 3") && shown.contains("Release 2.0"))
    #expect(try cli.run("list", "--where", "priority=P1").stdout.contains("Fix login"))
    #expect(!(try cli.run("list", "--where", "priority=P1").stdout.contains("Write docs")))
    #expect(try cli.run("list", "--where", "milestone=").stdout.contains("Write docs"))

    #expect(try cli.run("edit", login, "--set", "priority=P0", "--unset", "story-points").status == 0)
    #expect(try cli.run("history").stdout.contains("(priority P1 → P0, story-points 3 →)"))
    #expect(try cli.run("undo").status == 0)
    #expect(try cli.run("show", login).stdout.contains("priority:  P1"))
    let json = try cli.run("list", "--json").stdout
    #expect(json.contains("\"format\": \"pmboard/2\"") && json.contains("\"fields\": {"))
  }

  @Test func badValuesAreRefusedInOneLineNamingWhatIsAllowed() throws {
    let cli = try board()
    defer { cli.remove() }
    let cases: [([String], String)] = [
      (["--set", "priority=P9"], "declared: \"P0\", \"P1\", \"P2\""),
      (["--set", "nope=1"], "the board has no field \"nope\""),
      (["--set", "story-points=lots"], "is not a number"),
      (["--set", "milestone=Later"], "is no milestone of the field"),
      (["--set", "priority"], "give KEY=VALUE"),
    ]
    for (options, message) in cases {
      let result = try cli.run(["add", "X"] + options)
      #expect(result.status == 1, "\(options)")
      #expect(result.stderr.contains(message), "\(options): \(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
    #expect(try cli.run("list").stdout.contains("0 tasks"))
  }

  @Test func aRemovalSaysWhatItDropsAndUndoBringsTheFieldBackWithItsValues() throws {
    let cli = try board()
    defer { cli.remove() }
    let task = try id(cli.run("add", "Fix login", "--set", "priority=P1"))
    let refused = try cli.run("field", "remove", "priority")
    #expect(refused.status == 1 && refused.stderr.contains("would drop 1 value on 1 task"), "\(refused.stderr)")
    #expect(try cli.run("field", "remove", "priority", "--force").status == 0)
    #expect(!(try cli.run("field", "list").stdout.contains("priority")))
    #expect(!(try cli.run("show", task).stdout.contains("priority")))
    #expect(try cli.run("undo").status == 0)
    #expect(try cli.run("show", task).stdout.contains("priority:  P1"))
    #expect(try cli.run("field", "rename", "priority", "urgency").status == 0)
    #expect(try cli.run("show", task).stdout.contains("urgency:"))
    #expect(try cli.run("field", "rename", "urgency", "tasks").stderr.contains("the site already uses"))
    #expect(try cli.run("milestone", "close", "Release 2.0").status == 0)
    #expect(try cli.run("field", "list").stdout.contains("Release 2.0 (due 2026-12-15, closed)"))
  }
}
