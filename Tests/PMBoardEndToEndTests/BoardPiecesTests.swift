import Foundation
import PMBoardTestSupport
import Testing

/// `board.json` of a board above 10,000 tasks: `tasks` empty and the tasks in `board/tasks-<hex>.json` by their
/// ids' first hex digit, listed in the document (docs/board.schema.json), and a change rewrites its task's piece.
@Suite("board.json in pieces", .serialized)
struct BoardPiecesTests {
  @Test func aBoardAboveTheLimitListsItsPiecesAndAnEditRewritesOne() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    let imported = try cli.importGeneratedBoard(tasks: 10_001, history: 100, seed: 3)
    #expect(imported.status == 0, "\(imported.stderr)")
    let build = ["build", "--store", "board.sqlite", "--today", "2026-11-21", "--locales", "en", "--task-pages", "off"]
    #expect(try cli.run(build).status == 0)
    // check_feeds.py validates the document and each piece against the schema and gathers the pieces' tasks.
    let report = try FeedTests().report(cli)
    let document = try #require(report["board"] as? [String: Any])
    let tasks = try #require(document["tasks"] as? [[String: Any]])
    #expect(tasks.count == 10_001)
    let files = try #require(document["pieceFiles"] as? [String])
    #expect(files == (0..<16).map { "board/tasks-\(String($0, radix: 16)).json" })
    let raw = try String(contentsOfFile: cli.path("_site/board.json"), encoding: .utf8)
    #expect(raw.contains("\"tasks\": [],\n  \"pieces\": ["))

    let id = try #require(tasks.first?["id"] as? String)
    let before = try SiteStamps.of(cli.path("_site"))
    #expect(try cli.run("edit", id, "--title", "A title of its own", "--store", "board.sqlite").status == 0)
    #expect(try cli.run(build).status == 0)
    let rewritten = SiteStamps.rewritten(before, try SiteStamps.of(cli.path("_site")))
    #expect(
      rewritten.filter { $0.hasPrefix("board") } == ["board/tasks-\(id.prefix(1)).json"],
      "a title's edit changes its piece only, not the counts in board.json: \(rewritten)")

    // Pieces are kept by their cards' prints: a move, an add and a removal later, each is a fresh build's.
    let other = try #require(tasks.last?["id"] as? String)
    #expect(try cli.run("move", other, "doing", "--store", "board.sqlite").status == 0)
    #expect(try cli.run(build).status == 0)
    #expect(try cli.run("add", "Another", "--due", "2026-11-30", "--store", "board.sqlite").status == 0)
    #expect(try cli.run(build).status == 0)
    #expect(try cli.run("remove", id, "--store", "board.sqlite").status == 0)
    #expect(try cli.run(build).status == 0)
    #expect(try cli.run(build + ["--out", "fresh"]).status == 0)
    for file in files {
      let rebuilt = try Data(contentsOf: URL(fileURLWithPath: cli.path("_site/" + file)))
      let fresh = try Data(contentsOf: URL(fileURLWithPath: cli.path("fresh/" + file)))
      #expect(rebuilt == fresh, "\(file) differs from a fresh build's")
    }
  }
}
