import PMBoardBytes
import PMBoardCLI
import PMBoardCore
import PMBoardMustache
import PMBoardSite
import PMBoardStore
import PMBoardTestSupport
import PMBoardValidation
import Testing

/// Diagnostics of ``TemplateSet``: every problem, at the `{{` of its tag, with exact line and column.
@Suite struct MustacheParserTests {
  @Test func unclosedSectionIsReportedAtItsOpeningTag() {
    #expect(problems("<ul>\n  {{#items}}\n  <li>{{name}}</li>\n</ul>\n") == ["2:3 section {{#items}} is never closed"])
    #expect(problems("{{^empty}}none") == ["1:1 section {{^empty}} is never closed"])
  }

  @Test func mismatchedEndTagIsReportedAtTheEndTag() {
    #expect(
      problems("<div>\n\n    {{#a}}x\n  {{/b}}\n</div>") == ["4:3 {{/b}} closes {{#a}} opened at 3:5"])
    // Swapped end tags: each one closes the innermost open section, so both are reported.
    #expect(
      problems("{{#a}}{{^b}}{{/a}}{{/b}}") == [
        "1:13 {{/a}} closes {{^b}} opened at 1:7", "1:19 {{/b}} closes {{#a}} opened at 1:1",
      ])
  }

  @Test func strayEndTag() {
    #expect(problems("text\n  {{/items}}\n") == ["2:3 {{/items}} has no open section to close"])
    #expect(problems("{{#a}}{{/a}}{{/a}}") == ["1:13 {{/a}} has no open section to close"])
  }

  @Test func unterminatedTagsDoNotHideLaterProblems() {
    #expect(
      problems("<p>{{name</p>\n<p>{{ok}}</p>\n{{#open}}") == [
        "1:4 tag {{name</p> is never closed with }}",
        "3:1 section {{#open}} is never closed",
      ])
    #expect(problems("abc {{") == ["1:5 tag {{ at the end of the template is never closed"])
    #expect(problems("a{{\nname}}") == ["1:2 tag {{ is followed by a line break; a tag name must come first"])
    #expect(problems("x\n{{! never closed") == ["2:1 comment {{! is never closed with }}"])
    #expect(problems("{{{raw}} after") == ["1:1 tag {{{raw}} must end with }}}"])
  }

  @Test func emptyAndInvalidNames() {
    #expect(
      problems("{{}} {{#}}{{/}} {{{ }}} {{& }}\n{{na me}}") == [
        "1:1 tag {{}} has no name",
        "1:6 tag {{#}} has no name",
        "1:11 tag {{/}} has no name",
        "1:17 tag {{{}} has no name",
        "1:25 tag {{&}} has no name",
        "2:1 invalid name \"na me\" in tag {{na me}}; names use letters, digits and . - _ ? *",
      ])
    // The invalid name still pairs up with its end tag, so there is no follow-on error.
    #expect(problems("{{#a:b}}x{{/a:b}}").count == 2)
  }

  @Test func unknownPartialIsReportedAtThePartialTag() {
    #expect(
      problems(["page": "<main>\n  {{> card}}\n  {{>footer}}\n</main>", "card": "{{title}}"]) == [
        "3:3 partial {{> footer}} names no template in this set"
      ])
  }

  @Test func unsupportedFeatures() {
    #expect(problems("{{=<% %>=}}\n<% name %>\n{{#never}}") == ["1:1 set delimiters {{=<% %>=}} are not supported"])
    #expect(
      problems("{{<base}}\n{{$title}}T{{/title}}\n{{/base}}\n{{upper(name)}}\n{{% CONTENT_TYPE: TEXT }}\n{{>*dyn}}")
        == [
          "1:1 template inheritance {{<name}} is not supported",
          "2:1 blocks {{$name}} are not supported",
          "4:1 transforms like {{upper(name)}} are not supported",
          "5:1 pragmas {{%…}} are not supported",
          "6:1 dynamic partials {{>*name}} are not supported",
        ])
  }

  @Test func sectionsNestedPastTheLimitAreReportedOnceAtTheFirstTagTooDeep() {
    func nested(_ depth: Int, _ sigil: String = "#") -> String {
      String(repeating: "{{\(sigil)x}}", count: depth) + "x" + String(repeating: "{{/x}}", count: depth)
    }
    #expect(problems(nested(MustacheParser.maximumSectionDepth)) == [])
    let tooDeep = [
      "1:601 section {{#x}} is nested 101 deep; sections may nest at most 100 deep (problems after it are not reported)"
    ]
    // 10,000 levels used to overflow the stack while parsing.
    #expect(problems(nested(10_000)) == tooDeep)
    #expect(problems(nested(101, "^")) == [tooDeep[0].replacingOccurrences(of: "{{#x}}", with: "{{^x}}")])
  }

  @Test func partialRecursionIsReportedAtTheTagNamingTheCycle() {
    #expect(
      problems(["a": "<p>\n  {{> a}}\n</p>"]) == [
        "2:3 partial recursion: a → a never ends (no {{#section}} around these {{> …}} tags can stop it); "
          + "remove one of them"
      ])
    // Through another template, and inside an inverted section, which cannot stop it either.
    #expect(
      problems(["a": "x {{> b}}", "b": "{{^flag}}\n{{> a}}\n{{/flag}}", "page": "{{> a}}"]) == [
        "1:3 partial recursion: a → b → a never ends (no {{#section}} around these {{> …}} tags can stop it); "
          + "remove one of them"
      ])
    // Two separate cycles are two problems; a longer cycle is named in full.
    #expect(
      problems(["a": "{{> a}}", "c": "{{> d}}", "d": "{{> e}}", "e": "{{#x}}{{/x}}{{> c}}"]).map {
        $0.prefix { $0 != "(" }
      } == ["1:1 partial recursion: a → a never ends ", "1:1 partial recursion: c → d → e → c never ends "])
  }

  @Test func partialRecursionThroughASectionIsAllowed() {
    #expect(problems(["tree": "<li>{{name}}{{#children}}{{> tree}}{{/children}}</li>"]) == [])
    #expect(problems(["a": "{{> b}}", "b": "{{#more}}{{> a}}{{/more}}"]) == [])
  }

  @Test func columnsCountUnicodeScalars() {
    #expect(problems("한국어 {{#x}}") == ["1:5 section {{#x}} is never closed"])
    #expect(problems("e\u{301}\u{301} 日本 {{/x}}") == ["1:8 {{/x}} has no open section to close"])
    #expect(problems("a\r\nb\r\n  {{/x}}") == ["3:3 {{/x}} has no open section to close"])
  }

  @Test func allProblemsOfAllTemplatesAreSorted() {
    let sources = [
      "b": (text: "{{#x}}\n{{/y}}\n{{z", file: "b.mustache"),
      "a": (text: "{{/q}}\n{{> missing}}", file: "a.mustache"),
    ]
    #expect(throws: TemplateSetError.self) { try TemplateSet(sources: sources) }
    do {
      _ = try TemplateSet(sources: sources)
    } catch {
      guard case .invalid(let diagnostics) = error else { return }
      #expect(
        diagnostics.map(\.description) == [
          "a.mustache:1:1: error: {{/q}} has no open section to close",
          "a.mustache:2:1: error: partial {{> missing}} names no template in this set",
          "b.mustache:2:1: error: {{/y}} closes {{#x}} opened at 1:1",
          "b.mustache:3:1: error: tag {{z is never closed with }}",
        ])
    }
  }

  @Test func validTemplatesIncludingRecursivePartials() throws {
    let set = try TemplateSet(sources: [
      "tree": (text: "<ul>{{#children}}{{> tree}}{{/children}}</ul>", file: "tree.mustache"),
      "page": (text: "{{! comment }}\n{{> tree}}\n", file: "page.mustache"),
    ])
    #expect(set.names == ["page", "tree"])
    #expect(set.contains("tree") && !set.contains("nope"))
  }

  @Test func referencesListEveryNameWithItsPosition() throws {
    let set = try TemplateSet(sources: [
      "page": (
        text: "<h1>{{title}}</h1>\n{{#tasks}}\n  {{{body}}}{{^done}}{{& due.date}}{{/done}}\n{{/tasks}}\n{{> card}}",
        file: "page.mustache"
      ),
      "card": (text: "{{.}}", file: "card.mustache"),
    ])
    let references = set.references(in: "page").map {
      "\($0.kind) \($0.name) \($0.enclosingSections.joined(separator: "/")) \($0.location)"
    }
    #expect(
      references == [
        "variable title  1:5",
        "section tasks  2:1",
        "unescapedVariable body tasks 3:3",
        "invertedSection done tasks 3:13",
        "unescapedVariable due.date tasks/done 3:22",
        "partial card  5:1",
      ])
    #expect(set.references(in: "card").map(\.kind) == [.variable])
    #expect(set.references(in: "nope").isEmpty)
  }

  // MARK: - Helpers

  /// The diagnostics for a one-template set, as `line:column message`.
  private func problems(_ text: String) -> [String] {
    problems(["main": text])
  }

  private func problems(_ texts: [String: String]) -> [String] {
    do {
      _ = try TemplateSet(sources: texts.mapValues { (text: $0, file: "t.mustache") })
      return []
    } catch {
      guard case .invalid(let diagnostics) = error else { return [] }
      return diagnostics.map { "\($0.line):\($0.column) \($0.message)" }
    }
  }
}
