import Mustache
import PMBoardBytes
import PMBoardCore
import PMBoardMustache
import PMBoardSite
import PMBoardStore
import PMBoardTestSupport
import PMBoardValidation
import Testing

/// Renders the same templates and data with ``TemplateSet`` and swift-mustache and demands identical bytes.
@Suite struct MustacheParityTests {
  // MARK: - Hand-written templates

  @Test func escapingOfEverySpecialCharacter() throws {
    let text = #"<a href="x?a=1&b=2">Tom & 'Jerry' > 3</a>"#
    try expectParity(
      "{{t}}|{{{t}}}|{{&t}}|{{ t }}|{{{ t }}}|{{& t }}\n",
      ["t": .text(text)])
  }

  @Test func koreanJapaneseAndCombiningText() throws {
    let context = ParityContext([
      "ko": .text("한국어 <태그> & '따옴표' \"큰따옴표\""),
      "ja": .text("日本語「テスト」<b>&amp;</b>"),
      "touching": .text("한<국>어&日'本\"語"),
      // A combining mark makes `<\u{338}` one Character, which swift-mustache does not escape.
      "combining": .text("a<\u{338}b &\u{301} '\u{301}x e\u{301}<"),
      // U+0600 is a "prepend" character: it joins the `<` after it into one Character.
      "prepend": .text("\u{0600}<x \u{0600}& <"),
      "emoji": .text("👩‍👩‍👧<>&👍🏽'\""),
    ])
    try expectParity(
      """
      <p lang="ko">{{ko}}</p>
      <p lang="ja">{{ja}}</p>
      {{touching}} {{{touching}}}
      {{combining}} {{{combining}}}
      {{prepend}}
      {{emoji}}
      한국어 템플릿 {{ko}} 日本語
      """, context)
  }

  /// Every special character between every pair of neighbours from each grapheme-breaking class that could
  /// join it into a larger cluster (or not): the escaper decides from the neighbours alone, swift-mustache from
  /// the whole text's `Character`s.
  @Test func specialCharactersBetweenEveryKindOfNeighbour() throws {
    let neighbours = [
      "", "a", " ", "\n", "\r", "한", "日", "é", "e\u{301}", "\u{301}", "\u{338}", "\u{0600}", "\u{0903}", "\u{200D}",
      "\u{1F1F0}", "👍", "👍🏽", "\u{1100}", "\u{0915}\u{094D}", "\u{FE0F}", "\u{E0100}",
    ]
    var values: [String: TemplateValue] = [:]
    var template = ""
    for (b, before) in neighbours.enumerated() {
      for special in ["&", "<", ">", "\"", "'"] {
        for (a, after) in neighbours.enumerated() {
          let key = "k\(b)_\(special.unicodeScalars.first!.value)_\(a)"
          values[key] = .text("x" + before + special + after + "y")
          template += "{{\(key)}}\n"
        }
      }
    }
    try expectParity(template, ParityContext(values))
  }

  @Test func numbersAndBooleans() throws {
    try expectParity(
      "{{n}} {{neg}} {{zero}} {{max}} {{min}} {{yes}} {{no}} {{{yes}}} {{&n}}\n",
      [
        "n": .number(42), "neg": .number(-7), "zero": .number(0), "max": .number(Int.max),
        "min": .number(Int.min), "yes": .bool(true), "no": .bool(false),
      ])
  }

  @Test func missingNamesRenderEmpty() throws {
    try expectParity(
      "[{{nope}}][{{{nope}}}][{{a.nope}}][{{nope.b}}][{{#nope}}x{{/nope}}][{{^nope}}y{{/nope}}]\n",
      ["a": .object(ParityContext(["b": .text("B")]))])
  }

