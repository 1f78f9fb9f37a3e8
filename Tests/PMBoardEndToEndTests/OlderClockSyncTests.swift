import Foundation
import PMBoardTestSupport
import Testing

/// Issue 39: a change made offline with an older clock, synced into a board past its first full history page, is
/// recorded at the remote's latest line's time (docs/sync.md): it lands on the newest history page, and the full
/// pages docs/site.md promises never change stay byte for byte what they were.
@Suite("an older-clocked sync and full history pages", .serialized, .needs(.postgres))
struct OlderClockSyncTests {
  /// 2,200 tasks added on 2026-11-20: two full history pages and a newest one.
  private static func board() -> String {
    let cards = (1...2200).map { n in
      BoardFixture.Card(id: BoardFixture.id(n), title: "task \(n)", due: "2026-12-01", state: "todo")
    }
    let history = (1...2200).map { n in
      """
      { "at": "2026-11-20T\(String(format: "%02d", 8 + n / 3600)):\(String(format: "%02d", n / 60 % 60)):\(String(format: "%02d", n % 60))Z",
        "action": "added", "task": "\(BoardFixture.id(n))", "title": "task \(n)", "to": "todo" }
      """
    }
    return BoardFixture.json(cards: cards, history: history.joined(separator: ",\n"))
  }

  @Test func anOlderClockedSyncLeavesFullHistoryPagesAlone() throws {
    let cluster = try PostgresTestCluster.shared.get()
    let url = cluster.url(database: try cluster.freshDatabase(), board: "team")
    var cli = try CLIRunner()
    defer { cli.remove() }
    try cli.write("board.json", Self.board())
    cli.environment["PMBOARD_USER"] = "alice"
    cli.environment["PMBOARD_NOW"] = "2026-11-20T12:00:00Z"
    let imported = try cli.run("import", "board.json", "--store", url)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(try cli.run("clone", url, "replica.sqlite").status == 0)
    let build = ["build", "--store", url, "--today", "2026-11-21", "--locales", "en", "--out", "site"]
    #expect(try cli.run(build).status == 0)
    let full = ["en/history-1.html", "en/history-2.html"].map { cli.data("site/" + $0) }
    #expect(full.allSatisfy { $0 != nil })
    // Offline, with a clock a day behind the board's latest line.
    cli.environment["PMBOARD_NOW"] = "2026-11-19T07:00:00Z"
    cli.environment["PMBOARD_USER"] = "bob"
    #expect(try cli.run("add", "made offline", "--store", "replica.sqlite").status == 0)
    #expect(try cli.run("sync", "--store", "replica.sqlite").status == 0)
    #expect(try cli.run(build).status == 0)
    #expect(["en/history-1.html", "en/history-2.html"].map { cli.data("site/" + $0) } == full)
    let newest = try cli.read("site/en/history.html")
    #expect(newest.contains("made offline"), "on the newest page")
    #expect(newest.contains("2026-11-20"), "at the time of the board's latest line")
    let history = try cli.run("history", "--store", url).stdout
    #expect(history.split(separator: "\n").first?.contains("made offline") == true, "\(history.prefix(300))")
  }
}
