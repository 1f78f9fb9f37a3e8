/// Escaping for the feeds that are not HTML pages: XML text and attributes (Atom, SVG) and JSON strings.
enum MarkupText {
  /// `&`, `<`, `>`, `"` and `'` as entities; control characters XML 1.0 forbids are left out.
  static func xml(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
      case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": continue
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// A JSON string with its quotes (RFC 8259): quote, backslash and control characters escaped. The plain
  /// reference of `ByteWriter.appendJSONEscaped` (PMBoardBytes), which board.json's tasks go through.
  static func json(_ text: String, into out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    // Copied run by run between the bytes that need escaping.
    let utf8 = Array(text.utf8)
    var runStart = 0
    var index = 0
    while index < utf8.count {
      let byte = utf8[index]
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      out.append(contentsOf: utf8[runStart..<index])
      out.append(UInt8(ascii: "\\"))
      switch byte {
      case 0x0A: out.append(UInt8(ascii: "n"))
      case 0x0D: out.append(UInt8(ascii: "r"))
      case 0x09: out.append(UInt8(ascii: "t"))
      case 0..<0x20:
        out.append(contentsOf: Array("u00".utf8) + [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]])
      default: out.append(byte)
      }
      index += 1
      runStart = index
    }
    out.append(contentsOf: utf8[runStart..<index])
    out.append(UInt8(ascii: "\""))
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)
}
