/// Escaping for the feeds that are not HTML pages: XML text and attributes (Atom, SVG) and JSON strings.
enum MarkupText {
  /// `&`, `<`, `>`, `"` and `'` as entities; control characters XML 1.0 forbids are left out (C0 but tab, LF and
  /// CR; U+FFFE, U+FFFF). Byte by byte, runs copied whole: a scalar at a time cost some 300 instructions a
  /// character, and the change feed escapes three texts per entry.
  static func xml(_ text: String) -> String {
    let utf8 = Array(text.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(utf8.count + 16)
    var runStart = 0
    var index = 0
    while index < utf8.count {
      let byte = utf8[index]
      let entity: String
      var length = 1
      switch byte {
      case UInt8(ascii: "&"): entity = "&amp;"
      case UInt8(ascii: "<"): entity = "&lt;"
      case UInt8(ascii: ">"): entity = "&gt;"
      case UInt8(ascii: "\""): entity = "&quot;"
      case UInt8(ascii: "'"): entity = "&#39;"
      case 0x09, 0x0A, 0x0D:
        index += 1
        continue
      case 0..<0x20: entity = ""
      case 0xEF where index + 2 < utf8.count && utf8[index + 1] == 0xBF && utf8[index + 2] >= 0xBE:
        // U+FFFE and U+FFFF (EF BF BE, EF BF BF).
        entity = ""
        length = 3
      default:
        index += 1
        continue
      }
      out.append(contentsOf: utf8[runStart..<index])
      out.append(contentsOf: entity.utf8)
      index += length
      runStart = index
    }
    guard runStart > 0 else { return text }
    out.append(contentsOf: utf8[runStart..<utf8.count])
    return String(decoding: out, as: UTF8.self)
  }

  /// A JSON string with its quotes (RFC 8259): quote, backslash and control characters escaped, and `<` as
  /// `\u003c` (the document may be put in an HTML `<script>` as it is). The plain
  /// reference of `ByteWriter.appendJSONEscaped` (PMBoardBytes), which board.json's tasks go through.
  static func json(_ text: String, into out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    // Copied run by run between the bytes that need escaping.
    let utf8 = Array(text.utf8)
    var runStart = 0
    var index = 0
    while index < utf8.count {
      let byte = utf8[index]
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "<") else {
        index += 1
        continue
      }
      out.append(contentsOf: utf8[runStart..<index])
      out.append(UInt8(ascii: "\\"))
      switch byte {
      case 0x0A: out.append(UInt8(ascii: "n"))
      case 0x0D: out.append(UInt8(ascii: "r"))
      case 0x09: out.append(UInt8(ascii: "t"))
      case UInt8(ascii: "<"): out.append(contentsOf: Array("u003c".utf8))
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
