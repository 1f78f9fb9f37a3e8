import PMBoardBytes
import PMBoardCore

/// What a task's body shows as HTML beyond its text: web addresses become links and checklist boxes become boxes.
///
/// - An address starts with `http://` or `https://` (any case) where a word starts and runs to the first space,
///   control character, non-ASCII letter or `<`, `>`, `"`, `` ` ``; full stops, commas, colons, semicolons, `!`, `?`
///   and `'` at its end are the sentence's, and so is a `)` the address did not open. It must name a host. Its
///   link is `rel="nofollow noopener"`: the body is anyone's text, not the site's recommendation.
/// - A checklist line (``Checklist``) shows its `- [ ]` as ☐ and its `- [x]` as ☑, which screen readers name
///   ("ballot box", "ballot box with check"); inside a fenced code block it stays text, as the count leaves it out.
///
/// Everything else is the body's text, escaped. A card's cut body (`isCut`) is followed by "…"; an address that
/// reaches the cut may be cut short, so it stays text.
public enum BodyMarkup {
  /// The pieces of the body's HTML; nil when it has no link and no box (its escaped text is its HTML).
  public static func pieces(utf8 body: Span<UInt8>, isCut: Bool = false) -> [HTMLPiece]? {
    guard mayHaveMarkup(body) else { return nil }
    var pieces: [HTMLPiece] = []
    var textStart = 0
    var index = 0
    var lineStart = true
    var fence: Checklist.Fence?
    while index < body.count {
      let byte = body[index]
      if lineStart, !isCode(body, from: index, fence: &fence), let item = checklistItem(body, from: index) {
        pieces.append(.text(textStart..<item.marker))
        pieces.append(.markup(item.checked ? "<span class=\"box done\">☑</span>" : "<span class=\"box\">☐</span>"))
        index = item.marker + 5
        textStart = index
        lineStart = false
        continue
      }
      lineStart = byte == 0x0A
      if byte == 0x68 || byte == 0x48, index == 0 || !isWordByte(body[index - 1]),
        let end = addressEnd(body, from: index), !(isCut && end == body.count)
      {
        pieces.append(.text(textStart..<index))
        pieces.append(.markup("<a href=\""))
        pieces.append(.text(index..<end))
        pieces.append(.markup("\" rel=\"nofollow noopener\">"))
        pieces.append(.text(index..<end))
        pieces.append(.markup("</a>"))
        index = end
        textStart = end
        continue
      }
      index += 1
    }
    guard !pieces.isEmpty else { return nil }
    pieces.append(.text(textStart..<body.count))
    if isCut { pieces.append(.markup("…")) }
    return pieces
  }

  /// The body's HTML (the tests' reference, and the way a text that is not in an arena is marked).
  public static func html(of body: String, isCut: Bool = false) -> String {
    let utf8 = body.utf8.span
    guard let pieces = pieces(utf8: utf8, isCut: isCut) else {
      return HTMLPiece.html([.text(0..<utf8.count)], of: utf8) + (isCut ? "…" : "")
    }
    return HTMLPiece.html(pieces, of: utf8)
  }

  /// The most bytes the HTML of a body of `rawCount` bytes takes: an address's bytes are written twice and
  /// escape to at most five each (`&amp;`), and each address (9 bytes at least) adds 35 bytes of markup; a box
  /// adds less than that; the "…" of a cut body 3.
  public static func worstCase(rawCount: Int) -> Int { rawCount * 15 + 3 }

  /// Whether the body has a `:` or a `[`, which every address and every box has: most bodies have neither, and
  /// this loop (one comparison a byte) is how the build passes over them.
  private static func mayHaveMarkup(_ body: Span<UInt8>) -> Bool {
    var index = 0
    while index < body.count {
      let byte = body[index]
      if byte == 0x3A || byte == 0x5B { return true }
      index += 1
    }
    return false
  }

  /// Whether the line that starts at `start` is code (``Checklist/isCode(_:_:_:fence:)``): a fence's line or one
  /// inside an open fence. Outside a fence only a line that starts with spaces or a fence's byte can open one.
  private static func isCode(_ body: Span<UInt8>, from start: Int, fence: inout Checklist.Fence?) -> Bool {
    let first = body[start]
    guard fence != nil || first == 0x20 || first == 0x09 || first == 0x60 || first == 0x7E else { return false }
    var end = start
    while end < body.count, body[end] != 0x0A { end += 1 }
    return Checklist.isCode(body, start, end, fence: &fence)
  }

  /// The checklist item of the line that starts at `start`, if it is one.
  private static func checklistItem(_ body: Span<UInt8>, from start: Int) -> (marker: Int, checked: Bool)? {
    // Only a line that starts with spaces or a list marker can be one; most lines are not.
    let first = body[start]
    guard first == 0x20 || first == 0x09 || first == 0x2D || first == 0x2A || first == 0x2B else { return nil }
    var end = start
    while end < body.count, body[end] != 0x0A { end += 1 }
    return Checklist.item(body, start, end)
  }

  /// ASCII letters, digits and `_`: an address inside a word ("xhttp://") is not one. Japanese and Korean text
  /// often runs into an address without a space ("詳細はhttps://…"), so other letters do not count.
  private static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F: true
    default: false
    }
  }

  /// Where the web address that starts at `start` ends, or nil if none starts there.
  private static func addressEnd(_ body: Span<UInt8>, from start: Int) -> Int? {
    guard let hostStart = schemeEnd(body, from: start) else { return nil }
    var end = hostStart
    var opened = 0
    while end < body.count, isAddressByte(body[end]) {
      if body[end] == 0x28 { opened += 1 }
      if body[end] == 0x29 { opened -= 1 }
      end += 1
    }
    // What ends a sentence or closes a bracket the address did not open belongs to the text.
    while end > hostStart {
      let last = body[end - 1]
      if last == 0x29, opened < 0 {
        opened += 1
      } else if !isTrailingPunctuation(last) {
        break
      }
      end -= 1
    }
    // A host: a letter or digit right after "//".
    guard end > hostStart, isWordByte(body[hostStart]), body[hostStart] != 0x5F else { return nil }
    return end
  }

  /// The offset after `http://` or `https://` (any case) at `start`.
  private static func schemeEnd(_ body: Span<UInt8>, from start: Int) -> Int? {
    let http: [UInt8] = [0x68, 0x74, 0x74, 0x70]
    guard start + 7 < body.count else { return nil }
    for (offset, letter) in http.enumerated() where body[start + offset] | 0x20 != letter { return nil }
    var at = start + 4
    if body[at] | 0x20 == 0x73 { at += 1 }
    guard at + 3 <= body.count, body[at] == 0x3A, body[at + 1] == 0x2F, body[at + 2] == 0x2F else { return nil }
    return at + 3
  }

  private static func isAddressByte(_ byte: UInt8) -> Bool {
    guard byte > 0x20, byte < 0x7F else { return false }
    return byte != 0x3C && byte != 0x3E && byte != 0x22 && byte != 0x60
  }

  private static func isTrailingPunctuation(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x2E, 0x2C, 0x3A, 0x3B, 0x21, 0x3F, 0x27: true
    default: false
    }
  }
}