  @Test func dottedNamesAndImplicitIterator() throws {
    let inner = ParityContext(["c": .text("deep<"), "n": .number(5)])
    let middle = ParityContext(["b": .object(inner), "t": .text("mid")])
    try expectParity(
      """
      {{a.b.c}} {{a.b.n}} {{a..b.c}} {{a.b.c.}} {{a.t.c}} {{a.x.c}}
      {{#a}}{{.t}} {{.b.c}} {{.root}}|{{root}}{{/a}}
      {{#a.b}}{{c}}{{/a.b}}{{^a.b.zz}}none{{/a.b.zz}}
      {{#a.t}}[{{.}}]{{/a.t}} {{#a.b.n}}[{{.}}]{{/a.b.n}} {{#empty}}[{{.}}]{{/empty}} {{#zero}}[{{.}}]{{/zero}}
      {{#a.t}}[{{count}}{{isEmpty}}{{first}}{{.count}}]{{/a.t}}{{#a.b.n}}[{{bitWidth}}{{.words}}]{{/a.b.n}}
      """,
      ["a": .object(middle), "root": .text("R"), "empty": .text(""), "zero": .number(0)])
  }

  @Test func sectionsOverListsBoolsObjectsAndScalars() throws {
    let items: [any TemplateContext] = [
      ParityContext(["name": .text("one"), "done": .bool(true)]),
      ParityContext(["name": .text("two & <three>"), "owner": .text("inner")]),
      ParityContext(["done": .bool(false)]),
    ]
    try expectParity(
      """
      {{#items}}<li>{{name}} by {{owner}}{{#done}} ✓{{/done}}{{^done}} …{{/done}}</li>{{/items}}
      {{#yes}}yes {{owner}}{{/yes}}{{#no}}no{{/no}}{{^no}}not no{{/no}}{{^yes}}not yes{{/yes}}
      {{#obj}}{{owner}}/{{name}}{{/obj}}{{^obj}}no obj{{/obj}}
      {{#none}}x{{/none}}{{^none}}no items{{/none}}
      {{#text}}text is truthy{{/text}}{{^text}}never{{/text}}{{#num}}0 is truthy{{/num}}{{^num}}never{{/num}}
      {{#items}}{{#items}}{{name}}{{/items}};{{/items}}
      """,
      [
        "items": .list(items), "owner": .text("outer"), "yes": .bool(true), "no": .bool(false),
        "obj": .object(ParityContext(["name": .text("objname")])), "none": .list([]), "text": .text(""),
        "num": .number(0),
      ])
  }

  @Test func standaloneLinesForEveryTagKind() throws {
    let template = """
      <ul>
        {{#items}}
        <li>{{name}}</li>
        {{/items}}
        {{^items}}
        <li>none</li>
        {{/items}}
        {{! a standalone comment }}
      \t{{!
         a multi-line comment
      }}
      </ul>
        {{#items}}inline{{/items}}
      {{#flag}}   \t
      flagged
      {{/flag}}\t
      end
      """
    let items: [any TemplateContext] = [ParityContext(["name": .text("a")]), ParityContext(["name": .text("b")])]
    try expectParity(template, ["items": .list(items), "flag": .bool(true)])
    try expectParity(template, ["items": .list([]), "flag": .bool(false)])
  }

  @Test func swiftMustacheStandaloneQuirks() throws {
    // A closing tag leaves the line state its opening tag chose: here `{{#b}}` counts as standalone.
    try expectParity("{{#a}}\nX{{/a}} {{#b}}\nY\n{{/b}}\nZ\n", ["a": .bool(true), "b": .bool(true)])
    try expectParity("A{{#a}}\n{{/a}}\nB  {{#a}}\n  C\n  {{/a}}  \nD", ["a": .bool(true)])
    // Whitespace before a comment that is not standalone moves into the next text.
    try expectParity("  {{! c }}x\n  {{!c}}{{#s}}\nin\n{{/s}}\n  {{!c}}{{!d}}\nend", ["s": .bool(true)])
    // Trailing blanks at the very end are dropped; a standalone tag at the end needs nothing after it.
    try expectParity("a\n  ", [:])
    try expectParity("a\n  {{#s}}x{{/s}}  ", ["s": .bool(true)])
    try expectParity("a\n{{#s}}\nx\n{{/s}}", ["s": .bool(true)])
    try expectParity("a\n{{#s}}\nx\n{{/s}}   ", ["s": .bool(true)])
    try expectParity("{{! only a comment }}", [:])
    try expectParity("", [:])
  }

