import Foundation
import PMBoardTestSupport
import Testing

/// End-to-end: work-in-progress limits (`wip-limits`) on the board and column pages, in board.json and badges.
@Suite("work-in-progress limits")
struct WipLimitTests {
  /// The demo holds 14 tasks in TODO and 7 in DOING.
  @Test func aColumnOverItsLimitSaysSoEverywhere() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    let result = try cli.run("build", "--demo", "--today", "2026-11-21", "--wip-limits", "doing=5,todo=20")
    #expect(result.status == 0, "\(result.stderr)")
    let over =
      "<span class=\"limit\"><span class=\"visually-hidden\">work-in-progress limit </span>/ 5</span>"
      + " <strong class=\"flag over-limit\">Over the limit</strong>"
    let board = try cli.read("_site/en/index.html")
    #expect(board.contains("DOING <span class=\"count\">7</span> " + over))
    #expect(board.contains("/ 20</span></h2>"), "TODO keeps its limit: no flag")
    #expect(try cli.read("_site/en/doing.html").contains(over))
    #expect(try cli.read("_site/ko/index.html").contains("한도 초과"))
    let data = try #require(cli.data("_site/board.json"))
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(json["wipLimits"] as? [String: Int] == ["todo": 20, "doing": 5])
    #expect(json["overWipLimit"] as? [String] == ["doing"])
    let badge = try cli.read("_site/badges/wip-doing.svg")
    #expect(badge.contains("doing: 7/5") && badge.contains("#e05d44"))
    #expect(try cli.read("_site/badges/wip-todo.svg").contains("#4c1"))
  }

  @Test func theSettingsFileTakesAMappingAndBadValuesGetOneLine() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    try cli.write("pmboard.yml", "wip-limits: {doing: 6}\n")
    #expect(try cli.run("build", "--demo", "--today", "2026-11-21").status == 0)
    #expect(try cli.read("_site/en/index.html").contains("/ 6</span> <strong class=\"flag over-limit\">"))
    try cli.write("pmboard.yml", "wip-limits: {doing: 0}\n")
    let zero = try cli.run("build", "--demo")
    #expect(zero.status != 0)
    #expect(zero.stderr.contains("pmboard.yml:1:1: `wip-limits`: doing takes a number of tasks from 1 to 1000000"))
    #expect(zero.stderr.split(separator: "\n").count == 1, "\(zero.stderr)")
    try cli.write("pmboard.yml", "")
    let flag = try cli.run("build", "--demo", "--wip-limits", "review=3")
    #expect(flag.status != 0)
    #expect(
      flag.stderr.contains("error: --wip-limits takes a column and a number of tasks (doing=5), not \"review=3\""))
    // The flag is named once, as the settings file's key is.
    let zeroFlag = try cli.run("build", "--demo", "--wip-limits", "doing=0")
    #expect(zeroFlag.status == 64)
    #expect(
      zeroFlag.stderr.hasPrefix(
        "pmboard: error: --wip-limits: doing takes a number of tasks from 1 to 1000000, not \"0\"; see "),
      "\(zeroFlag.stderr)")
    #expect(!zeroFlag.stderr.contains("`wip-limits`"))
  }
}
