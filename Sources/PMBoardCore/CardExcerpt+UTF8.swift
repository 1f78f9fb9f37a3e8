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
    var (count, offset, keptOffset, lines) = (0, 0, 0, 0)
    var lineEnd: Int?
    while offset < body.count, count < characterLimit + 2 {
      guard let (value, width) = scalar(in: body, at: offset), isSeparate(value: value) else { return .unknown }
      if count == kept { keptOffset = offset }
      if value == 0x0A, count < kept, lineEnd == nil {
        lines += 1
        if lines == lineLimit { lineEnd = offset }
      }
      count += 1
      offset += width
    }
    guard count > characterLimit else { return .whole }
    return .cut(end: trimmingWhiteSpace(body, end: lineEnd ?? keptOffset))
  }

  /// The scalar starting at `offset` and its width in bytes; nil for a four-byte scalar (never separate) or a
  /// sequence cut short.
  private static func scalar(in body: Span<UInt8>, at offset: Int) -> (UInt32, Int)? {
    let lead = UInt32(body[offset])
    switch lead {
    case ..<0x80: return (lead, 1)
    case 0xC0..<0xE0 where offset + 1 < body.count:
      return ((lead & 0x1F) << 6 | UInt32(body[offset + 1] & 0x3F), 2)
    case 0xE0..<0xF0 where offset + 2 < body.count:
      return ((lead & 0x0F) << 12 | UInt32(body[offset + 1] & 0x3F) << 6 | UInt32(body[offset + 2] & 0x3F), 3)
    default: return nil
    }
  }

  /// `end` moved back over the white space before it. Of the separate scalars, only tab, line feed, space,
  /// no-break space (C2 A0) and the ideographic space (E3 80 80) are white space (`Character.isWhitespace`).
  private static func trimmingWhiteSpace(_ body: Span<UInt8>, end: Int) -> Int {
    var end = end
    while end > 0 {
      let last = body[end - 1]
      if last == 0x09 || last == 0x0A || last == 0x20 {
        end -= 1
      } else if end >= 2, last == 0xA0, body[end - 2] == 0xC2 {
        end -= 2
      } else if end >= 3, last == 0x80, body[end - 2] == 0x80, body[end - 3] == 0xE3 {
        end -= 3
      } else {
        break
      }
    }
    return end
  }
}
