import PMBoardTestSupport
import Testing

@testable import PMBoardCore

/// `TaskRules.isPlainTitle`, the one-pass shortcut of the title check, against the full check: whatever it takes as
/// a plain title, the full check returns unchanged; random titles of scalars around every rule's edges.
@Suite("title rule shortcut against the full check")
struct TitleRuleParityTests {
  /// Scalars at the rules' edges: spaces and line breaks, C0 and C1 controls, DEL, invisible ones (zero-width
  /// space, bidi marks, the BOM, NBSP), combining marks and a decomposable one, Hangul syllables and a trailing
  /// jamo, kana with a combining sound mark, CJK, an emoji.
  static let pool: [Unicode.Scalar] = [
    "a", "Z", "0", " ", "!", "~", "\t", "\n", "\r", "\u{0B}", "\u{1F}", "\u{7F}", "\u{80}", "\u{85}", "\u{9F}",
    "\u{A0}", "\u{AD}", "é", "\u{0301}", "\u{212B}", "\u{200B}", "\u{200E}", "\u{202E}", "\u{2028}", "\u{FEFF}",
    "\u{3000}",
    "가", "\u{11A8}", "か", "\u{3099}", "漢", "🚀",
  ]

  @Test func aPlainTitleIsWhatTheFullCheckReturns() {
    var random = SplitMix64(seed: 29)
    var plain = 0
    for round in 0..<20_000 {
      let length = 1 + random.below(round % 3 == 0 ? 220 : 8)
      var text = String.UnicodeScalarView()
      for _ in 0..<length {
        // Mostly letters in half the rounds, so that plain titles come up often.
        text.append(round % 2 == 0 && random.below(6) != 0 ? "a" : Self.pool[random.below(Self.pool.count)])
      }
      let title = String(text)
      guard TaskRules.isPlainTitle(title) else { continue }
      plain += 1
      #expect((try? TaskRules.checkTitleFully(title).get()) == title, "\(title.unicodeScalars.map(\.value))")
    }
    #expect(plain > 1_000, "the shortcut was taken \(plain) times")
  }

  @Test func titlesTheShortcutLeavesGetTheFullChecksReason() {
    for title in [" a", "a ", "a\nb", "a\u{7F}", "\u{200B}", "e\u{0301}", String(repeating: "a", count: 201)] {
      #expect(!TaskRules.isPlainTitle(title), "\(title.unicodeScalars.map(\.value))")
      #expect(
        (try? TaskRules.checkTitle(title).get()) == (try? TaskRules.checkTitleFully(title).get()),
        "\(title.unicodeScalars.map(\.value))")
    }
  }
}
