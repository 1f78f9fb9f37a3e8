import Foundation
import PMBoardTestSupport
import Testing

/// `scripts/run-action` runs action.yml's steps here as the runner would: with pmboard of this version in the
/// action's cache, the build step is skipped, templates are checked with GitHub annotations, and the site is built
/// from the workspace's store with the inputs given as INPUT_* variables.
@Suite("the GitHub Action, run locally", .serialized)
struct ActionScriptTests {
  static let root = Golden.repositoryRoot
  static let script = root.appendingPathComponent("scripts/run-action").path

  /// A workspace holding a JSON board with one task, and an action cache seeded with this build's binary under the
  /// key the action computes (so no release build runs in a test).
  func workspace() throws -> CLIRunner {
    var cli = try CLIRunner()
    cli.environment["PMBOARD_STORE"] = "board.json"
    #expect(try cli.run("init", "--title", "Action board", "--time-zone", "UTC").status == 0)
    #expect(try cli.run("add", "Publish from CI", "--due", "2026-11-30").status == 0)
    cli.environment["PMBOARD_STORE"] = nil
    let version = try cli.run(Self.root.appendingPathComponent("scripts/action-version").path)
    #expect(version.status == 0, "\(version.stderr)")
    let key = "pmboard-Linux-\(Self.arch)-" + version.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let entry = cli.path("cache/\(key)")
    try FileManager.default.createDirectory(atPath: entry, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: CLIRunner.binary.path, toPath: entry + "/pmboard")
    cli.environment["HOME"] = cli.path("home")
    return cli
  }

  static var arch: String {
    #if arch(arm64)
      "ARM64"
    #else
      "X64"
    #endif
  }

  func runAction(_ cli: CLIRunner, inputs: [String: String]) throws -> CLIRunner.Result {
    let assignments = inputs.map { "INPUT_\($0.key)=\($0.value)" }
    return try cli.run(["/usr/bin/env"] + assignments + [Self.script, "--cache", cli.path("cache")])
  }

  @Test func theActionChecksAndBuildsTheSiteWithACachedPmboard() throws {
    let cli = try workspace()
    defer { cli.remove() }
    try cli.write("tasks.csv", "title,state\nFrom the sheet,doing\n")
    let result = try runAction(
      cli,
      inputs: [
        "STORE": "board.json", "OUT": "public", "BASE-URL": "https://t.example/b/", "LOCALES": "en,ja",
        "IMPORT-FROM": "csv", "IMPORT_FILE": "tasks.csv", "IMPORT-SOURCE": "sheet",
      ])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("run-action: cache hit for pmboard-Linux-"))
    #expect(result.stdout.contains("skipped: Build pmboard (once per version)"))
    #expect(
      result.stdout.contains(
        "step: Import the board's tasks\nImported 1 task from sheet into board.json: 1 added, 0 edited, 0 moved, "
          + "0 removed (1 history entry)\nstep: Check the templates\nstep: Build the site\n"), "\(result.stdout)")
    #expect(result.stdout.contains("output: site=public"))
    let page = try cli.read("public/en/index.html")
    #expect(page.contains("Publish from CI") && page.contains("From the sheet"))
    #expect(page.contains("https://t.example/b/ja/index.html"))
    #expect(cli.data("public/ko/index.html") == nil)
    #expect(FileManager.default.isExecutableFile(atPath: cli.path("home/.cache/pmboard-action/bin/pmboard")))
  }

  @Test func aBrokenTemplateIsAnAnnotationAndNoSiteIsBuilt() throws {
    let cli = try workspace()
    defer { cli.remove() }
    try cli.write("theme/partials/card.mustache", "<li><b>{{title}}</li>\n")
    let result = try runAction(cli, inputs: ["TEMPLATES": "theme"])
    #expect(result.stdout.contains("skipped: Import the board's tasks"))
    #expect(result.status != 0)
    #expect(result.stdout.contains("::error file=theme/partials/card.mustache,line=1,col="), "\(result.stdout)")
    #expect(result.stderr.contains("run-action: step 'Check the templates' failed"), "\(result.stderr)")
    #expect(!result.stdout.contains("step: Build the site"))
    #expect(cli.data("_site/index.html") == nil)
  }
}
