/// Splits a masked template into HTML tokens, following the HTML5 tokenizer closely enough to know where every tag,
/// attribute and text run starts.
///
/// libxml2 reports positions after the construct it complains about and merges implied end tags with written ones,
/// so the structure checks use these tokens, whose offsets are exact. Mustache tags must already be blanked out.
public struct HTMLTokenizer {
  private let bytes: [UInt8]
  /// Whether the byte at an offset was part of a Mustache tag before masking.
  private let isTag: [Bool]
  private var offset = 0
  public private(set) var tokens: [HTMLToken] = []
  /// Syntax errors HTML5 defines that libxml2 does not report.
  public private(set) var issues: [HTMLIssue] = []

  /// Tokenizes the masked template; knowing where the tags were, `href={{ url }}` still has a value.
  public init(_ mask: HTMLMustacheMask) {
    bytes = mask.bytes
    isTag = mask.isTag
    run()
  }

  private mutating func run() {
    var textStart = 0
    while offset < bytes.count {
      guard bytes[offset] == UInt8(ascii: "<"), let token = markup() else {
        offset += 1
        continue
      }
      if textStart < token.range.lowerBound {
        tokens.append(.text(range: textStart..<token.range.lowerBound))
      }
      tokens.append(token)
      offset = token.range.upperBound
      if case .startTag(let tag) = token, tag.isComplete, !tag.isSelfClosing {
        skipElementText(of: tag.name)
      }
      textStart = offset
    }
    if textStart < bytes.count {
      tokens.append(.text(range: textStart..<bytes.count))
    }
  }

  /// The markup starting with the `<` at `offset`, or `nil` when the `<` is just text (`a < b`).
  private mutating func markup() -> HTMLToken? {
    let start = offset
    if hasPrefix("<!--") {
      return .comment(range: start..<end(after: "-->", from: start + 4))
    }
    if hasPrefix("<![CDATA[") {
      return .comment(range: start..<end(after: "]]>", from: start + 9))
    }
    if hasPrefix("<!") {
      let range = start..<end(after: ">", from: start + 2)
      let text = String(decoding: bytes[range], as: UTF8.self).lowercased()
      guard text.hasPrefix("<!doctype") else { return .comment(range: range) }
      // `<!DOCTYPE html>`, or its legacy form for XSLT output; HTML 4's public doctypes are not HTML5.
      let words = text.dropFirst(9).split(whereSeparator: { $0.isWhitespace || $0 == ">" })
      let isHTML =
        words == ["html"] || words == ["html", "system", "\"about:legacy-compat\""]
        || words == ["html", "system", "'about:legacy-compat'"]
      return .doctype(isHTML: isHTML, range: range)
    }
    if hasPrefix("<?") {
      return .comment(range: start..<end(after: ">", from: start + 2))
    }
    if hasPrefix("</") {
      guard start + 2 < bytes.count, HTMLBytes.isLetter(bytes[start + 2]) else {
        // `</>` and `</ x>` are not end tags; HTML5 drops them or treats them as a comment.
        return .comment(range: start..<end(after: ">", from: start + 2))
      }
      let name = readName(from: start + 2)
      return .endTag(name: name.text, range: start..<end(after: ">", from: name.end))
    }
    guard start + 1 < bytes.count, HTMLBytes.isLetter(bytes[start + 1]) else { return nil }
    return .startTag(startTag(at: start))
  }

