import Foundation
import PMBoardTestSupport
import Testing

/// End-to-end: a DOING card long in DOING says so (`aging`, 14 days by default), counted from the day its task last
/// went into DOING.
@Suite("aging")
struct AgingTests {
  /// The demo on 2026-11-21: three of its DOING tasks went there 16, 18 and 19 days before.
  @Test(arguments: [(nil, 3), ("5", 7), ("17", 2), ("0", 0)] as [(String?, Int)])
  func cardsPastTheThresholdSayHowLong(aging: String?, aged: Int) throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    let result = try cli.run(["build", "--demo", "--today", "2026-11-21"] + (aging.map { ["--aging", $0] } ?? []))
    #expect(result.status == 0, "\(result.stderr)")
    let board = try cli.read("_site/en/index.html")
    #expect(board.components(separatedBy: "<div class=\"aged\">").count - 1 == aged)
    if aged > 0 {
      #expect(board.contains("<div class=\"aged\">19 days in DOING</div>"))
      #expect(try cli.read("_site/ko/index.html").contains("<div class=\"aged\">진행 중 19일째</div>"))
    }
  }

  @Test func badValuesGetOneLine() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    let flag = try cli.run("build", "--demo", "--aging", "4000")
    #expect(flag.status != 0)
    #expect(flag.stderr.contains("--aging takes a number of days from 0 to 3650, not 4000"))
  }
}
