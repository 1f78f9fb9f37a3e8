import PMBoardBytes
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
  private struct BlockState {
    /// True at the start of a line (whitespace read next is indentation) and after a standalone tag.
    var newLine: Bool
    /// The section this block belongs to; nil at the top level.
    var section: OpenSection?
  }

  /// An opening tag whose closing tag is still to come.
  private struct OpenSection {
    var name: String
    var sigil: Character
    var location: TemplateLocation
  }

  /// The outcome of reading a tag's name.
  private enum TagName {
    case name(String)
    /// The tag has no closing `}}`; already reported, and the parser stands at the next `{{` (or the end).
    case unterminated
  }

  private static let nameCharacters = Set<Character>(
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*")
  private static let partialNameCharacters = nameCharacters.union(["/"])

  private let characters: [Character]
  private let file: String
  /// The location of every character, plus one past the end, so a diagnostic costs an array lookup.
  private let locations: [TemplateLocation]
  private var position = 0
  private var diagnostics: [Diagnostic] = []
  /// Set after a tag the rest of the template cannot be read past (set delimiters), to avoid follow-on errors.
  private var abandoned = false

  /// Parses `text`; `file` only labels diagnostics.
  public static func parse(_ text: String, file: String) -> (nodes: [MustacheNode], diagnostics: [Diagnostic]) {
    var parser = MustacheParser(text: text, file: file)
    let nodes = parser.parseBlock(BlockState(newLine: true, section: nil))
    return (nodes, parser.diagnostics)
  }

  private init(text: String, file: String) {
    self.characters = Array(text)
    self.file = file
    var locations: [TemplateLocation] = []
    locations.reserveCapacity(characters.count + 1)
    var line = 1
    var column = 1
    for character in characters {
      locations.append(TemplateLocation(line: line, column: column))
      if character == "\n" || character == "\r\n" {
        line += 1
        column = 1
      } else {
        column += character.unicodeScalars.count
      }
    }
    locations.append(TemplateLocation(line: line, column: column))
    self.locations = locations
  }

  // MARK: - Blocks

  /// Parses until the end of `initial.section` (its closing tag) or the end of the text.
  private mutating func parseBlock(_ initial: BlockState) -> [MustacheNode] {
    var nodes: [MustacheNode] = []
    var state = initial
    var whitespaceBefore = ""
    while !atEnd {
      if state.newLine {
        whitespaceBefore = readWhile { $0 == " " || $0 == "\t" }
      }
      let (text, tagStart) = readTextUntilTagOrNewline()
      if let newline = current, newline.isNewline {
        // swift-mustache treats `{{` directly followed by a line break as text and drops the `{{`.
        if let tagStart {
          report(at: tagStart, "tag {{ is followed by a line break; a tag name must come first")
        }
        nodes.append(.text(whitespaceBefore + text + String(newline)))
        state.newLine = true
        position += 1
        continue
      }
      if !text.isEmpty {
        nodes.append(.text(whitespaceBefore + text))
        whitespaceBefore = ""
        state.newLine = false
      }
      guard let tagStart else { break }
      guard let sigil = current else {
        // swift-mustache silently drops a `{{` at the very end.
        report(at: tagStart, "tag {{ at the end of the template is never closed")
        break
      }
      var setNewLine = false
      switch sigil {
      case "#", "^":
        position += 1
        guard case .name(let name) = readTagName(tagStart: tagStart, sigil: sigil) else { continue }
        if isStandalone(state) {
          setNewLine = true
        } else if !whitespaceBefore.isEmpty {
          nodes.append(.text(whitespaceBefore))
          whitespaceBefore = ""
        }
        let open = OpenSection(name: name, sigil: sigil, location: locations[tagStart])
        let body = parseBlock(BlockState(newLine: setNewLine, section: open))
        nodes.append(.section(name: name, inverted: sigil == "^", body: body, at: open.location))

      case "/":
        position += 1
        guard case .name(let name) = readTagName(tagStart: tagStart, sigil: sigil) else { continue }
        guard let open = state.section else {
          report(at: tagStart, "{{/\(name)}} has no open section to close")
          setNewLine = isStandalone(state)
          break
        }
        if name != open.name {
          // Recover by closing the innermost section anyway: the likeliest typo is in one of the two names.
          report(at: tagStart, "{{/\(name)}} closes {{\(open.sigil)\(open.name)}} opened at \(open.location)")
        }
        if !isStandalone(state), !whitespaceBefore.isEmpty {
          nodes.append(.text(whitespaceBefore))
        }
        return nodes

      case "!":
        position += 1
        if !skip(past: "}}") {
          report(at: tagStart, "comment {{! is never closed with }}")
          position = characters.count
        }
        // Unlike other tags, a comment that is not standalone keeps `whitespaceBefore` for the next text.
        setNewLine = isStandalone(state)

      case "{", "&":
        if !whitespaceBefore.isEmpty {
          nodes.append(.text(whitespaceBefore))
          whitespaceBefore = ""
        }
        position += 1
        guard case .name(let name) = readTagName(tagStart: tagStart, sigil: sigil) else { continue }
        if sigil == "{" {
          if current == "}" {
            position += 1
          } else {
            report(at: tagStart, "tag {{{\(name)}} must end with }}}")
          }
        }
        nodes.append(.variable(name: name, escaped: false, at: locations[tagStart]))

      case ">":
        position += 1
        _ = readWhile(\.isWhitespace)
        let dynamic = current == "*"
        if dynamic {
          position += 1
          report(at: tagStart, "dynamic partials {{>*name}} are not supported")
        }
        guard case .name(let name) = readTagName(tagStart: tagStart, sigil: ">", partial: true) else { continue }
        if !whitespaceBefore.isEmpty {
          nodes.append(.text(whitespaceBefore))
        }
        let indentation: String? = isStandalone(state) ? whitespaceBefore : nil
        setNewLine = indentation != nil
        if !dynamic {
          nodes.append(.partial(name: name, indentation: indentation, at: locations[tagStart]))
        }
        whitespaceBefore = ""

      case "<", "$":
        // Template inheritance: report once, then parse the block only to find where it ends.
        position += 1
        _ = readWhile(\.isWhitespace)
        let feature = sigil == "<" ? "template inheritance {{<name}} is" : "blocks {{$name}} are"
        report(at: tagStart, "\(feature) not supported")
        guard case .name(let name) = readTagName(tagStart: tagStart, sigil: sigil, partial: sigil == "<") else {
          continue
        }
        setNewLine = isStandalone(state)
        let open = OpenSection(name: name, sigil: sigil, location: locations[tagStart])
        _ = parseBlock(BlockState(newLine: true, section: open))
        whitespaceBefore = ""

      case "=":
        // Everything after a delimiter change uses delimiters we do not parse, so stop here.
        report(at: tagStart, "set delimiters {{=<% %>=}} are not supported")
        abandoned = true
        position = characters.count

      case "%":
        report(at: tagStart, "pragmas {{%…}} are not supported")
        if !skip(past: "}}") {
          position = characters.count
        }
        setNewLine = isStandalone(state)

      default:
        if !whitespaceBefore.isEmpty {
          nodes.append(.text(whitespaceBefore))
          whitespaceBefore = ""
        }
        guard case .name(let name) = readTagName(tagStart: tagStart, sigil: nil) else { continue }
        nodes.append(.variable(name: name, escaped: true, at: locations[tagStart]))
      }
      state.newLine = setNewLine
    }
    if let open = state.section, !abandoned {
      report(at: open.location, "section {{\(open.sigil)\(open.name)}} is never closed")
    }
    return nodes
  }

  // MARK: - Tags

  /// Reads `name }}` after a tag's sigil, as swift-mustache's `parseName`/`parsePartialName` do.
  ///
  /// An invalid name is reported and returned anyway (so `{{#a b}}…{{/a b}}` still pairs up); a tag with no
  /// `}}` before the next `{{` is reported as unterminated and the parser resumes at that next `{{`.
  private mutating func readTagName(tagStart: Int, sigil: Character?, partial: Bool = false) -> TagName {
    let allowed = partial ? Self.partialNameCharacters : Self.nameCharacters
    _ = readWhile(\.isWhitespace)
    let nameStart = position
    let name = readWhile { allowed.contains($0) }
    _ = readWhile(\.isWhitespace)
    let sigilText = sigil.map(String.init) ?? ""
    if matches("}}") {
      position += 2
      if name.isEmpty {
        report(at: tagStart, "tag {{\(sigilText)}} has no name")
      } else if name.contains("(") || name.contains(")") {
        report(at: tagStart, "transforms like {{\(sigilText)\(name)}} are not supported")
      }
      return .name(name)
    }
    let close = find("}}", from: nameStart)
    let nextTag = find("{{", from: nameStart)
    if let close, nextTag.map({ close < $0 }) ?? true {
      let raw = String(characters[nameStart..<close]).trimmingWhitespace()
      report(
        at: tagStart,
        "invalid name \"\(raw)\" in tag {{\(sigilText)\(raw)}}; names use letters, digits and . - _ ? *")
      position = close + 2
      return .name(raw)
    }
    report(at: tagStart, "tag \(snippet(from: tagStart)) is never closed with }}")
    position = nextTag ?? characters.count
    return .unterminated
  }

  /// swift-mustache's `isStandalone`: the line started before this tag and nothing but spaces and tabs follow it.
  /// When true, the rest of the line, including its line break, is consumed.
  private mutating func isStandalone(_ state: BlockState) -> Bool {
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

  private var atEnd: Bool { position >= characters.count }

  private var current: Character? { atEnd ? nil : characters[position] }

  /// Reads text up to a line break (left unread) or a `{{` (consumed; its index is returned).
  private mutating func readTextUntilTagOrNewline() -> (text: String, tagStart: Int?) {
    let start = position
    while position < characters.count {
      let character = characters[position]
      if character == "\n" || character == "\r\n" {
        break
      }
      if character == "{", position + 1 < characters.count, characters[position + 1] == "{" {
        let text = String(characters[start..<position])
        position += 2
        return (text, position - 2)
      }
      position += 1
    }
    return (String(characters[start..<position]), nil)
  }

  private mutating func readWhile(_ predicate: (Character) -> Bool) -> String {
    let start = position
    while position < characters.count, predicate(characters[position]) {
      position += 1
    }
    return String(characters[start..<position])
  }

  private func matches(_ string: String, at index: Int? = nil) -> Bool {
    var index = index ?? position
    for character in string {
      guard index < characters.count, characters[index] == character else { return false }
      index += 1
    }
    return true
  }

  private func find(_ string: String, from start: Int) -> Int? {
    var index = start
    while index < characters.count {
      if matches(string, at: index) { return index }
      index += 1
    }
    return nil
  }

  /// Moves past the next occurrence of `string`; false (and no move) if there is none.
  private mutating func skip(past string: String) -> Bool {
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
    return String(characters[start..<end]).trimmingWhitespace()
  }

  private mutating func report(at index: Int, _ message: String) {
    report(at: locations[index], message)
  }

  private mutating func report(at location: TemplateLocation, _ message: String) {
    diagnostics.append(Diagnostic(file: file, line: location.line, column: location.column, message: message))
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
