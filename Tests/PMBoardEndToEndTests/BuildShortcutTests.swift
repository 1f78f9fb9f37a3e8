import Foundation
import PMBoardTestSupport
import Testing

/// The rebuild that finds nothing to do stops before reading the board, when the store can tell its revision and
/// the site is as the last build left it; any change to the board, the theme, the settings or the site itself
/// makes it build.
@Suite("build shortcut", .serialized)
struct BuildShortcutTests {
  /// A board in `store` with two tasks, built once.
  private func builtBoard(store: String) throws -> CLIRunner {
    var cli = try CLIRunner()
    cli.environment["PMBOARD_TRACE"] = "1"
    cli.environment["PMBOARD_STORE"] = cli.path(store)
    #expect(try cli.run("init", "--title", "T", "--time-zone", "UTC").status == 0)
    #expect(try cli.run("add", "one", "--due", "2026-11-20").status == 0)
    #expect(try cli.run("add", "two").status == 0)
    let first = try cli.run("build")
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.contains("load the store"))
    return cli
  }

  /// Builds and says whether the build read the board.
  private func buildReads(_ cli: CLIRunner, _ extra: String...) throws -> Bool {
    let result = try cli.run(["build"] + extra)
    #expect(result.status == 0, "\(result.stderr)")
    return result.stderr.contains("load the store")
  }

  @Test(arguments: ["board.sqlite", "board.json"])
  func anUnchangedBoardIsNotReadAgain(store: String) throws {
    let cli = try builtBoard(store: store)
    defer { cli.remove() }
    var inCI = cli
    inCI.environment["CI"] = "true"
    let again = try inCI.run("build")
    #expect(again.stdout.contains("2 tasks, 2 history entries"), "\(again.stdout)")
    #expect(again.stdout.contains("nothing changed"), "\(again.stdout)")
    #expect(!again.stderr.contains("load the store"), "\(again.stderr)")
    #expect(again.stderr.contains("feeds need --base-url"), "the warning is still given")
    #expect(try cli.run("add", "three").status == 0)
    #expect(try buildReads(cli))
    #expect(try cli.read("_site/en/index.html").contains("three"))
    #expect(!(try buildReads(cli)))
  }

  @Test func aChangedSettingThemeOrSiteIsBuilt() throws {
    let cli = try builtBoard(store: "board.sqlite")
    defer { cli.remove() }
    #expect(!(try buildReads(cli)))
    // A page the user deleted comes back.
    try FileManager.default.removeItem(atPath: cli.path("_site/en/history.html"))
    #expect(try buildReads(cli))
    #expect(FileManager.default.fileExists(atPath: cli.path("_site/en/history.html")))
    #expect(!(try buildReads(cli)))
    // A file the user adds right after a build (folders' times are set back at the swap, so even a change in the
    // same clock tick moves them) makes it build, and is kept.
    try cli.write("_site/en/notes.txt", "mine\n")
    #expect(try buildReads(cli))
    #expect(try cli.read("_site/en/notes.txt") == "mine\n")
    #expect(!(try buildReads(cli)))
    // A setting, a flag, a public file and a template each make it build.
    try cli.write("pmboard.yml", "column-limit: 1\n")
    #expect(try buildReads(cli))
    #expect(!(try buildReads(cli)))
    #expect(try buildReads(cli, "--today", "2026-12-01"))
    try FileManager.default.createDirectory(atPath: cli.path("Public"), withIntermediateDirectories: true)
    try cli.write("Public/extra.css", "body { color: red }\n")
    #expect(try buildReads(cli))
    #expect(try cli.read("_site/assets/extra.css") == "body { color: red }\n")
    try cli.write("Public/extra.css", "body { color: blue }\n")
    #expect(try buildReads(cli))
    #expect(try cli.read("_site/assets/extra.css") == "body { color: blue }\n")
    #expect(!(try buildReads(cli)))
    // A template of the site's own.
    try FileManager.default.createDirectory(atPath: cli.path("Templates/partials"), withIntermediateDirectories: true)
    let footer = try String(contentsOfFile: Self.builtInTheme + "/partials/footer.mustache", encoding: .utf8)
    try cli.write("Templates/partials/footer.mustache", footer.replacingOccurrences(of: "<p>", with: "<p>Ours. "))
    #expect(try buildReads(cli))
    #expect(try cli.read("_site/en/index.html").contains("Ours. "))
    #expect(!(try buildReads(cli)))
    // A catalog of the site's own.
    try FileManager.default.createDirectory(atPath: cli.path("Templates/locales"), withIntermediateDirectories: true)
    let catalog = try String(contentsOfFile: Self.builtInTheme + "/locales/en.yml", encoding: .utf8)
    try cli.write("Templates/locales/en.yml", catalog + "\n# changed\n")
    #expect(try buildReads(cli))
  }

  /// The theme built into pmboard, as the repository keeps it.
  private static let builtInTheme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Templates").path
}
