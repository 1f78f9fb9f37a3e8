import Foundation
import PMBoardTestSupport
import Testing

/// Issue 31, round 3: what a build must never do to the site folder and what lies beside it.
@Suite("site hardening", .serialized)
struct SiteHardeningTests {
  /// A board in `store` (relative to the runner's folder) with one task, built into `site` once.
  private func builtBoard(store: String) throws -> CLIRunner {
    var cli = try CLIRunner()
    cli.environment["PMBOARD_STORE"] = cli.path(store)
    #expect(try cli.run("init", "--title", "T", "--time-zone", "UTC").status == 0)
    #expect(try cli.run("add", "secret task", "--body", "private body").status == 0)
    let first = try cli.run("build", "--out", "site")
    #expect(first.status == 0, "\(first.stderr)")
    return cli
  }

  /// A store moved into the site (or into its spare) is refused with one line, and neither it nor its companion
  /// files are touched: a build would otherwise keep it there as the user's file, downloadable by anyone.
  @Test(arguments: ["board.sqlite", "board.json"])
  func aStoreInsideTheSiteIsRefusedAndKept(store: String) throws {
    let cli = try builtBoard(store: store)
    defer { cli.remove() }
    for folder in ["site", "site/en", ".site.pmboard-spare"] {
      let moved = folder + "/my-" + store
      try FileManager.default.createDirectory(atPath: cli.path(folder), withIntermediateDirectories: true)
      try FileManager.default.moveItem(atPath: cli.path(store), toPath: cli.path(moved))
      let before = cli.data(moved)
      let result = try cli.run("build", "--store", moved, "--out", "site")
      #expect(result.status != 0)
      #expect(result.stderr.contains("is inside the site folder site"), "\(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
      #expect(cli.data(moved) == before, "the store is left exactly as it was")
      try FileManager.default.moveItem(atPath: cli.path(moved), toPath: cli.path(store))
    }
    // Through a link to the site's folder too.
    try FileManager.default.createSymbolicLink(atPath: cli.path("link"), withDestinationPath: cli.path("site"))
    try FileManager.default.moveItem(atPath: cli.path(store), toPath: cli.path("site/my-" + store))
    let linked = try cli.run("build", "--store", "link/my-" + store, "--out", "site")
    #expect(linked.status != 0)
    #expect(linked.stderr.contains("is inside the site folder"), "\(linked.stderr)")
    #expect(FileManager.default.fileExists(atPath: cli.path("site/my-" + store)))
  }
}
