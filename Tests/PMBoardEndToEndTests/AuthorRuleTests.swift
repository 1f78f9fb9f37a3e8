import Foundation
import PMBoardTestSupport
import Testing

/// History names people only as they chose to be named: `PMBOARD_USER`, `user:` in pmboard.yml or git's
/// `user.name`, never the login or the machine.
@Suite struct AuthorRuleTests {
  /// A runner whose git knows no user, unless `gitName` is given.
  private func isolated(gitName: String? = nil) throws -> CLIRunner {
    var cli = try CLIRunner()
    cli.environment["PMBOARD_USER"] = nil
    cli.environment["GIT_CONFIG_NOSYSTEM"] = "1"
    cli.environment["GIT_CONFIG_GLOBAL"] = cli.path("gitconfig")
    cli.environment["HOME"] = cli.directory.path
    try cli.write("gitconfig", gitName.map { "[user]\n\tname = \($0)\n" } ?? "")
    return cli
  }

  @Test func withoutAChosenNameTheHistoryNamesNoOne() throws {
    let cli = try isolated()
    defer { cli.remove() }
    #expect(try cli.run("init").status == 0)
    #expect(try cli.run("add", "Anonymous").status == 0)
    let history = try cli.run("history").stdout
    #expect(history.contains("added \"Anonymous\" to todo\n"), "\(history)")
    #expect(!history.contains(" by ") && !history.contains("@"))
    #expect(try cli.run("undo").status == 0)
  }

  @Test func gitsNameThenPmboardYmlThenPMBOARD_USER() throws {
    var cli = try isolated(gitName: "Git Person")
    defer { cli.remove() }
    #expect(try cli.run("init").status == 0)
    #expect(try cli.run("add", "One").status == 0)
    #expect(try cli.run("history").stdout.contains("added \"One\" to todo by Git Person"))
    try cli.write("pmboard.yml", "user: Yml Person\ntoday: 2026-11-21\n")
    #expect(try cli.run("add", "Two").status == 0)
    #expect(try cli.run("history").stdout.contains("added \"Two\" to todo by Yml Person"))
    cli.environment["PMBOARD_USER"] = "Env Person"
    #expect(try cli.run("add", "Three").status == 0)
    #expect(try cli.run("history").stdout.contains("added \"Three\" to todo by Env Person"))
    // The build accepts the setting it does not use.
    let built = try cli.run("build")
    #expect(built.status == 0, "\(built.stderr)")
  }

  @Test func aBadUserSettingIsOneLineSayingWhere() throws {
    let cli = try isolated()
    defer { cli.remove() }
    #expect(try cli.run("init").status == 0)
    try cli.write("pmboard.yml", "user: [a, b]\n")
    let result = try cli.run("add", "Nope")
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "pmboard: error: pmboard.yml:1:1: `user` takes a text value, the name history shows for your changes\n")
  }
}
