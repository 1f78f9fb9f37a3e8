import Foundation
import PMBoardTestSupport
import Testing

/// `publish: {fields: …}` (issue 58): a hidden field and a task left out by a field's value are in no output, by
/// key, name, value or title, and the fields not hidden still show. (A field that is not hidden lists all its
/// options in `board.json`'s declarations, those of left-out tasks too: its options are the field's, not a task's.)
@Suite struct PublishFieldsOutputTests {
  private func board() throws -> CLIRunner {
    let cli = try CLIRunner()
    try cli.run("init")
    for command in [
      ["field", "add", "secret-notes", "--type", "text"],
      ["field", "add", "CANARY-NAME", "--type", "multi-select"],
      ["field", "add", "priority", "--type", "select", "--options", "P0,P1,P2"],
      ["field", "add", "team", "--type", "select", "--options", "core,internal"],
      [
        "add", "Visible task", "--due", "2026-11-25", "--set", "secret-notes=CANARY-TEXT", "--set", "priority=P0",
        "--set", "canary-name=CANARY-TAG", "--set", "team=core",
      ],
      ["add", "CANARY-TITLE", "--due", "2026-11-26", "--set", "priority=P2", "--set", "team=internal"],
    ] {
      let result = try cli.run(command)
      try #require(result.status == 0, "\(command): \(result.stderr)")
    }
    return cli
  }

  private func leaks(_ cli: CLIRunner) throws -> [String] {
    var found: [String] = []
    for (path, data) in try cli.siteFiles() {
      if data.range(of: Data("CANARY".utf8)) != nil || data.range(of: Data("canary".utf8)) != nil
        || data.range(of: Data("secret-notes".utf8)) != nil
      {
        found.append(path)
      }
    }
    return found.sorted()
  }

  @Test(arguments: [
    "publish:\n  fields:\n    hide: [secret-notes, canary-name]\n    except: [team=internal]\n",
    "publish:\n  fields: {hide: [secret-notes, canary-name], only: [priority=P0, priority=P1]}\n",
  ])
  func hiddenFieldsAndLeftOutTasksAreInNoOutput(settings: String) throws {
    let cli = try board()
    defer { cli.remove() }
    try cli.write("pmboard.yml", settings)
    let result = try cli.run("build", "--today", "2026-11-21")
    #expect(result.status == 0, "\(result.stderr)")
    let leaked = try leaks(cli)
    #expect(leaked.isEmpty, "\(leaked)")
    let board = try cli.read("_site/en/index.html")
    #expect(board.contains("Visible task") && board.contains("<bdi>P0</bdi>"), "the fields not hidden still show")
    // Without the policy the same board shows them: the test's canaries are real.
    try cli.write("pmboard.yml", "")
    #expect(try cli.run("build", "--today", "2026-11-21").status == 0)
    #expect(try leaks(cli).count > 5)
  }

  @Test func theFlagSetsTheSameAndABadRuleIsOneLine() throws {
    let cli = try board()
    defer { cli.remove() }
    let flag = try cli.run(
      "build", "--today", "2026-11-21", "--publish-fields", "hide:secret-notes,canary-name except:team=internal")
    #expect(flag.status == 0, "\(flag.stderr)")
    let leaked = try leaks(cli)
    #expect(leaked.isEmpty, "\(leaked)")
    let refused = try cli.run("build", "--publish-fields", "sometimes:x")
    #expect(refused.status != 0 && refused.stderr.contains("`fields` takes hide, only or except"))
    #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
  }
}