  @Test func lineEndingsAndOddText() throws {
    try expectParity(
      "<ul>\r\n  {{#items}}\r\n  <li>{{name}}</li>\r\n  {{/items}}\r\n</ul>\r\n",
      ["items": .list([ParityContext(["name": .text("x")])])])
    try expectParity(
      "a { b } {x} }} {{{t}}}{ a{b\u{2028}{{#s}}\u{2028}x\u{85}{{/s}}\u{0B}y\r{{t}}\r\n",
      ["t": .text("<t>"), "s": .bool(true)])
    try expectParity("\t{{#s}}\t\n\tx\n\t{{/s}}\t\n", ["s": .bool(true)])
    try expectParity("{{is-done?}} {{snake_case}} {{*star}}", ["is-done?": .bool(true), "snake_case": .number(1)])
  }

  @Test func partialsAndIndentation() throws {
    let templates = [
      "page": """
      <body>
        {{> card}}
        <footer>{{> inline}}</footer>
      \t{{> list}}
        x {{> card}}
      {{#cards}}
        {{> card}}
      {{/cards}}
      </body>
      """,
      "card": """
      <div class="card">
        <h2>{{title}}</h2>
        {{#body}}
        <p>{{body}}</p>
        {{/body}}
        {{> meta}}
      </div>

      """,
      "meta": "<span>{{due}}</span>\n<em>{{^due}}no date{{/due}}</em>\n",
      "inline": "© {{year}}",
      // A section at the start of an indented partial: swift-mustache indents only its first iteration.
      "list": "{{#cards}}\n- {{title}}\n  {{#body}}{{body}}\n{{/body}}\n{{/cards}}\n",
    ]
    let cards: [any TemplateContext] = [
      ParityContext(["title": .text("First"), "body": .text("Body <1>"), "due": .text("2024-05-01")]),
      ParityContext(["title": .text("Second"), "body": .text("multi\nline")]),
    ]
    let context = ParityContext([
      "title": .text("Top"), "body": .text("top body"), "year": .number(2025), "cards": .list(cards),
    ])
    try expectParity(templates, "page", context)
    try expectParity(templates, "card", context)
  }

  @Test func partialIndentationEdgeCases() throws {
    let templates = [
      "page": "<a>\n  {{> crlf}}\n\t{{> empty}}\n  {{> quiet}}\n  {{> inline}}\n    {{> cr}}\nend\n  {{> last}}",
      "crlf": "a\r\nb\r\n{{x}}\nc\n",
      // Tokens that render nothing must not leave indentation behind.
      "empty": "{{#no}}x{{/no}}\n{{#no}}x{{/no}}line\n{{missing}}\n{{^yes}}y{{/yes}}z\n",
      "quiet": "{{! only a comment }}",
      // A partial that is not standalone inherits the indentation of the partial it is in.
      "inline": "first\n<b>{{> crlf}}</b>\n{{multi}}\nlast\n",
      // "\r" from one token and "\n" from the next still make "\r\n", which is not indented after.
      "cr": "a\r{{#yes}}\n{{/yes}}b\n{{#yes}}\r{{/yes}}\nc\n",
      "last": "no newline at the end",
    ]
    let context = ParityContext([
      "x": .text("<x>"), "no": .bool(false), "yes": .bool(true), "multi": .text("one\ntwo\n"),
    ])
    try expectParity(templates, "page", context)
  }

  @Test func recursivePartial() throws {
    func node(_ name: String, _ children: [any TemplateContext]) -> ParityContext {
      ParityContext(["name": .text(name), "children": .list(children)])
    }
    let tree = node("root", [node("a", [node("a1", []), node("a2", [])]), node("b", [])])
    let templates = [
      "tree": "<ul>\n  {{> node}}\n</ul>\n",
      "node": "<li>{{name}}\n  {{#children}}\n  {{> node}}\n  {{/children}}\n</li>\n",
    ]
    try expectParity(templates, "tree", tree)
  }

