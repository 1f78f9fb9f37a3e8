import Foundation
import PMBoardTestSupport
import Testing

/// End-to-end: the insights page read in headless Chromium at 360, 390, 768 and 1280 px by
/// `Tests/Scripts/insights_phone_check.py` (issue #57: on a phone its aging names were about 6 px, names were cut
/// off at the chart's left edge, a scale's top of 1745 was drawn as "745", and Korean titles on the English page had
/// no `lang`). The board, made by the script, has over a thousand tasks and thirty in DOING with long English,
/// Korean and Japanese titles.
@Suite("insights in a browser", .serialized, .needs(.browser))
struct InsightsBrowserTests {
  static let script = Golden.repositoryRoot.appendingPathComponent("Tests/Scripts/insights_phone_check.py").path

  @Test func chartWordsAreReadableAndWholeOnAPhone() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    let board = try cli.run("/usr/bin/env", "python3", Self.script, "generate")
    try #require(board.status == 0, "\(board.stderr)")
    try cli.write("board.json", board.stdout)
    try #require(try cli.run("import", "board.json", "--store", "board.sqlite").status == 0)
    let build = try cli.run("build", "--store", "board.sqlite", "--today", "2026-11-21")
    try #require(build.status == 0, "\(build.stderr)")

    let result = try cli.run("/usr/bin/env", "python3", Self.script, "check", cli.path("_site"))
    #expect(result.status == 0, "insights_phone_check.py:\n\(result.stdout)\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(!lines.contains { $0.hasPrefix("FAIL") })
    for code in ["ko", "en", "ja"] {
      for screen in ["phone 390", "phone 360", "tablet 768", "desktop 1280"] {
        let page = "\(code)/insights.html at \(screen)"
        #expect(lines.contains { $0.hasPrefix("ok   \(page): ") && $0.contains("12 px or more") }, "\(page)")
        #expect(lines.contains("ok   \(page): every word inside its chart"), "\(page)")
        #expect(lines.contains("ok   \(page): no two words of a chart overlap"), "\(page)")
        #expect(lines.contains { $0.hasPrefix("ok   \(page): ") && $0.contains("aging names") }, "\(page)")
        #expect(lines.contains { $0.hasPrefix("ok   \(page): Korean and Japanese titles") }, "\(page)")
      }
    }
    // The flow chart's scale reaches four digits, all of them drawn.
    let english = try cli.read("_site/en/insights.html")
    #expect(english.range(of: #"text-anchor="end">1[0-9]{3}</text>"#, options: .regularExpression) != nil)
    #expect(english.contains(#"lang="ko">결제 모듈의"#), "a Korean name on the English page says its language")
  }
}
