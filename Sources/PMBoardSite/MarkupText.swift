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

  /// A JSON string with its quotes (RFC 8259): quote, backslash and control characters escaped.
  static func json(_ text: String, into out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    let utf8 = text.utf8
    // Most text has nothing to escape: one scan, one copy.
    guard utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
      out.append(contentsOf: utf8)
      out.append(UInt8(ascii: "\""))
      return
    }
    let hex = Array("0123456789abcdef".utf8)
    for byte in utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"):
        out.append(UInt8(ascii: "\\"))
        out.append(byte)
      case 0x0A: out.append(contentsOf: Array(#"\n"#.utf8))
      case 0x0D: out.append(contentsOf: Array(#"\r"#.utf8))
      case 0x09: out.append(contentsOf: Array(#"\t"#.utf8))
      case 0..<0x20: out.append(contentsOf: Array(#"\u00"#.utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
      default: out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
