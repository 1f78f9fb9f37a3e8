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

  /// Builds the site, then `rounds` times adds a task to mobile and builds again; the last build's output.
  @discardableResult
  func changeMobile(_ cli: CLIRunner, rounds: Int) throws -> CLIRunner.Result {
    var last = try cli.run("build", "--today", "2026-11-21")
    #expect(last.status == 0, "\(last.stderr)")
    for round in 0..<rounds {
      #expect(try cli.run("add", "Change \(round)", "--due", "2026-11-22", "--store", "mobile.sqlite").status == 0)
      last = try cli.run("build", "--today", "2026-11-21")
      #expect(last.status == 0, "\(last.stderr)")
    }
    return last
  }

  /// Once there is a spare (the first rebuild makes it), a board whose key did not change is kept whole: its lines
  /// in the manifest are copied as bytes, unread. The site and its manifest are then a fresh build's, byte for byte.
  @Test func aKeptBoardsLinesAreKeptWhole() throws {
    let cli = try threeBoards()
    defer { cli.remove() }
    let first = try changeMobile(cli, rounds: 1)
    #expect(!first.stderr.contains("kept whole:"), "no spare yet: \(first.stderr)")
    for round in 0..<2 {
      let again = try changeMobile(cli, rounds: 1)
      #expect(again.stderr.contains("kept whole: ops") && again.stderr.contains("kept whole: teams/web"), "\(round)")
      #expect(!again.stderr.contains("kept whole: mobile"))
      // The report counts a board kept whole as unchanged.
      let counts = try #require(again.stdout.firstMatch(of: try Regex(#"(\d+) files, (\d+) changed"#)))
      let (files, changed) = (Int(again.stdout[counts.range].prefix { $0 != " " }) ?? 0, counts.output[2].substring)
      #expect(files > 100 && (Int(changed ?? "") ?? files) < files / 2, "\(again.stdout)")
    }
    try expectSameAsFreshBuild(cli, today: "2026-11-21")
    // The manifest too, but the keys on its heading (`--out` is a setting): the lines, and what the heading says
    // of each board's lines.
    let (kept, fresh) = (try cli.read("_site/.pmboard-manifest"), try cli.read("fresh/.pmboard-manifest"))
    #expect(kept.drop { $0 != "\n" } == fresh.drop { $0 != "\n" })
    let shapes = { (text: String) throws in
      text.prefix { $0 != "\n" }.matches(of: try Regex(#""files":\d+,"folders":\[[^\]]*\]"#)).map {
        String(text[$0.range])
      }
    }
    #expect(try shapes(kept).count == 3 && shapes(kept) == shapes(fresh))
  }

  /// A board taken out of pmboard.yml goes with its lines in the manifest, from the site and from the spare.
  @Test func aBoardTakenOutGoes() throws {
    let cli = try threeBoards()
    defer { cli.remove() }
    try changeMobile(cli, rounds: 2)
    try cli.write("pmboard.yml", "boards:\n  - store: mobile.sqlite\n  - store: web.json\n    path: teams/web\n")
    let again = try cli.run("build", "--today", "2026-11-21")
    #expect(again.status == 0, "\(again.stderr)")
    for gone in ["_site/ops", "._site.pmboard-spare/ops"] {
      #expect(!FileManager.default.fileExists(atPath: cli.path(gone)), "\(gone)")
    }
    #expect(!(try cli.read("_site/.pmboard-manifest")).contains("\nops/"))
    try expectSameAsFreshBuild(cli, today: "2026-11-21")
  }

  /// A board that would be kept whole is read and built when what its lines depend on is not as the last build
  /// left it: a page of it removed from the site, a stray file put in the spare's copy of its folder (which is not
  /// published), or the stamps beside the site gone (then every line is read).
  @Test func aBoardNotAsLeftIsBuiltAgain() throws {
    let cli = try threeBoards()
    defer { cli.remove() }
    try changeMobile(cli, rounds: 2)
    try FileManager.default.removeItem(atPath: cli.path("_site/ops/en/index.html"))
    #expect(try cli.run("add", "Another", "--store", "mobile.sqlite").status == 0)
    var again = try cli.run("build", "--today", "2026-11-21")
    #expect(again.stderr.contains("load the store ops:") && again.stderr.contains("kept whole: teams/web"))
    try changeMobile(cli, rounds: 1)
    try cli.write("._site.pmboard-spare/ops/en/stray.html", "stray")
    again = try changeMobile(cli, rounds: 1)
    #expect(!again.stderr.contains("kept whole: ops") && again.stderr.contains("kept whole: teams/web"))
    #expect(!FileManager.default.fileExists(atPath: cli.path("_site/ops/en/stray.html")))
    try FileManager.default.removeItem(atPath: cli.path("._site.pmboard-stamps"))
    again = try changeMobile(cli, rounds: 1)
    #expect(!again.stderr.contains("kept whole:") && again.stderr.contains("keep the board ops:"))
    try expectSameAsFreshBuild(cli, today: "2026-11-21")
    // The pages that build kept without a stamp are not in the spare it left: the next builds give them back.
    try changeMobile(cli, rounds: 2)
    try expectSameAsFreshBuild(cli, today: "2026-11-21")
  }

  /// A build that fails after keeping boards whole leaves the site as it was and no spare it cannot list (the spare
  /// taken over had its kept boards' lines unread): the next build gives a fresh build's site.
  @Test func aBuildFailingAfterKeptBoardsLeavesNothingAmiss() throws {
    let cli = try threeBoards()
    defer { cli.remove() }
    try changeMobile(cli, rounds: 2)
    let before = try cli.siteFiles()
    let web = try cli.read("web.json")
    try cli.write("web.json", "{ not json")
    #expect(try cli.run("add", "Late", "--store", "mobile.sqlite").status == 0)
    let failed = try cli.run("build", "--today", "2026-11-21")
    #expect(failed.status != 0 && failed.stderr.contains("kept whole: ops"), "\(failed.stderr)")
    #expect(siteDifferences(try cli.siteFiles(), before).isEmpty)
    try cli.write("web.json", web)
    #expect(try cli.run("build", "--today", "2026-11-21").status == 0)
    try changeMobile(cli, rounds: 1)
    try expectSameAsFreshBuild(cli, today: "2026-11-21")
  }
}
