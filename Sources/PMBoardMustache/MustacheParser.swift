import PMBoardCore

/// Parses Mustache text into ``MustacheNode``s, collecting every problem as a ``Diagnostic``.
///
/// The control flow deliberately mirrors swift-mustache 2.1.1's `MustacheTemplate.parse` (Template+Parser.swift),
/// including its quirks, because rendered output must be byte-identical to it: it walks `Character`s (grapheme
/// clusters) like swift-mustache does, decides "standalone" lines with the same state machine (a closing tag
/// leaves the line state its opening tag chose; whitespace before a non-standalone comment is carried into the
/// following text; trailing spaces at the very end of a template are dropped), and splits text the same way.
///
/// Where swift-mustache would throw, this parser records a diagnostic and recovers, so that one pass reports all
/// problems. Where swift-mustache silently does something surprising with a malformed tag (`{{` at the very end,
/// `{{` followed by a line break) this parser reports an error instead of copying the surprise.
public struct MustacheParser {
  /// Per-block parser state, the counterpart of swift-mustache's `ParserState`.
  struct BlockState {
    /// True at the start of a line (whitespace read next is indentation) and after a standalone tag.
    var newLine: Bool
    /// The section this block belongs to; nil at the top level.
    var section: OpenSection?
    /// How many sections are open around this block (0 at the top level).
    var depth = 0
  }

  /// An opening tag whose closing tag is still to come.
  struct OpenSection {
    var name: String
    var sigil: Character
    var location: TemplateLocation
  }

  /// The outcome of reading a tag's name.
  enum TagName {
    case name(String)
    /// The tag has no closing `}}`; already reported, and the parser stands at the next `{{` (or the end).
    case unterminated
  }

  /// How deep sections (and inheritance blocks) may nest. Parsing, compiling and rendering each descend once per
  /// level, so a bound keeps a template of thousands of nested sections from overflowing the stack; real
  /// templates nest a handful deep.
  public static let maximumSectionDepth = 100

