import PMBoardCore
import PMBoardMustache
import PMBoardTestSupport
import PMBoardValidation
import Testing

/// One reading of where Mustache tags are: the HTML validator masks the tags ``MustacheParser`` reads, at the
/// bytes it read them from.
@Suite struct MustacheTagTests {
  @Test func theParserReportsEachTagWithItsKindNameAndBytes() {
    let tags = MustacheParser.tags(in: "é {{ a }}{{{b}}}{{& c}}\n{{#d}}\n  {{> p/q}}\n{{/d}}{{^e}}{{! x }}{{/e}}")
    #expect(
      tags == [
        MustacheTag(kind: .variable, name: "a", bytes: 3..<10),
        MustacheTag(kind: .unescapedVariable, name: "b", bytes: 10..<17),
        MustacheTag(kind: .unescapedVariable, name: "c", bytes: 17..<24),
        MustacheTag(kind: .section, name: "d", bytes: 25..<31),
        MustacheTag(kind: .partial, name: "p/q", bytes: 34..<43),
        MustacheTag(kind: .closing, name: "d", bytes: 44..<50),
        MustacheTag(kind: .invertedSection, name: "e", bytes: 50..<56),
        MustacheTag(kind: .comment, name: "", bytes: 56..<64),
        MustacheTag(kind: .closing, name: "e", bytes: 64..<70),
      ])
  }

  /// The validator's own scanner trimmed only ASCII spaces from a tag, so it read `{{#　a}}` (an ideographic
  /// space before the name) as a section named "　a" that `{{/a}}` did not close, and the two `id="x"` in
  /// exclusive branches looked like duplicates. The parser, like swift-mustache, reads the name `a`.
  @Test func sectionsPairUpAsTheParserReadsThem() {
    let source = "{{#\u{3000}a}}<p id=\"x\">1</p>{{/a}}{{^a}}<p id=\"x\">2</p>{{/a}}"
    #expect(MustacheParser.parse(source, file: "t.mustache").diagnostics.isEmpty)
    #expect(HTMLMustacheMask(source).sections.map(\.name) == ["a", "a"])
    #expect(HTMLTemplateValidator().validate(source: source, file: "t.mustache", isPage: false) == [])
  }

  /// Random valid templates, built with the bytes of each tag known: the parser must find exactly those tags,
  /// and the mask must blank exactly their bytes.
  @Test func randomTemplatesTagsAreFoundAtTheBytesTheyWereWrittenAt() {
    var random = SplitMix64(seed: 0x7A65_5EED)
    var kindsSeen: Set<String> = []
    for round in 0..<400 {
      var template = RandomTemplate()
      template.block(depth: 0, using: &random)
      let source = template.text
      let parsed = MustacheParser.parse(source, file: "t.mustache")
      #expect(parsed.diagnostics.isEmpty, "round \(round): \(source.debugDescription)")
      let tags = parsed.tags
      kindsSeen.formUnion(tags.map { "\($0.kind)" })
      #expect(tags == template.tags, "round \(round): \(source.debugDescription)")
      let mask = HTMLMustacheMask(source)
      let blanked = Set(template.tags.flatMap { Array($0.bytes) })
      #expect(mask.isTag.indices.allSatisfy { mask.isTag[$0] == blanked.contains($0) }, "round \(round)")
      let sections = template.tags.filter { $0.kind == .section || $0.kind == .invertedSection }
      #expect(mask.sections.count == sections.count, "round \(round): \(source.debugDescription)")
    }
    #expect(kindsSeen.count == 7, "\(kindsSeen)")
  }
}

/// A valid template grown piece by piece, noting each tag's kind, name and bytes as it is written.
private struct RandomTemplate {
  var text = ""
  var tags: [MustacheTag] = []
  private var byteCount = 0

  /// Text with no braces (a `{` before a tag would make it a triple mustache), in several scripts.
  private static let words = [
    "a", "<p>", "</p>", " ", "  ", "\t", "é", "한국어", "🙂", "<a href=\"x\">", "&amp;", "x=1", "\n", "\r\n",
  ]
  private static let names = ["a", "task.title", "x_1", "is-ok?", ".", "items", "b.c.d"]
  private static let partialNames = ["card", "partials/head", "x-1"]
  private static let spaces = ["", " ", "  ", "\t"]
  /// Space inside a tag: any Unicode white space, line breaks too (though not right after the `{{`).
  private static let tagSpaces = spaces + ["\u{3000}", " \n", "\u{A0}"]
  /// Comment text: anything but `}` (a comment ends at the first `}}`), including `{{` and line breaks.
  private static let commentWords = ["note", " ", "{", "{{x", "#", "/", "\n", "한", "<b>"]

  mutating func block(depth: Int, using random: inout SplitMix64) {
    for _ in 0..<random.below(7) {
      switch random.below(depth < 4 ? 9 : 7) {
      case 0, 1:
        for _ in 0...random.below(3) { write(pick(Self.words, &random)) }
      case 2:
        tag(.variable, name: pick(Self.names, &random), open: "{{", close: "}}", &random)
      case 3:
        tag(.unescapedVariable, name: pick(Self.names, &random), open: "{{{", close: "}}}", &random)
      case 4:
        tag(.unescapedVariable, name: pick(Self.names, &random), open: "{{&", close: "}}", &random)
      case 5:
        let standalone = random.below(2) == 0
        if standalone { write("\n" + pick(Self.spaces, &random)) }
        tag(.partial, name: pick(Self.partialNames, &random), open: "{{>", close: "}}", &random)
        if standalone { write(pick(Self.spaces, &random) + "\n") }
      case 6:
        var comment = ""
        for _ in 0..<random.below(4) { comment += pick(Self.commentWords, &random) }
        record(.comment, name: "", "{{!" + comment + "}}")
      default:
        section(depth: depth, using: &random)
      }
    }
  }

  /// `{{#name}}…{{/name}}` or the inverted form, each tag on a line of its own or inline.
  private mutating func section(depth: Int, using random: inout SplitMix64) {
    let name = pick(Self.names, &random)
    let inverted = random.below(3) == 0
    let standalone = random.below(2) == 0
    let indentation = pick(Self.spaces, &random)
    if standalone { write("\n" + indentation) }
    tag(inverted ? .invertedSection : .section, name: name, open: inverted ? "{{^" : "{{#", close: "}}", &random)
    if standalone { write("\n") }
    block(depth: depth + 1, using: &random)
    if standalone { write("\n" + indentation) }
    tag(.closing, name: name, open: "{{/", close: "}}", &random)
    if standalone { write("\n") }
  }

  private mutating func tag(
    _ kind: MustacheTag.Kind, name: String, open: String, close: String, _ random: inout SplitMix64
  ) {
    let before = pick(Self.tagSpaces, &random)
    let after = pick(Self.tagSpaces, &random)
    record(kind, name: name, open + before + name + after + close)
  }

  private mutating func record(_ kind: MustacheTag.Kind, name: String, _ raw: String) {
    tags.append(MustacheTag(kind: kind, name: name, bytes: byteCount..<byteCount + raw.utf8.count))
    write(raw)
  }

  private func pick(_ choices: [String], _ random: inout SplitMix64) -> String {
    choices[random.below(choices.count)]
  }

  private mutating func write(_ piece: String) {
    text += piece
    byteCount += piece.utf8.count
  }
}
