import Foundation
import PMBoardTestSupport
import Testing

/// A title or body that starts with `-` (a checklist), and a body read from a file or standard input.
@Suite struct CLIBodyInputTests {
  private func board() throws -> CLIRunner {
    let cli = try CLIRunner()
    try cli.run("init")
    return cli
  }

  private func shell(_ cli: CLIRunner, _ script: String) throws -> CLIRunner.Result {
    try cli.run("/bin/sh", "-c", script.replacingOccurrences(of: "PMBOARD", with: CLIRunner.binary.path))
  }

  private func onlyTask(_ cli: CLIRunner) throws -> [String: Any] {
    let json = try cli.run("list", "--json").stdout
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let tasks = try #require(object["tasks"] as? [[String: Any]])
    try #require(tasks.count == 1, "\(json)")
    return tasks[0]
  }

  @Test func aChecklistBodyAndADashTitleAreValuesNotOptions() throws {
    let cli = try board()
    defer { cli.remove() }
    let added = try cli.run("add", "Release", "--body", "- [ ] a\n- [x] b", "--due", "2026-12-01")
    #expect(added.status == 0, "\(added.stderr)")
    var task = try onlyTask(cli)
    #expect(task["body"] as? String == "- [ ] a\n- [x] b")
    #expect(task["due"] as? String == "2026-12-01")
    let id = String(try #require(task["id"] as? String).prefix(8))
    let edited = try cli.run("edit", id, "--title", "-x marks the spot", "--body", "--not an option")
    #expect(edited.status == 0, "\(edited.stderr)")
    task = try onlyTask(cli)
    #expect(task["title"] as? String == "-x marks the spot")
    #expect(task["body"] as? String == "--not an option")
    let dashed = try cli.run("add", "--", "-x")
    #expect(dashed.status == 0, "\(dashed.stderr)")
    #expect(try cli.run("list").stdout.contains(" -x\n"))
  }

  @Test func aBodyFileOrStandardInputIsReadUnderTheSameRules() throws {
    let cli = try board()
    defer { cli.remove() }
    try cli.write("body.md", "- [ ] write\r\n- [ ] test\r\n\r\n")
    #expect(try cli.run("add", "From a file", "--body-file", "body.md").status == 0)
    var task = try onlyTask(cli)
    // Windows line ends become newlines, and the newlines at the end go, as `$(cat body.md)` drops them.
    #expect(task["body"] as? String == "- [ ] write\n- [ ] test")
    let id = String(try #require(task["id"] as? String).prefix(8))
    let piped = try shell(cli, "printf -- '- [x] piped\\n' | PMBOARD edit \(id) --body-file -")
    #expect(piped.status == 0, "\(piped.stderr)")
    task = try onlyTask(cli)
    #expect(task["body"] as? String == "- [x] piped")

    try cli.write("long.md", String(repeating: "가", count: 1001))
    let long = try cli.run("add", "Too long", "--body-file", "long.md")
    #expect(long.status == 1)
    #expect(
      long.stderr == "pmboard: error: --body-file long.md: the body has 1001 characters; at most 1000 are allowed\n",
      "\(long.stderr)")
    try cli.write("huge.md", String(repeating: "x", count: 40_000))
    let huge = try cli.run("add", "Huge", "--body-file", "huge.md")
    #expect(huge.status == 1)
    #expect(huge.stderr.hasPrefix("pmboard: error: --body-file huge.md is more than 32000 bytes;"), "\(huge.stderr)")
    try Data([0x61, 0xFF, 0x62]).write(to: URL(fileURLWithPath: cli.path("latin1.md")))
    let latin = try cli.run("add", "Latin-1", "--body-file", "latin1.md")
    #expect(latin.stderr == "pmboard: error: --body-file latin1.md is not UTF-8 text; save it as UTF-8\n")
    let both = try cli.run("add", "Both", "--body", "a", "--body-file", "body.md")
    #expect(both.stderr == "pmboard: error: --body and --body-file both give the body; give one of them\n")
    let missing = try cli.run("edit", id, "--body-file", "nowhere.md")
    #expect(missing.stderr == "pmboard: error: cannot read --body-file nowhere.md: No such file or directory\n")
    let folder = try cli.run("add", "Folder", "--body-file", ".")
    #expect(folder.stderr.hasPrefix("pmboard: error: --body-file . is a folder, not a file;"), "\(folder.stderr)")
    for failed in [long, huge, latin, both, missing, folder] { #expect(failed.status == 1) }
    #expect(try onlyTask(cli)["body"] as? String == "- [x] piped")
  }
}
