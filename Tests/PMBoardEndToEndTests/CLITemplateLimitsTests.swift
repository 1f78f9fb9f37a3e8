import Foundation
import PMBoardTestSupport
import Testing

/// Templates that used to crash `pmboard check` and `pmboard build` with SIGSEGV (a stack overflow): each now
/// fails with exit status 1 and one line per problem, at the tag, and `build` writes no site.
@Suite("pmboard template limits", .serialized)
struct CLITemplateLimitsTests {
  /// Runs `check` and `build --demo` on a site whose own templates are `files`; both must report exactly `lines`.
  private func expectBothFail(
    _ files: [String: String], reporting lines: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    for (path, text) in files {
      try cli.write(path, text)
    }
    let check = try cli.run("check")
    #expect(check.status == 1, "\(check.stdout)\(check.stderr)", sourceLocation: sourceLocation)
    #expect(check.stdout.split(separator: "\n").map(String.init) == lines, sourceLocation: sourceLocation)
    let build = try cli.run("build", "--demo")
    #expect(build.status == 1, "\(build.stdout)\(build.stderr)", sourceLocation: sourceLocation)
    #expect(
      build.stderr.split(separator: "\n").map(String.init) == lines,
      sourceLocation: sourceLocation)
    #expect(!FileManager.default.fileExists(atPath: cli.path("_site")), sourceLocation: sourceLocation)
  }

  @Test func aPartialIncludingItselfIsReportedAtItsTag() throws {
    try expectBothFail(
      ["Templates/partials/footer.mustache": "<footer>\n  {{> footer}}\n</footer>\n"],
      reporting: [
        "Templates/partials/footer.mustache:2:3: error: partial recursion: footer → footer never ends (no "
          + "{{#section}} around these {{> …}} tags can stop it); remove one of them"
      ])
  }

  @Test func partialsIncludingEachOtherAreReportedAtTheFirstTag() throws {
    try expectBothFail(
      [
        "Templates/partials/footer.mustache": "<footer>{{> a}}</footer>\n",
        "Templates/partials/a.mustache": "<p>{{^t.board.heading}}{{> b}}{{/t.board.heading}}</p>\n",
        "Templates/partials/b.mustache": "<b>{{> a}}</b>\n",
      ],
      reporting: [
        "Templates/partials/a.mustache:1:24: error: partial recursion: a → b → a never ends (no {{#section}} "
          + "around these {{> …}} tags can stop it); remove one of them"
      ])
  }

  @Test func tenThousandNestedSectionsAreOneProblem() throws {
    let depth = 10_000
    let sections = String(repeating: "{{#lang}}", count: depth) + "x" + String(repeating: "{{/lang}}", count: depth)
    try expectBothFail(
      ["Templates/partials/footer.mustache": "<footer>\(sections)</footer>\n"],
      reporting: [
        "Templates/partials/footer.mustache:1:909: error: section {{#lang}} is nested 101 deep; sections may nest "
          + "at most 100 deep (problems after it are not reported)"
      ])
  }

  @Test func tenThousandNestedElementsAreOneProblem() throws {
    let depth = 10_000
    let elements = String(repeating: "<div>", count: depth) + "x" + String(repeating: "</div>", count: depth)
    try expectBothFail(
      ["Templates/partials/footer.mustache": "<footer>\(elements)</footer>\n"],
      reporting: [
        "Templates/partials/footer.mustache:1:1284: error: <div> is nested 257 elements deep; elements may nest "
          + "at most 256 deep (the rest of the template's structure is not checked)"
      ])
  }

  /// A card that includes itself inside `{{#cards}}`: a card has no `cards`, so the name is found again in the
  /// column and the data never ends the recursion. The check cannot know; the build stops at the depth limit.
  @Test func recursionTheDataNeverEndsFailsTheBuildAtTheTag() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    try cli.write("Templates/partials/card.mustache", "<li>{{title}}<ul>{{#cards}}{{> card}}{{/cards}}</ul></li>\n")
    #expect(try cli.run("check").status == 0)
    let build = try cli.run("build", "--demo")
    #expect(build.status == 1, "\(build.stdout)\(build.stderr)")
    #expect(
      build.stderr.split(separator: "\n").map(String.init) == [
        "Templates/partials/card.mustache:1:28: error: partial recursion: card → card went more than 200 sections "
          + "and partials deep while rendering; a {{#section}} on the way must run out of data to end it"
      ])
    #expect(!FileManager.default.fileExists(atPath: cli.path("_site")))
  }
}
