import Foundation
import PMBoardTestSupport
import Testing

/// End-to-end: issue 59 item 4. A many-board rebuild reads only the boards whose key changed, an unchanged board's
/// card on the index of the boards comes from the manifest, and one board and many go through the same steps: a
/// board's pages are the same built alone and as one of many, fresh or rebuilt.
@Suite("many boards: a rebuild reads what changed", .serialized)
struct ManyBoardsRebuildTests {
  /// Two SQLite boards with a due task and a label each, and a JSON board under `teams/web`; the build traced.
  func threeBoards() throws -> CLIRunner {
    var cli = try CLIRunner()
    cli.environment["PMBOARD_TRACE"] = "1"
    for (store, title) in [("mobile.sqlite", "Mobile"), ("ops.sqlite", "Ops <team>")] {
      #expect(try cli.run("init", "--store", store, "--title", title).status == 0)
      #expect(
        try cli.run("add", "Login crash", "--due", "2026-11-20", "--label", "bug", "--store", store).status == 0)
      #expect(try cli.run("add", "Soon", "--due", "2026-11-24", "--store", store).status == 0)
    }
    #expect(try cli.run("import", ManyBoardsTests.fixture, "--store", "web.json").status == 0)
    try cli.write(
      "pmboard.yml",
      "boards:\n  - store: mobile.sqlite\n  - store: ops.sqlite\n  - store: web.json\n    path: teams/web\n")
    return cli
  }

  /// The site is byte for byte a fresh build's of the same day (into `fresh`), the index of the boards and the
  /// kept boards' folders included.
  func expectSameAsFreshBuild(_ cli: CLIRunner, today: String) throws {
    #expect(try cli.run("build", "--today", today, "--out", "fresh").status == 0)
    let differing = siteDifferences(try cli.siteFiles(), try cli.siteFiles("fresh"))
    #expect(differing.isEmpty, "\(differing.prefix(5))")
  }

  @Test func aChangeToOneBoardReadsThatBoardAlone() throws {
    let cli = try threeBoards()
    defer { cli.remove() }
    let first = try cli.run("build", "--today", "2026-11-21")
    #expect(first.status == 0, "\(first.stderr)")
    #expect(["mobile", "ops", "teams/web"].allSatisfy { first.stderr.contains("load the store \($0):") })
    #expect(try cli.run("add", "Another", "--due", "2026-11-22", "--store", "mobile.sqlite").status == 0)
    let again = try cli.run("build", "--today", "2026-11-21")
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stderr.contains("load the store mobile:"), "\(again.stderr)")
    for kept in ["ops", "teams/web"] {
      #expect(!again.stderr.contains("load the store \(kept):"), "\(kept): \(again.stderr)")
      #expect(again.stderr.contains("keep the board \(kept):"), "\(kept)")
    }
    #expect(again.stdout.contains("83 tasks"), "the kept boards' counts come from the manifest: \(again.stdout)")
    try expectSameAsFreshBuild(cli, today: "2026-11-21")
    let index = try cli.read("_site/en/index.html")
    #expect(index.contains("<bdi>Ops &lt;team&gt;</bdi>") && index.contains("TODO <strong>3</strong>"))
  }

  /// A kept board's card moves with the day though its store did not: a new day is a new key for every board.
  @Test func aNewDayReadsEveryBoard() throws {
    let cli = try threeBoards()
    defer { cli.remove() }
    #expect(try cli.run("build", "--today", "2026-11-21").status == 0)
    let next = try cli.run("build", "--today", "2026-11-23")
    #expect(["mobile", "ops", "teams/web"].allSatisfy { next.stderr.contains("load the store \($0):") })
    try expectSameAsFreshBuild(cli, today: "2026-11-23")
  }

  /// A page of a board whose key did not change, removed or replaced by hand (as an editor saves, a new file renamed
  /// over it), makes the build read that board. (An edit in place is what `build --verify` is for.)
  @Test func aKeptBoardChangedByHandIsBuiltAgain() throws {
    let cli = try threeBoards()
    defer { cli.remove() }
    #expect(try cli.run("build", "--today", "2026-11-21").status == 0)
    try FileManager.default.removeItem(atPath: cli.path("_site/ops/en/index.html"))
    try Data("edited".utf8).write(to: URL(fileURLWithPath: cli.path("_site/teams/web/ko/index.html")), options: .atomic)
    #expect(try cli.run("add", "Another", "--store", "mobile.sqlite").status == 0)
    let again = try cli.run("build", "--today", "2026-11-21")
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stderr.contains("load the store ops:") && again.stderr.contains("load the store teams/web:"))
    try expectSameAsFreshBuild(cli, today: "2026-11-21")
  }

  /// One board built alone and as one of many makes the same pages, on a fresh build and on a rebuild (which dresses
  /// cards as their pages render and writes task pages in the manifest's order, as a one-board rebuild does).
  @Test func aBoardOfManyIsTheBoardBuiltAlone() throws {
    let cli = try threeBoards()
    defer { cli.remove() }
    let alone = ["build", "--today", "2026-11-21", "--store", "ops.sqlite", "--out", "alone"]
    #expect(try cli.run("build", "--today", "2026-11-21").status == 0)
    #expect(try cli.run(alone).status == 0)
    func compare(_ when: Comment) throws {
      let site = try cli.siteFiles()
      let many = Dictionary(
        uniqueKeysWithValues: site.compactMap { path, data in
          path.hasPrefix("ops/") ? (String(path.dropFirst(4)), data) : nil
        })
      let differing = siteDifferences(many, try cli.siteFiles("alone"))
      #expect(differing.isEmpty, "\(when): \(differing.prefix(5))")
    }
    try compare("fresh")
    #expect(try cli.run("add", "Later", "--due", "2026-11-25", "--label", "ui", "--store", "ops.sqlite").status == 0)
    #expect(try cli.run("build", "--today", "2026-11-21").status == 0)
    #expect(try cli.run(alone).status == 0)
    try compare("rebuilt")
  }
}
