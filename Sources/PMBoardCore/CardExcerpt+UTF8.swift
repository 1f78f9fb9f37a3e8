extension CardExcerpt {
  /// What a card shows of a body, told from its UTF-8 bytes alone.
  public enum UTF8Cut: Equatable, Sendable {
    /// The body, as it is.
    case whole
    /// The body's first `end` bytes (trailing white space left out), then "…".
    case cut(end: Int)
    /// Not known without grapheme breaking: ask ``of(_:)``.
    case unknown
  }

  /// ``of(_:)`` for the valid UTF-8 `body`, without making a `String`: cards are made for every task on every
  /// build, and most long bodies are ASCII, Korean or Japanese, whose scalars are each a character of their own
  /// (``isSeparate(value:)``). Any other scalar among the first ``characterLimit`` + 2 gives ``UTF8Cut/unknown``.
  public static func cut(utf8 body: Span<UInt8>) -> UTF8Cut {
    guard mayCut(utf8Count: body.count) else { return .whole }
    let end = body.count
    var (count, offset, keptOffset, lines, lineEnd) = (0, 0, 0, 0, -1)
    // For a short body: the fourth line break, and whether anything but white space follows it.
    var (breaks, fourth, textAfterFourth) = (0, -1, false)
    // One pass, decoding in line: every long body of every card goes through here on every build.
    while offset < end, count < characterLimit + 2 {
      if count == kept { keptOffset = offset }
      let lead = body[offset]
      if lead < 0x80 {
        if fourth >= 0, lead != 0x09, lead != 0x0A, lead != 0x20 { textAfterFourth = true }
        if lead == 0x0A {
          breaks += 1
          if breaks == lineLimit { fourth = offset }
          if count < kept, lineEnd < 0 {
            lines += 1
            if lines == lineLimit { lineEnd = offset }
          }
        } else if lead < 0x20 ? lead != 0x09 : lead == 0x7F {
          return .unknown  // a control character (CR among them): not separate
        }
        offset += 1
      } else if lead >= 0xE0, lead < 0xF0, offset + 2 < end {
        let value =
          UInt32(lead & 0x0F) << 12 | UInt32(body[offset + 1] & 0x3F) << 6 | UInt32(body[offset + 2] & 0x3F)
        guard isSeparate(value: value) else { return .unknown }
        if fourth >= 0, value != 0x3000 { textAfterFourth = true }
        offset += 3
      } else if lead >= 0xC0, lead < 0xE0, offset + 1 < end {
        let value = UInt32(lead & 0x1F) << 6 | UInt32(body[offset + 1] & 0x3F)
        guard isSeparate(value: value) else { return .unknown }
        if fourth >= 0, value != 0xA0 { textAfterFourth = true }
        offset += 2
      } else {
        return .unknown  // four bytes (never separate), or a sequence cut short
      }
      count += 1
    }
    guard count > characterLimit else {
      return fourth >= 0 && textAfterFourth ? .cut(end: trimmingWhiteSpace(body, end: fourth)) : .whole
    }
    return .cut(end: trimmingWhiteSpace(body, end: lineEnd >= 0 ? lineEnd : keptOffset))
  }

  /// `end` moved back over the white space and full stops before it (``trimmed``: a cut never reads ".…"). Of the
  /// separate scalars, only tab, line feed, space, no-break space (C2 A0) and the ideographic space (E3 80 80) are
  /// white space (`Character.isWhitespace`); the full stops are ".", "。" (E3 80 82) and "．" (EF BC 8E).
  private static func trimmingWhiteSpace(_ body: Span<UInt8>, end: Int) -> Int {
    var end = end
    while end > 0 {
      let last = body[end - 1]
      if last == 0x09 || last == 0x0A || last == 0x20 || last == 0x2E {
        end -= 1
      } else if end >= 2, last == 0xA0, body[end - 2] == 0xC2 {
        end -= 2
      } else if end >= 3, last == 0x80 || last == 0x82, body[end - 2] == 0x80, body[end - 3] == 0xE3 {
        end -= 3
      } else if end >= 3, last == 0x8E, body[end - 2] == 0xBC, body[end - 3] == 0xEF {
        end -= 3
      } else {
        break
      }
    }
    return end
  }
}
