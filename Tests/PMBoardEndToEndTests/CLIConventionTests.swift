import Foundation
import PMBoardTestSupport
import Testing

/// What a newcomer expects of a command line (issue 43): counted nouns in their singular for 1, on the terminal and
/// on pages; each help default shown once; `show --json`; the `--base-url` warning where a site is published only.
@Suite("command-line conventions")
struct CLIConventionTests {
  @Test func oneTaskIsOneTaskOnTheTerminalAndOnPages() throws {
    var cli = try CLIRunner()
    defer { cli.remove() }
    cli.environment["PMBOARD_STORE"] = "board.sqlite"
    #expect(try cli.run("init", "--time-zone", "UTC").stdout.hasSuffix("time zone UTC, 0 tasks\n"))
    #expect(try cli.run("add", "Only one", "--due", "2026-11-20").status == 0)
    #expect(try cli.run("list").stdout.hasSuffix("1 task, 1 overdue (today is 2026-11-21 in UTC)\n"))
    let built = try cli.run("build", "--locales", "en,ko,ja")
    #expect(built.stdout.contains(": en, ko, ja, 1 task, 1 history entry, "), "\(built.stdout)")
    #expect(try cli.read("_site/en/index.html").contains(#"1 task, <span data-live="overdue-count">1</span> overdue"#))
    #expect(try cli.read("_site/ko/index.html").contains(#"작업 1개, 기한 지남 <span data-live="overdue-count">1</span>개"#))
    #expect(try cli.run("add", "Second").status == 0)
    #expect(try cli.run("build", "--locales", "en").stdout.contains(": en, 2 tasks, 2 history entries, "))
    #expect(try cli.read("_site/en/index.html").contains(#"2 tasks, <span data-live="overdue-count">1</span> overdue"#))
  }

  @Test(arguments: [
    ("import", "(default: in progress)"), ("clone", "board.sqlite"), ("build", "(default: pmboard.yml)"),
  ])
  func eachHelpDefaultIsShownOnce(command: String, value: String) throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    let help = try cli.run("help", command).stdout
    #expect(help.components(separatedBy: value).count - 1 == 1, "\(help)")
  }

  @Test func showPrintsTheTaskAsJSON() throws {
    var cli = try CLIRunner()
    defer { cli.remove() }
    cli.environment["PMBOARD_STORE"] = "board.json"
    #expect(try cli.run("init", "--time-zone", "UTC").status == 0)
    #expect(
      try cli.run("add", "Ship \"it\"", "--due", "2026-11-20", "--label", "bug", "--url", "https://x.example/1")
        .status == 0)
    let id = try cli.run("list").stdout.split(separator: "\n")[1].split(
      separator: " ", omittingEmptySubsequences: true)[1]
    let shown = try cli.run("show", String(id), "--json")
    #expect(shown.status == 0, "\(shown.stderr)")
    let task = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
    #expect(task["title"] as? String == "Ship \"it\"")
    #expect(task["labels"] as? [String] == ["bug"] && task["url"] as? String == "https://x.example/1")
    #expect(task["due"] as? String == "2026-11-20" && task["overdue"] as? Bool == true)
    #expect((task["id"] as? String)?.hasPrefix(String(id)) == true)
  }
}
