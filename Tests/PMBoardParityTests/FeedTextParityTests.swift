import PMBoardBytes
import PMBoardTestSupport
import Testing

@testable import PMBoardSite

/// The feeds' byte writers in PMBoardBytes (iCalendar TEXT escaping and folding, JSON string escaping) against the
/// plain references in PMBoardSite (`ICalendarLines`, `MarkupText.json`), on random text around every special byte
/// and every UTF-8 length, from a `String` and from an arena.
@Suite("feed text against references")
struct FeedTextParityTests {
  /// Scalars around what the escapers and the folding look at: the specials of both formats, C0 controls, DEL,
  /// CR and LF alone and paired, and sequences of two, three and four bytes.
  static let pool: [String] = [
    "a", "Z", " ", "\\", ";", ",", "\"", "/", "\n", "\r", "\r\n", "\t", "\u{0}", "\u{1}", "\u{8}", "\u{C}", "\u{1F}",
    "\u{7F}", "é", "\u{85}", "가", "テ", "😀", "\u{2028}", "&", "<",
  ]

  static func randomText(_ random: inout SplitMix64, length: Int) -> String {
    (0..<length).map { _ in pool[random.below(pool.count)] }.joined()
  }

  @Test func iCalendarEscapingMatchesTheReference() {
    var random = SplitMix64(seed: 29)
    for length in 0...48 {
      for _ in 0..<100 {
        let text = Self.randomText(&random, length: length)
        var expected: [UInt8] = []
        ICalendarLines.escapeText(text, into: &expected)
        var fromString = ByteWriter(capacity: 16)
        fromString.appendICalendarText(text)
        #expect(Array(fromString.bytes) == expected, "\(Array(text.utf8))")
        Self.withArena(text) { ref, arena in
          var fromArena = ByteWriter(capacity: 16)
          fromArena.appendStatic("x")
          fromArena.appendICalendarText(ref, from: arena)
          #expect(Array(fromArena.bytes) == [UInt8(ascii: "x")] + expected, "\(Array(text.utf8))")
        }
      }
    }
  }

  @Test func iCalendarFoldingMatchesTheReference() {
    var random = SplitMix64(seed: 31)
    for length in Array(0...90) + [150, 151, 152, 300, 1000] {
      for _ in 0..<40 {
        let text = Self.randomText(&random, length: length)
        var lines = ICalendarLines()
        lines.text("DESCRIPTION", text)
        lines.line("UID", text.replacingOccurrences(of: "\r", with: ""))
        // Written after something else, and the second line from a writer that has handed bytes on.
        var output = ByteWriter(capacity: 8)
        output.appendStatic("BEGIN:VEVENT\r\n")
        output.flush(keeping: 3) { _ in }
        var start = output.count
        output.appendStatic("DESCRIPTION:")
        output.appendICalendarText(text)
        output.endICalendarLine(from: start)
        start = output.count
        output.appendStatic("UID:")
        output.append(text.replacingOccurrences(of: "\r", with: ""))
        output.endICalendarLine(from: start)
        let same = Array(output.bytes) == Array("T\r\n".utf8) + lines.bytes
        #expect(same, "\(Array(text.utf8))")
      }
    }
  }

  /// board.json may be pasted into an HTML `<script>` as it is: no `<` is left raw, so no `</script>` either.
  @Test func jsonWritesLessThanAsAnEscape() {
    var expected: [UInt8] = []
    MarkupText.json("a</script>\"\n", into: &expected)
    #expect(String(decoding: expected, as: UTF8.self) == #""a\u003c/script>\"\n""#)
    var writer = ByteWriter(capacity: 16)
    writer.appendJSONEscaped("<<x<")
    #expect(String(decoding: writer.bytes, as: UTF8.self) == #"\u003c\u003cx\u003c"#)
  }

  @Test func jsonEscapingMatchesTheReference() {
    var random = SplitMix64(seed: 37)
    for length in 0...48 {
      for _ in 0..<100 {
        let text = Self.randomText(&random, length: length)
        var expected: [UInt8] = []
        MarkupText.json(text, into: &expected)
        var fromString = ByteWriter(capacity: 16)
        fromString.appendByte(UInt8(ascii: "\""))
        fromString.appendJSONEscaped(text)
        fromString.appendByte(UInt8(ascii: "\""))
        #expect(Array(fromString.bytes) == expected, "\(Array(text.utf8))")
        Self.withArena(text) { ref, arena in
          var fromArena = ByteWriter(capacity: 16)
          fromArena.appendByte(UInt8(ascii: "\""))
          fromArena.appendJSONEscaped(ref, from: arena)
          fromArena.appendByte(UInt8(ascii: "\""))
          #expect(Array(fromArena.bytes) == expected, "\(Array(text.utf8))")
        }
      }
    }
  }

  @Test func xmlEscapingMatchesAScalarLoop() {
    var random = SplitMix64(seed: 41)
    let pool = Self.pool + ["'", ">", "\u{FFFE}", "\u{FFFF}", "\u{FFFD}", "\u{EFBF}", "﾿"]
    for length in 0...40 {
      for _ in 0..<100 {
        let text = (0..<length).map { _ in pool[random.below(pool.count)] }.joined()
        #expect(MarkupText.xml(text) == Self.referenceXML(text), "\(Array(text.utf8))")
      }
    }
  }

  /// `MarkupText.xml` as it was first written, a scalar at a time.
  static func referenceXML(_ text: String) -> String {
    var out = ""
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

  @Test func summariesCopyFromAnotherWriter() {
    var summary = ByteWriter(capacity: 8)
    summary.append("Fix a, b; c\\d (TODO)")
    var output = ByteWriter(capacity: 8)
    output.append(pendingBytesOf: summary)
    output.appendICalendarText(pendingBytesOf: summary)
    #expect(Array(output.bytes) == Array(#"Fix a, b; c\d (TODO)Fix a\, b\; c\\d (TODO)"#.utf8))
  }

  /// `text` in an arena after a few other bytes, as a card's body sits among others.
  static func withArena(_ text: String, _ body: (RawRef, ArenaBytes) -> Void) {
    var writer = ByteWriter(capacity: 16)
    _ = writer.appendRef("before")
    let ref = writer.appendRef(text)
    _ = writer.appendRef("after")
    body(ref, ArenaBytes(ByteArena(writer)))
  }
}
