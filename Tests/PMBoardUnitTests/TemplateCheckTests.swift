import Foundation
import PMBoardBytes
import PMBoardCLI
import PMBoardCore
import PMBoardMustache
import PMBoardSite
import PMBoardStore
import PMBoardTestSupport
import PMBoardValidation
import Testing

/// `pmboard check` end to end: a site's broken templates, every problem reported with its place.
@Suite("pmboard check", .serialized)
struct TemplateCheckTests {
  @Test func builtInThemeIsClean() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    let result = try cli.run("check")
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(try cli.run("check", "--diagnostics", "json").stdout == "[]\n")
  }

  @Test func reportsEveryProblemSortedWithPositions() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    try cli.write(
      "Templates/partials/card.mustache",
      """
      <li class="card" id="t-{{id}}">
        <secton>{{title}}</secton>
        <p><b>x</p>
        {{#hasBody}}<p class="a" class="b">R&D</p>
      </li>
      {{> nosuchpartial}}
      """)
    let result = try cli.run("check")
    #expect(result.status != 0)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("Templates/partials/card.mustache:2:3: error:") && $0.contains("secton") })
    #expect(lines.contains { $0.hasPrefix("Templates/partials/card.mustache:3:6: error:") && $0.contains("<b>") })
    #expect(lines.contains { $0.hasPrefix("Templates/partials/card.mustache:4:3: error:") && $0.contains("hasBody") })
    #expect(lines.contains { $0.hasPrefix("Templates/partials/card.mustache:4:28: error:") })
    #expect(lines.contains { $0.hasPrefix("Templates/partials/card.mustache:4:39: error:") })
    #expect(
      lines.contains { $0.hasPrefix("Templates/partials/card.mustache:6:1: error:") && $0.contains("nosuchpartial") })
    #expect(
      lines
        == lines.sorted { a, b in
          let pa = a.split(separator: ":"), pb = b.split(separator: ":")
          return (Int(pa[1]) ?? 0, Int(pa[2]) ?? 0) <= (Int(pb[1]) ?? 0, Int(pb[2]) ?? 0)
        })
    let github = try cli.run("check", "--diagnostics", "github").stdout
    #expect(github.contains("::error file=Templates/partials/card.mustache,line=2,col=3::"))
    let json = try cli.run("check", "--diagnostics", "json").stdout
    let list = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [[String: Any]]
    #expect(list.count == lines.count)
    // Every problem names its kind with a stable code of the form family.kind.
    #expect(list.allSatisfy { ($0["code"] as? String)?.split(separator: ".").count == 2 }, "\(list)")
  }

  @Test func pageTemplateWithoutDoctypeLangOrTitle() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    try cli.write(
      "Templates/history.mustache",
      "<html>\n<head></head>\n<body>{{#entries}}{{sentence}}{{/entries}}</body>\n</html>\n")
    let result = try cli.run("build", "--demo")
    #expect(result.status == 1)
    #expect(result.stderr.contains("Templates/history.mustache:1:1: error:"))
    #expect(result.stderr.contains("doctype") || result.stderr.contains("DOCTYPE"))
    #expect(result.stderr.contains("lang"))
    #expect(result.stderr.contains("title"))
    #expect(!FileManager.default.fileExists(atPath: cli.path("_site")))
  }
}
