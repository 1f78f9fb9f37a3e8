/// iCalendar content lines as RFC 5545 spells them: CRLF after every line, lines longer than 75 octets folded
/// (CRLF and one space) before a UTF-8 sequence, never inside one, and TEXT values escaped.
///
/// The plain reference of those rules: the calendar itself writes through `ByteWriter`'s `appendICalendarText`
/// and `endICalendarLine` (PMBoardBytes), which the parity tests hold to this byte for byte.
struct ICalendarLines {
  private(set) var bytes: [UInt8] = []

  init(capacity: Int = 4096) {
    bytes.reserveCapacity(capacity)
  }

  /// Hands the lines so far to `emit` once they pass `threshold` bytes, and starts again from empty: a calendar of
  /// 100,000 events never sits in memory whole.
  mutating func flush(over threshold: Int = 0, to emit: (Span<UInt8>) -> Void) {
    guard bytes.count > threshold else { return }
    emit(bytes.span)
    bytes.removeAll(keepingCapacity: true)
  }

  /// `NAME:value` with `value` written as it is (dates, keywords, URIs).
  mutating func line(_ name: String, _ value: String) {
    let start = bytes.count
    bytes.append(contentsOf: name.utf8)
    bytes.append(UInt8(ascii: ":"))
    bytes.append(contentsOf: value.utf8)
    endLine(from: start)
  }

  /// `NAME:value` with `value` escaped as TEXT (RFC 5545 §3.3.11).
  mutating func text(_ name: String, _ value: String) {
    let start = bytes.count
    bytes.append(contentsOf: name.utf8)
    bytes.append(UInt8(ascii: ":"))
    Self.escapeText(value, into: &bytes)
    endLine(from: start)
  }

  /// Backslash, semicolon and comma get a backslash; every line break becomes `\n`. Other control characters
  /// (which the store refuses anyway) are left out: TEXT allows none but tab.
  static func escapeText(_ value: String, into out: inout [UInt8]) {
    // Copied run by run between the bytes that need care: bodies with line breaks are most of a calendar.
    let utf8 = Array(value.utf8)
    var runStart = 0
    var index = 0
    while index < utf8.count {
      let byte = utf8[index]
      guard byte < 0x20 || byte == 0x7F || byte == 0x5C || byte == 0x3B || byte == 0x2C else {
        index += 1
        continue
      }
      out.append(contentsOf: utf8[runStart..<index])
      switch byte {
      case 0x5C, 0x3B, 0x2C:
        out.append(0x5C)
        out.append(byte)
      case 0x0D, 0x0A:
        out.append(0x5C)
        out.append(UInt8(ascii: "n"))
        // CRLF is one line break.
        if byte == 0x0D, index + 1 < utf8.count, utf8[index + 1] == 0x0A { index += 1 }
      case 0x09: out.append(byte)
      default: break
      }
      index += 1
      runStart = index
    }
    out.append(contentsOf: utf8[runStart..<index])
  }

  /// Ends the content line that starts at `start`, folding it first when it is longer than 75 octets: each
  /// physical line takes as many whole UTF-8 sequences as fit (the continuation's leading space counts).
  private mutating func endLine(from start: Int) {
    guard bytes.count - start > 75 else {
      bytes.append(0x0D)
      bytes.append(0x0A)
      return
    }
    let content = Array(bytes[start...])
    bytes.removeSubrange(start...)
    var from = 0
    var room = 75
    while content.count - from > room {
      var end = from + room
      // Back off to the start of the sequence the limit falls in: continuation bytes are 10xxxxxx.
      while end > from, content[end] & 0xC0 == 0x80 { end -= 1 }
      bytes.append(contentsOf: content[from..<end])
      bytes.append(contentsOf: [0x0D, 0x0A, 0x20])
      from = end
      room = 74
    }
    bytes.append(contentsOf: content[from...])
    bytes.append(contentsOf: [0x0D, 0x0A])
  }
}
