/// iCalendar content lines as RFC 5545 spells them: CRLF after every line, lines longer than 75 octets folded
/// (CRLF and one space) before a UTF-8 sequence, never inside one, and TEXT values escaped.
struct ICalendarLines {
  private(set) var bytes: [UInt8] = []

  init(capacity: Int = 4096) {
    bytes.reserveCapacity(capacity)
  }

  /// `NAME:value` with `value` written as it is (dates, keywords, URIs).
  mutating func line(_ name: String, _ value: String) {
    var content = Array(name.utf8)
    content.append(UInt8(ascii: ":"))
    content.append(contentsOf: value.utf8)
    fold(content)
  }

  /// `NAME:value` with `value` escaped as TEXT (RFC 5545 §3.3.11).
  mutating func text(_ name: String, _ value: String) {
    var content = Array(name.utf8)
    content.append(UInt8(ascii: ":"))
    Self.escapeText(value, into: &content)
    fold(content)
  }

  /// Backslash, semicolon and comma get a backslash; every line break becomes `\n`. Other control characters
  /// (which the store refuses anyway) are left out: TEXT allows none but tab.
  static func escapeText(_ value: String, into out: inout [UInt8]) {
    var previousWasCR = false
    for byte in value.utf8 {
      defer { previousWasCR = byte == 0x0D }
      switch byte {
      case UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","):
        out.append(UInt8(ascii: "\\"))
        out.append(byte)
      case 0x0D:
        out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case 0x0A:
        // CRLF is one line break, already written at its CR.
        if !previousWasCR { out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")]) }
      case 0x09: out.append(byte)
      case 0..<0x20, 0x7F: continue
      default: out.append(byte)
      }
    }
  }

  /// Writes `content` folded at 75 octets per physical line (the leading space of a continuation counts).
  private mutating func fold(_ content: [UInt8]) {
    var lineLength = 0
    var index = 0
    while index < content.count {
      let sequence = Self.sequenceLength(content[index])
      let end = min(index + sequence, content.count)
      if lineLength + (end - index) > 75 {
        bytes.append(contentsOf: [0x0D, 0x0A, 0x20])
        lineLength = 1
      }
      bytes.append(contentsOf: content[index..<end])
      lineLength += end - index
      index = end
    }
    bytes.append(contentsOf: [0x0D, 0x0A])
  }

  /// Octets in the UTF-8 sequence a lead byte starts (1 for ASCII and for a stray continuation byte).
  private static func sequenceLength(_ lead: UInt8) -> Int {
    switch lead {
    case 0xF0...: 4
    case 0xE0...: 3
    case 0xC0...: 2
    default: 1
    }
  }
}
