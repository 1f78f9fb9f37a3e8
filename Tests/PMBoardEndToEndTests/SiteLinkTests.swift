import Foundation
import PMBoardTestSupport
import Testing

/// End-to-end: every link of a site the real binary built leads to a file of the site (``SiteLinks``): the demo
/// with and without task pages, and a 1,000-task board of `scripts/gen-board`; and the built-in theme gets its
/// addresses from the site's URL scheme (`SiteAddresses`) instead of spelling them.
@Suite("site links", .serialized)
struct SiteLinkTests {
  /// Builds with `arguments` in `cli`'s folder and follows every link of `_site`.
  func links(_ cli: CLIRunner, _ arguments: [String]) throws -> SiteLinks {
    let build = try cli.run(["build", "--today", "2026-11-21"] + arguments)
    #expect(build.status == 0, "\(build.stderr)")
    var links = try SiteLinks(site: cli.directory.appendingPathComponent("_site"))
    try links.check()
    return links
  }

  func expectNoneBroken(_ links: SiteLinks, atLeast followed: Int, _ what: String) {
    #expect(links.followed >= followed, "\(what): \(links.followed) links followed")
    #expect(
      links.broken.isEmpty,
      "\(what): \(links.broken.count) broken links, such as \(links.broken.prefix(10).joined(separator: "; "))")
  }

  func expectFeedFragmentsFound(_ links: SiteLinks, _ what: String) {
    let missing = links.feedFragmentsMissing
    #expect(
      missing.isEmpty,
      "\(what): \(missing.count) feed links to cards the board page does not show: \(missing.prefix(3))")
  }

  @Test(arguments: ["on", "off"]) func everyLinkOfTheDemoLeadsToAFileOfTheSite(taskPages: String) throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    let links = try links(cli, ["--demo", "--task-pages", taskPages])
    expectNoneBroken(links, atLeast: taskPages == "on" ? 4_000 : 2_000, "demo, task pages \(taskPages)")
    expectFeedFragmentsFound(links, "demo")
  }

  @Test func everyLinkOfAGeneratedThousandTaskBoardLeadsToAFileOfTheSite() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    let imported = try cli.importGeneratedBoard(tasks: 1_000, history: 3_000, seed: 1)
    #expect(imported.status == 0, "\(imported.stderr)")
    let links = try links(cli, ["--store", "board.sqlite"])
    #expect(links.files.count > 3_000, "a page per task and locale")
    expectNoneBroken(links, atLeast: 100_000, "1,000 generated tasks")
    // The feeds link each task's page (docs/site.md): a card on the board page, which a column capped at
    // `column-limit` leaves off for most tasks of a big board, was a link that led nowhere.
    expectFeedFragmentsFound(links, "1,000 generated tasks")
    // Without task pages, its card on its column's page, which lists the whole column.
    let lean = try self.links(cli, ["--store", "board.sqlite", "--task-pages", "off"])
    expectNoneBroken(lean, atLeast: 10_000, "1,000 generated tasks, no task pages")
    expectFeedFragmentsFound(lean, "1,000 generated tasks, no task pages")
    // Long columns cut into pages of about 40 cards: every card's link, from the pages and the feeds, finds it on
    // its own page, and the pages link each other.
    let paged = try self.links(cli, ["--store", "board.sqlite", "--task-pages", "off", "--page-cards", "40"])
    #expect(
      paged.files.contains { $0.hasSuffix("en/todo-2.html") } && paged.files.contains { $0.hasSuffix("en/done-1.html") }
    )
    expectNoneBroken(paged, atLeast: 10_000, "1,000 generated tasks in pages of 40")
    expectFeedFragmentsFound(paged, "1,000 generated tasks in pages of 40")
  }

  /// The pages' templates and `search.js` name no folder of pages and no `.html`: they take every address as a
  /// value (docs/theming.md, "Links").
  @Test func theBuiltInThemeSpellsNoAddress() throws {
    let root = Golden.repositoryRoot
    let folder = root.appendingPathComponent("Templates")
    let templates = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".mustache")
    }
    #expect(templates.count >= 16)
    var texts = try templates.map { ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
    let script = try String(contentsOf: root.appendingPathComponent("Public/search.js"), encoding: .utf8)
    texts.append(("search.js", Self.withoutComments(script)))
    for (name, text) in texts {
      for spelled in ["tasks/", "labels/", "people/", ".html", "#t-"] {
        #expect(!text.contains(spelled), "\(name) spells \(spelled)")
      }
    }
  }

  /// A script's code without its `/* … */` and `// …` comments (none of its strings holds either).
  static func withoutComments(_ script: String) -> String {
    var text = script
    while let open = text.range(of: "/*"), let close = text.range(of: "*/", range: open.upperBound..<text.endIndex) {
      text.removeSubrange(open.lowerBound..<close.upperBound)
    }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
    }.joined(separator: "\n")
  }
}