  /// Reads `<name attributes… >` starting at the `<` at `start`.
  private mutating func startTag(at start: Int) -> HTMLStartTag {
    let name = readName(from: start + 1)
    var tag = HTMLStartTag(
      name: name.text, range: start..<bytes.count, attributes: [], isSelfClosing: false, isComplete: false)
    var index = name.end
    while index < bytes.count {
      let byte = bytes[index]
      if HTMLBytes.isSpace(byte) {
        index += 1
      } else if byte == UInt8(ascii: ">") {
        tag.range = start..<(index + 1)
        tag.isComplete = true
        return tag
      } else if byte == UInt8(ascii: "/") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: ">") {
        tag.range = start..<(index + 2)
        tag.isComplete = true
        tag.isSelfClosing = true
        return tag
      } else if byte == UInt8(ascii: "/") {
        index += 1
      } else {
        let attribute = readAttribute(from: index)
        tag.attributes.append(attribute.attribute)
        index = attribute.end
      }
    }
    return tag
  }

  /// Reads one attribute (`name`, `name=value`, `name="value"`) and returns it with the offset after it.
  private mutating func readAttribute(from start: Int) -> (attribute: HTMLAttribute, end: Int) {
    // The first character may be `=` (an HTML5 error reported below); after it, `=` ends the name.
    var index = start + 1
    while index < bytes.count, !HTMLBytes.isSpace(bytes[index]), !"/>=".utf8.contains(bytes[index]) {
      index += 1
    }
    let rawName = String(decoding: bytes[start..<index], as: UTF8.self)
    var attribute = HTMLAttribute(name: rawName.lowercased(), offset: start, value: nil)
    if let bad = rawName.first(where: { "\"'<=".contains($0) }) {
      let hint = bad == "<" ? "; is a '>' missing before it?" : ""
      issues.append(
        HTMLIssue(
          offset: start, code: "html.attribute-name", message: "attribute name '\(rawName)' contains '\(bad)'\(hint)"))
    }
    var next = skipSpaces(from: index)
    guard next < bytes.count, bytes[next] == UInt8(ascii: "=") else { return (attribute, index) }
    next = skipSpaces(from: next + 1)
    guard next < bytes.count else { return (attribute, next) }
    let quote = bytes[next]
    if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
      let close = HTMLBytes.find([quote], in: bytes, from: next + 1) ?? bytes.count
      attribute.value = (next + 1)..<close
      let after = min(close + 1, bytes.count)
      if after < bytes.count, !HTMLBytes.endsName(bytes[after]) {
        issues.append(
          HTMLIssue(offset: after, code: "html.attribute-spacing", message: "missing whitespace between attributes"))
      }
      return (attribute, after)
    }
    // Unquoted: up to whitespace or `>`; a blanked-out Mustache tag (`href={{url}}`) belongs to the value.
    var end = next
    while end < bytes.count, bytes[end] != UInt8(ascii: ">"), !HTMLBytes.isSpace(bytes[end]) || isTag[end] {
      end += 1
    }
    attribute.value = next..<end
    return (attribute, end)
  }

  /// After the start tag of a raw-text or escapable-raw-text element, moves past its content to its end tag.
  private mutating func skipElementText(of name: String) {
    let isRaw = HTMLElementCatalog.rawText.contains(name)
    guard isRaw || HTMLElementCatalog.escapableRawText.contains(name) else { return }
    let closing = Array("</\(name)".utf8)
    var index = offset
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "<"), matchesIgnoringCase(closing, at: index) {
        let after = index + closing.count
        if after >= bytes.count || HTMLBytes.endsName(bytes[after]) {
          break
        }
      }
      index += 1
    }
    // Script and style contents are not HTML: `&` and `<` there are fine. Title and textarea text has references.
    if !isRaw && offset < index {
      tokens.append(.text(range: offset..<index))
    }
    offset = index
  }

  // MARK: - Byte helpers

  private func readName(from start: Int) -> (text: String, end: Int) {
    var index = start
    while index < bytes.count, !HTMLBytes.endsName(bytes[index]) {
      index += 1
    }
    return (String(decoding: bytes[start..<index], as: UTF8.self).lowercased(), index)
  }

  /// The offset just after the first `terminator` at or after `start`, or the end of the text.
  private func end(after terminator: String, from start: Int) -> Int {
    let needle = Array(terminator.utf8)
    guard let found = HTMLBytes.find(needle, in: bytes, from: min(start, bytes.count)) else {
      return bytes.count
    }
    return found + needle.count
  }

  private func hasPrefix(_ prefix: String) -> Bool {
    matchesIgnoringCase(prefix.utf8, at: offset)
  }

  private func matchesIgnoringCase(_ needle: some Collection<UInt8>, at start: Int) -> Bool {
    guard start + needle.count <= bytes.count else { return false }
    return zip(bytes[start...], needle).allSatisfy { HTMLBytes.lowercased($0) == HTMLBytes.lowercased($1) }
  }

  private func skipSpaces(from start: Int) -> Int {
    var index = start
    while index < bytes.count, HTMLBytes.isSpace(bytes[index]) { index += 1 }
    return index
  }
}
