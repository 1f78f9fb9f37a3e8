import Foundation
import PMBoardTestSupport
import Testing

/// Issue 58: a field the code has never heard of, declared with commands, shows on the site with no code for it:
/// chips and values on cards, a page, calendar and change feed per option and name, a section of the index, a
/// milestone page with its progress; a rename moves the pages and a build leaves none of the old ones behind.
@Suite struct FieldPagesTests {
  private func board() throws -> CLIRunner {
    let cli = try CLIRunner()
    try cli.run("init")
    for command in [
      ["field", "add", "risk", "--type", "select", "--options", "Low,High"],
      ["field", "add", "squad", "--type", "multi-select"],
      ["field", "add", "points", "--type", "number"],
      ["field", "edit", "risk", "--name", "ko=위험도"],
      ["milestone", "add", "Release 2.0", "--due", "2026-12-15"],
      [
        "add", "Fix login", "--set", "risk=High", "--set", "squad=ios", "--set", "squad=웹", "--set", "points=3",
        "--set", "milestone=Release 2.0",
      ],
      ["add", "Write docs", "--set", "risk=Low", "--set", "milestone=Release 2.0"],
      ["add", "Plain task"],
    ] {
      let result = try cli.run(command)
      try #require(result.status == 0, "\(command): \(result.stderr)")
    }
    try #require(try cli.run("move", taskID(cli, "Write docs"), "done").status == 0)
    return cli
  }

  private func taskID(_ cli: CLIRunner, _ title: String) throws -> String {
    let line = try #require(try cli.run("list").stdout.split(separator: "\n").first { $0.contains(title) })
    return String(line.split(separator: " ", omittingEmptySubsequences: true)[1])
  }

  private func files(_ cli: CLIRunner, under folder: String) -> [String] {
    (FileManager.default.enumerator(atPath: cli.path(folder))?.allObjects as? [String] ?? []).sorted()
  }