  // MARK: - Randomized

  @Test func randomizedDataThroughFixedTemplates() throws {
    var random = SplitMix64(seed: 0x5EED_1234)
    let templates = [
      "main": """
      <h1>{{title}}</h1>
      {{#items}}
        <li class="{{#flag}}on{{/flag}}{{^flag}}off{{/flag}}">{{name}} {{{title}}} {{obj.name}}</li>
        {{#children}}
          {{> row}}
        {{/children}}
      {{/items}}
      {{^items}}<p>none {{label}}</p>{{/items}}
      {{#obj}}{{.name}} {{name}} {{#label}}[{{.}}]{{/label}}{{/obj}}
      """,
      "row": "<tr><td>{{name}}</td><td>{{& title}}</td>{{#items}}<td>{{label}}</td>{{/items}}</tr>\n",
    ]
    for _ in 0..<300 {
      try expectParity(templates, "main", RandomData.context(using: &random, depth: 0))
    }
  }

  @Test func randomizedTemplatesAndData() throws {
    var random = SplitMix64(seed: 0xC0FFEE)
    for _ in 0..<400 {
      let templates = [
        "main": RandomTemplate.make(using: &random, partials: ["p1", "p2"]),
        "p1": RandomTemplate.make(using: &random, partials: ["p2"]),
        "p2": RandomTemplate.make(using: &random, partials: []),
      ]
      for _ in 0..<3 {
        try expectParity(templates, "main", RandomData.context(using: &random, depth: 0))
      }
    }
  }

  // MARK: - Helpers

  private func expectParity(
    _ template: String, _ values: [String: TemplateValue], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try expectParity(["main": template], "main", ParityContext(values), sourceLocation: sourceLocation)
  }

  private func expectParity(
    _ template: String, _ context: ParityContext, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try expectParity(["main": template], "main", context, sourceLocation: sourceLocation)
  }

  private func expectParity(
    _ templates: [String: String], _ name: String, _ context: any TemplateContext,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    var library = MustacheLibrary()
    for (templateName, text) in templates {
      try library.register(text, named: templateName)
    }
    let expected = try #require(library.render(MustacheData.dictionary(context), withTemplate: name))
    let set = try TemplateSet(sources: templates.mapValues { (text: $0, file: "test.mustache") })
    var bytes: [UInt8] = Array("prefix".utf8)
    try set.render(name, context, into: &bytes)
    let rendered = try set.render(name, context)
    #expect(
      Array(rendered.utf8) == Array(expected.utf8),
      "\(templates)\n--- expected ---\n\(expected.debugDescription)\n--- got ---\n\(rendered.debugDescription)",
      sourceLocation: sourceLocation)
    #expect(bytes == Array("prefix".utf8) + Array(expected.utf8), sourceLocation: sourceLocation)
  }
}

/// A context backed by a dictionary.
struct ParityContext: TemplateContext {
  var values: [String: TemplateValue]

  init(_ values: [String: TemplateValue]) {
    self.values = values
  }

  func templateValue(forKey key: String) -> TemplateValue? { values[key] }
  var templateKeys: [String] { values.keys.sorted() }
}

/// Hands a ``TemplateContext`` to swift-mustache as the nested dictionaries and arrays it understands.
enum MustacheData {
  static func dictionary(_ context: any TemplateContext) -> [String: Any] {
    var dictionary: [String: Any] = [:]
    for key in context.templateKeys {
      if let value = context.templateValue(forKey: key) {
        dictionary[key] = any(value)
      }
    }
    return dictionary
  }

  static func any(_ value: TemplateValue) -> Any {
    switch value {
    case .text(let text): text
    case .bool(let flag): flag
    case .number(let number): number
    case .list(let items): items.map { dictionary($0) as Any }
    case .object(let object): dictionary(object)
    }
  }
}
