import Foundation
import PMBoardTestSupport
import PMBoardValidation
import Testing

/// End-to-end: the insights page and `insights.json` of a real build, the numbers recomputed from `pmboard export`
/// by an independent script (`Tests/Scripts/check_insights.py`), on a board whose history crosses a DST change.
@Suite("insights", .serialized)
struct InsightsTests {
  static let script = Golden.repositoryRoot.appendingPathComponent("Tests/Scripts/check_insights.py").path

  /// A 1,000-task board made by the script, imported, built on 2026-11-21 and exported again.
  func builtBoard(_ extra: String...) throws -> CLIRunner {
    try builtBoard(extra)
  }

  func builtBoard(_ extra: [String]) throws -> CLIRunner {
    let cli = try CLIRunner()
    let board = try cli.run("/usr/bin/env", "python3", Self.script, "generate", "1000", "3", "America/New_York")
    #expect(board.status == 0, "\(board.stderr)")
    try cli.write("board.json", board.stdout)
    #expect(try cli.run("import", "board.json", "--store", "board.sqlite").status == 0)
    let build = try cli.run(["build", "--store", "board.sqlite", "--today", "2026-11-21"] + extra)
    #expect(build.status == 0, "\(build.stderr)")
    return cli
  }

  @Test func theNumbersMatchAnIndependentRecomputation() throws {
    let cli = try builtBoard()
    defer { cli.remove() }
    #expect(try cli.run("export", "--store", "board.sqlite", "export.json").status == 0)
    let check = try cli.run("/usr/bin/env", "python3", Self.script, "check", cli.path("export.json"), cli.path("_site"))
    #expect(check.status == 0, "\(check.stdout) \(check.stderr)")
    let report = try #require(try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
    #expect(report["errors"] as? [String] == [])
    let checked = try #require(report["checked"] as? [String: Any])
    // The generated history has moves through DOING into DONE in the window and tasks left in DOING: every chart
    // has something to show.
    #expect((checked["cycles"] as? Int ?? 0) > 50)
    #expect((checked["doing"] as? Int ?? 0) > 50)
  }

  @Test func everyLocaleHasThePageWithChartsTablesAndWords() throws {
    let cli = try builtBoard()
    defer { cli.remove() }
    for (code, heading) in [("en", "Cumulative flow"), ("ko", "누적 흐름"), ("ja", "累積フロー")] {
      let page = try cli.read("_site/\(code)/insights.html")
      #expect(page.contains("<h3 id=\"flow-heading\">\(heading)</h3>"))
      #expect(page.components(separatedBy: "role=\"img\"").count == 5, "four charts")
      #expect(page.components(separatedBy: "<table>").count == 5, "four tables")
      #expect(page.contains("<desc id=\"cycle-desc\">"))
      #expect(page.contains("aria-current=\"page\">"))
      let board = try cli.read("_site/\(code)/index.html")
      #expect(board.contains("<a href=\"insights.html\">"), "the header links it")
    }
    for code in ["en", "ko", "ja"] {
      let page = try cli.read("_site/\(code)/insights.html")
      let problems = HTMLTemplateValidator().validate(source: page, file: "\(code)/insights.html", isPage: true)
      #expect(problems.isEmpty, "\(problems.prefix(5))")
      // Every "<" starts a tag: the cycle-time bucket "<1" is text and must be escaped (the Nu checker's find).
      #expect(page.range(of: "<[^a-zA-Z/!]", options: .regularExpression) == nil)
    }
    let english = try cli.read("_site/en/insights.html")
    #expect(english.contains("The 12 weeks from August 30, 2026 to November 21, 2026."))
    #expect(english.contains("<a href=\"tasks/"), "aging rows link their tasks")
  }

  @Test(arguments: [["--publish-history", "off"], ["--publish-insights", "hide"]])
  func withoutPublishedHistoryOrWhenHiddenThereAreNoInsights(flags: [String]) throws {
    let cli = try builtBoard(flags)
    defer { cli.remove() }
    #expect(!FileManager.default.fileExists(atPath: cli.path("_site/en/insights.html")))
    #expect(!FileManager.default.fileExists(atPath: cli.path("_site/insights.json")))
    #expect(!(try cli.read("_site/en/index.html")).contains("insights.html"))
  }
}