  static let nameCharacters = Set<Character>(
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*")
  static let partialNameCharacters = nameCharacters.union(["/"])

  let characters: [Character]
  /// The template's UTF-8: text between two characters is sliced from it (``text(_:)``).
  let utf8: [UInt8]
  let file: String
  /// The location of every character, plus one past the end, so a diagnostic costs an array lookup.
  let locations: [TemplateLocation]
  /// The UTF-8 offset of every character, plus one past the end, for ``MustacheTag/bytes``.
  let offsets: [Int]
  var position = 0
  var diagnostics: [Diagnostic] = []
  /// Every tag read, in order.
  var tags: [MustacheTag] = []
  /// Set after a tag the rest of the template cannot be read past (set delimiters), to avoid follow-on errors.
  var abandoned = false
  /// Set after a problem that would cause a flood of follow-on errors (sections nested too deep): tags are still
  /// read, for ``tags(in:)``, but no further problem is reported.
  var quiet = false

  /// Parses `text`; `file` only labels diagnostics.
  public static func parse(_ text: String, file: String) -> ParsedTemplate {
    var parser = MustacheParser(text: text, file: file)
    let nodes = parser.parseBlock(BlockState(newLine: true, section: nil))
    return ParsedTemplate(file: file, nodes: nodes, diagnostics: parser.diagnostics, tags: parser.tags)
  }

  /// Every tag of `text` as ``parse(_:file:)`` reads it, in order.
  public static func tags(in text: String) -> [MustacheTag] {
    parse(text, file: "").tags
  }

  private init(text: String, file: String) {
    self.characters = Array(text)
    self.utf8 = Array(text.utf8)
    self.file = file
    var locations: [TemplateLocation] = []
    locations.reserveCapacity(characters.count + 1)
    var offsets: [Int] = []
    offsets.reserveCapacity(characters.count + 1)
    var line = 1
    var column = 1
    var offset = 0
    for character in characters {
      locations.append(TemplateLocation(line: line, column: column))
      offsets.append(offset)
      offset += character.utf8.count
      if character == "\n" || character == "\r\n" {
        line += 1
        column = 1
      } else {
        column += character.unicodeScalars.count
      }
    }
    locations.append(TemplateLocation(line: line, column: column))
    offsets.append(offset)
    self.locations = locations
    self.offsets = offsets
  }

  // MARK: - Blocks

  /// What a block has produced so far, and the line state its tags read and set.
  struct Block {
    var nodes: [MustacheNode] = []
    var state: BlockState
    /// Spaces and tabs at the start of the current line, held back until it is known whether a standalone tag
    /// removes them.
    var whitespaceBefore = ""

    /// Emits the held-back whitespace as text, as a tag that is not standalone does.
    mutating func flushWhitespace() {
      if !whitespaceBefore.isEmpty {
        nodes.append(.text(whitespaceBefore))
        whitespaceBefore = ""
      }
    }
  }

  /// What a tag's parser tells the block loop.
  enum TagOutcome {
    /// The tag is done; the line state for what follows.
    case next(newLine: Bool)
    /// The tag had no `}}`; it was reported and the line state stays as it was.
    case unterminated
    /// A closing tag ended this block.
    case endOfBlock
  }

  /// Parses until the end of `initial.section` (its closing tag) or the end of the text.
  mutating func parseBlock(_ initial: BlockState) -> [MustacheNode] {
    var block = Block(state: initial)
    while !atEnd {
      if block.state.newLine {
        block.whitespaceBefore = readWhile { $0 == " " || $0 == "\t" }
      }
      let (text, tagStart) = readTextUntilTagOrNewline()
      if let newline = current, newline.isNewline {
        endLine(text, newline, brokenTag: tagStart, in: &block)
        continue
      }
      if !text.isEmpty {
        block.nodes.append(.text(block.whitespaceBefore + text))
        block.whitespaceBefore = ""
        block.state.newLine = false
      }
      guard let tagStart else { break }
      guard let sigil = current else {
        // swift-mustache silently drops a `{{` at the very end.
        report(at: tagStart, "unclosed-tag", "tag {{ at the end of the template is never closed")
        break
      }
      switch parseTag(sigil, at: tagStart, in: &block) {
      case .next(let newLine): block.state.newLine = newLine
      case .unterminated: continue
      case .endOfBlock: return block.nodes
      }
    }
    if let open = block.state.section, !abandoned {
      report(at: open.location, "unclosed-section", "section {{\(open.sigil)\(open.name)}} is never closed")
    }
    return block.nodes
  }

  /// Ends the current line: its text, with the line break the parser stands on.
  private mutating func endLine(_ text: String, _ newline: Character, brokenTag tagStart: Int?, in block: inout Block) {
    // swift-mustache treats `{{` directly followed by a line break as text and drops the `{{`.
    if let tagStart {
      report(at: tagStart, "line-break-in-tag", "tag {{ is followed by a line break; a tag name must come first")
    }
    block.nodes.append(.text(block.whitespaceBefore + text + String(newline)))
    block.state.newLine = true
    position += 1
  }

  /// Parses the tag whose `{{` is at `tagStart`; the parser stands on `sigil`, the character after the `{{`.
  private mutating func parseTag(_ sigil: Character, at tagStart: Int, in block: inout Block) -> TagOutcome {
    switch sigil {
    case "#", "^": parseSection(sigil, at: tagStart, in: &block)
    case "/": parseClosingTag(at: tagStart, in: &block)
    case "!": parseComment(at: tagStart, in: &block)
    case "{", "&": parseUnescapedVariable(sigil, at: tagStart, in: &block)
    case ">": parsePartial(at: tagStart, in: &block)
    case "<", "$": parseUnsupportedBlock(sigil, at: tagStart, in: &block)
    case "=": parseSetDelimiters(at: tagStart)
    case "%": parsePragma(at: tagStart, in: &block)
    default: parseVariable(at: tagStart, in: &block)
    }
  }

  // MARK: - Tags

  /// Reads `name }}` after a tag's sigil, as swift-mustache's `parseName`/`parsePartialName` do.
  ///
  /// An invalid name is reported and returned anyway (so `{{#a b}}…{{/a b}}` still pairs up); a tag with no
  /// `}}` before the next `{{` is reported as unterminated and the parser resumes at that next `{{`.
  mutating func readTagName(tagStart: Int, sigil: Character?, partial: Bool = false) -> TagName {
    let allowed = partial ? Self.partialNameCharacters : Self.nameCharacters
    _ = readWhile(\.isWhitespace)
    let nameStart = position
    let name = readWhile { allowed.contains($0) }
    _ = readWhile(\.isWhitespace)
    let sigilText = sigil.map(String.init) ?? ""
    if matches("}}") {
      position += 2
      if name.isEmpty {
        report(at: tagStart, "no-name", "tag {{\(sigilText)}} has no name")
      } else if name.contains("(") || name.contains(")") {
        report(at: tagStart, "unsupported", "transforms like {{\(sigilText)\(name)}} are not supported")
      }
      return .name(name)
    }
    let close = find("}}", from: nameStart)
    let nextTag = find("{{", from: nameStart)
    if let close, nextTag.map({ close < $0 }) ?? true {
      let raw = text(nameStart..<close).trimmingWhitespace()
      report(
        at: tagStart, "invalid-name",
        "invalid name \"\(raw)\" in tag {{\(sigilText)\(raw)}}; names use letters, digits and . - _ ? *")
      position = close + 2
      return .name(raw)
    }
    report(at: tagStart, "unclosed-tag", "tag \(snippet(from: tagStart)) is never closed with }}")
    position = nextTag ?? characters.count
    return .unterminated
  }

  /// swift-mustache's `isStandalone`: the line started before this tag and nothing but spaces and tabs follow it.
  /// When true, the rest of the line, including its line break, is consumed.
  mutating func isStandalone(_ state: BlockState) -> Bool {
    guard state.newLine else { return false }
    if atEnd { return true }
    var end = position
    while end < characters.count, characters[end] == " " || characters[end] == "\t" {
      end += 1
    }
    // Any Unicode line break counts here, although text is only split at "\n" and "\r\n" (as in swift-mustache).
    guard end < characters.count, characters[end].isNewline else { return false }
    position = end + 1
    return true
  }

  // MARK: - Reading

  var atEnd: Bool { position >= characters.count }

  var current: Character? { atEnd ? nil : characters[position] }

  /// Reads text up to a line break (left unread) or a `{{` (consumed; its index is returned).
  private mutating func readTextUntilTagOrNewline() -> (text: String, tagStart: Int?) {
    let start = position
    while position < characters.count {
      let character = characters[position]
      if character == "\n" || character == "\r\n" {
        break
      }
      if character == "{", position + 1 < characters.count, characters[position + 1] == "{" {
        let before = text(start..<position)
        position += 2
        return (before, position - 2)
      }
      position += 1
    }
    return (text(start..<position), nil)
  }

  /// The characters `range` as a `String`: the bytes between their offsets, as many times faster than joining
  /// the `Character`s one by one as there are characters (the template check's largest cost).
  func text(_ range: Range<Int>) -> String {
    String(decoding: utf8[offsets[range.lowerBound]..<offsets[range.upperBound]], as: UTF8.self)
  }

  mutating func readWhile(_ predicate: (Character) -> Bool) -> String {
    let start = position
    while position < characters.count, predicate(characters[position]) {
      position += 1
    }
    return text(start..<position)
  }

  private func matches(_ string: String, at index: Int? = nil) -> Bool {
    var index = index ?? position
    for character in string {
      guard index < characters.count, characters[index] == character else { return false }
      index += 1
    }
    return true
  }

  func find(_ string: String, from start: Int) -> Int? {
    var index = start
    while index < characters.count {
      if matches(string, at: index) { return index }
      index += 1
    }
    return nil
  }

  /// Moves past the next occurrence of `string`; false (and no move) if there is none.
  mutating func skip(past string: String) -> Bool {
    guard let found = find(string, from: position) else { return false }
    position = found + string.count
    return true
  }

  /// The start of a broken tag for a message: up to the end of its line, at most 30 characters.
  private func snippet(from start: Int) -> String {
    var end = start
    while end < characters.count, end - start < 30, !characters[end].isNewline {
      end += 1
    }
    return text(start..<end).trimmingWhitespace()
  }

  /// Notes the tag that starts at `tagStart` and ends at `end`, by default where the parser stands.
  mutating func recordTag(_ kind: MustacheTag.Kind, _ name: String = "", from tagStart: Int, to end: Int? = nil) {
    tags.append(MustacheTag(kind: kind, name: name, bytes: offsets[tagStart]..<offsets[end ?? position]))
  }

  mutating func report(at index: Int, _ code: String, _ message: String) {
    report(at: locations[index], code, message)
  }

  mutating func report(at location: TemplateLocation, _ code: String, _ message: String) {
    if quiet { return }
    diagnostics.append(
      Diagnostic(file: file, line: location.line, column: location.column, code: "mustache." + code, message: message))
  }
}

extension String {
  fileprivate func trimmingWhitespace() -> String {
    let characters = Array(self)
    guard let first = characters.firstIndex(where: { !$0.isWhitespace }),
      let last = characters.lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(characters[first...last])
  }
}