  @Test func aDeclaredFieldGetsChipsPagesFeedsAndAnIndexSection() throws {
    let cli = try board()
    defer { cli.remove() }
    let built = try cli.run("build", "--out", "site", "--today", "2026-12-02")
    try #require(built.status == 0, "\(built.stderr)")
    let riskPages = files(cli, under: "site/en/risk")
    #expect(riskPages.contains { $0.hasPrefix("high-") && $0.hasSuffix(".html") }, "\(riskPages)")
    #expect(riskPages.contains { $0.hasPrefix("high-") && $0.hasSuffix(".atom") })
    #expect(riskPages.contains { $0.hasPrefix("high-") && $0.hasSuffix(".ics") })
    #expect(files(cli, under: "site/en/squad").filter { $0.hasSuffix(".html") }.count == 2)
    let board = try cli.read("site/en/index.html")
    #expect(board.contains("<span class=\"field-name\">risk</span> <bdi>High</bdi>"))
    #expect(board.contains("href=\"risk/high-"))
    #expect(board.contains("<dt>points</dt> <dd>3</dd>"))
    #expect(try cli.read("site/ko/index.html").contains("<span class=\"field-name\">위험도</span> <bdi>High</bdi>"))
    let page = try cli.read(
      "site/en/risk/" + #require(riskPages.first { $0.hasPrefix("high-") && $0.hasSuffix(".html") }))
    #expect(page.contains("risk\u{2069}: \u{2068}High"))
    #expect(page.contains("Fix login") && !page.contains("Write docs"))
    // Search finds a select's value: the search index's names carry every field's, each card's among its tags.
    #expect(try cli.read("site/search/open.js").contains("\"High\""))
    let index = try cli.read("site/en/labels.html")
    #expect(index.contains("<h3>risk</h3>") && index.contains("<h3>squad</h3>") && index.contains("<h3>Milestone</h3>"))
    // Options in the order the field declares them, not by name.
    let low = try #require(index.range(of: ">Low<")), high = try #require(index.range(of: ">High<"))
    #expect(low.lowerBound < high.lowerBound)
    let milestone = try cli.read(
      "site/en/milestone/" + #require(files(cli, under: "site/en/milestone").first { $0.hasSuffix(".html") }))
    #expect(milestone.contains("1 of 2 done (50%)") && milestone.contains("due December 15, 2026"))
    #expect(
      milestone.contains("<svg class=\"chart burn-up\"") && milestone.contains("<progress max=\"2\" value=\"1\">"))
  }

  @Test func orderByPutsTheFieldsOptionsFirstAndWarnsWhenItCannot() throws {
    let cli = try board()
    defer { cli.remove() }
    #expect(try cli.run("add", "Zero risk", "--due", "2026-12-01", "--set", "risk=Low").status == 0)
    #expect(try cli.run("add", "Later risk", "--due", "2026-11-30", "--set", "risk=High").status == 0)
    func todo() throws -> [String] {
      try cli.read("site/en/todo.html").components(separatedBy: "<h3>").dropFirst().compactMap {
        $0.components(separatedBy: "<bdi>").dropFirst().first?.components(separatedBy: "</bdi>").first
      }
    }
    try cli.write("pmboard.yml", "order-by: risk\n")
    let ordered = try cli.run("build", "--out", "site", "--today", "2026-12-02")
    #expect(ordered.status == 0 && ordered.stderr.isEmpty, "\(ordered.stderr)")
    // Low before High (the field's order), then by due day; tasks without a risk last.
    #expect(try todo() == ["Zero risk", "Later risk", "Fix login", "Plain task"])
    let flag = try cli.run("build", "--out", "site", "--today", "2026-12-02", "--order-by", "points")
    #expect(flag.status == 0 && flag.stderr.contains("order-by: `points` is a number field"), "\(flag.stderr)")
    // A number cannot order: the board's order (due day first), and one warning.
    #expect(try todo() == ["Later risk", "Zero risk", "Fix login", "Plain task"])
  }

  @Test func groupByPutsEachOptionInALaneAndWarnsWhenItCannot() throws {
    let cli = try board()
    defer { cli.remove() }
    for index in 0..<3 { #expect(try cli.run("add", "High \(index)", "--set", "risk=High").status == 0) }
    func lanes() throws -> [String] {
      try cli.read("site/en/index.html").components(separatedBy: "<h2 id=\"lane-").dropFirst().compactMap {
        // The heading's text: past its own tag, without the link's.
        $0.components(separatedBy: "</h2>").first?.drop { $0 != ">" }.dropFirst().replacingOccurrences(
          of: "<[^>]+>", with: "", options: .regularExpression)
      }
    }
    try cli.write("pmboard.yml", "group-by: risk\ncolumn-limit: 2\n")
    let grouped = try cli.run("build", "--out", "site", "--today", "2026-12-02")
    #expect(grouped.status == 0 && grouped.stderr.isEmpty, "\(grouped.stderr)")
    // The field's options in its order, then the tasks without a value, each lane with its count.
    #expect(try lanes() == ["Low 1", "High 4", "No \u{2068}risk\u{2069} 1"])
    let page = try cli.read("site/en/index.html")
    // Each lane's column is capped at column-limit, and "Show all" leads to the option's page.
    #expect(page.contains("<h3 id=\"lane-2-todo\">TODO <span class=\"count\">4</span></h3>"))
    #expect(page.contains("<p class=\"more\"><a href=\"risk/high-"))
    #expect(try cli.read("site/ko/index.html").contains("위험도\u{2069} 없음"))
    let multi = try cli.run("build", "--out", "site", "--today", "2026-12-02", "--group-by", "squad")
    #expect(multi.status == 0 && multi.stderr.contains("group-by: `squad` is a multi-select field"), "\(multi.stderr)")
    #expect(try lanes().isEmpty)
    let missing = try cli.run("build", "--out", "site", "--today", "2026-12-02", "--group-by", "team")
    #expect(missing.stderr.contains("group-by: `team` is not a field of the board"), "\(missing.stderr)")
  }

  @Test func boardJSONCarriesTheDeclarationsAndEachTasksValues() throws {
    let cli = try board()
    defer { cli.remove() }
    #expect(try cli.run("build", "--out", "site", "--today", "2026-12-02").status == 0)
    let data = try #require(cli.data("site/board.json"))
    let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let fields = try #require(document["fields"] as? [[String: Any]])
    #expect(fields.compactMap { $0["key"] as? String } == ["milestone", "risk", "squad", "points"])
    #expect((fields[1]["names"] as? [String: String]) == ["ko": "위험도"])
    let tasks = try #require(document["tasks"] as? [[String: Any]])
    let login = try #require(tasks.first { $0["title"] as? String == "Fix login" }?["fields"] as? [String: Any])
    #expect(login["risk"] as? String == "High" && login["points"] as? Int == 3)
    #expect(login["squad"] as? [String] == ["ios", "웹"] && login["milestone"] as? String == "Release 2.0")
    #expect((tasks.first { $0["title"] as? String == "Plain task" }?["fields"] as? [String: Any])?.isEmpty == true)
  }

  @Test func aRenameMovesThePagesAndARemovalTakesThemAway() throws {
    let cli = try board()
    defer { cli.remove() }
    #expect(try cli.run("build", "--out", "site", "--today", "2026-12-02").status == 0)
    #expect(try cli.run("field", "rename", "risk", "severity").status == 0)
    #expect(try cli.run("build", "--out", "site", "--today", "2026-12-02").status == 0)
    #expect(files(cli, under: "site/en/risk").isEmpty)
    #expect(files(cli, under: "site/en/severity").contains { $0.hasPrefix("high-") })
    #expect(try cli.read("site/en/index.html").contains("href=\"severity/high-"))
    #expect(try cli.run("field", "remove", "severity", "--force").status == 0)
    #expect(try cli.run("build", "--out", "site", "--today", "2026-12-02").status == 0)
    #expect(files(cli, under: "site/en/severity").isEmpty)
    #expect(!(try cli.read("site/en/index.html").contains("severity")))
    // Undone, the values come back with the field.
    #expect(try cli.run("undo").status == 0)
    #expect(try cli.run("build", "--out", "site", "--today", "2026-12-02").status == 0)
    #expect(try cli.read("site/en/index.html").contains("href=\"severity/high-"))
  }
}
