/// A piece of HTML made from a text: a stretch of the text, escaped, or fixed markup.
public enum HTMLPiece: Sendable {
  /// The text's UTF-8 bytes `range`, HTML-escaped.
  case text(Range<Int>)
  case markup(StaticString)
}

extension HTMLPiece {
  /// The HTML `pieces` spell from the text `source`.
  public static func html(_ pieces: [HTMLPiece], of source: Span<UInt8>) -> String {
    var writer = ByteWriter(capacity: source.count * 2 + 64)
    append(pieces, of: source, into: &writer)
    return String(decoding: writer.bytes(from: 0), as: UTF8.self)
  }

  static func append(_ pieces: [HTMLPiece], of source: Span<UInt8>, into writer: inout ByteWriter) {
    source.withUnsafeBufferPointer { utf8 in
      for piece in pieces {
        switch piece {
        case .text(let range):
          HTMLEscaper.appendEscaped(utf8: UnsafeBufferPointer(rebasing: utf8[range]), into: &writer)
        case .markup(let markup): writer.appendStatic(markup)
        }
      }
    }
  }
}

extension ArenaBuilder {
  /// Stores the HTML `pieces` spell from the text `source`, once: it is shown only as it is, so the reference's
  /// raw and escaped forms are the same bytes. The arena must have room for what the pieces write (each text
  /// byte escapes to at most six).
  public mutating func html(_ pieces: [HTMLPiece], of source: Span<UInt8>) -> TextRef {
    let start = writer.count
    HTMLPiece.append(pieces, of: source, into: &writer)
    let count = UInt32(writer.count - start)
    return TextRef(start: offset + start, rawCount: count, escapedCount: count)
  }
}

extension TextRef {
  /// The escaped text as a text of its own: what a text without markup shows as HTML.
  public var escapedAsHTML: TextRef {
    TextRef(start: escapedStart, rawCount: escapedCount, escapedCount: escapedCount)
  }
}
