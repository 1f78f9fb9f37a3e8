import PMBoardCore
import PMBoardTestSupport
import Testing

/// ``ScriptGuess``: kana says Japanese, Hangul Korean, Han alone or Latin nothing.
struct ScriptGuessTests {
  @Test(
    arguments: [
      ("설정 화면 수정", "ko"), ("設定画面のレイアウト修正", "ja"), ("ダークモード", "ja"), ("ｶﾀｶﾅ", "ja"),
      ("会議", nil), ("Fix login", nil), ("", nil), ("Login 버그 in iOS", "ko"), ("한글과 かな", "ja"),
    ] as [(String, String?)])
  func itTellsTheLanguageByTheLetters(text: String, lang: String?) {
    #expect(ScriptGuess.lang(of: text) == lang)
  }
}

/// The byte scan (which passes a Korean text's other characters by their lead byte once it has seen Hangul) against
/// a plain reading scalar by scalar, on random texts of Latin, Hangul, kana, Han, jamo, symbols and emoji.
@Suite("telling a text's language against a plain reading")
struct ScriptGuessParityTests {
  @Test func scanAgreesWithAScalarReading() {
    var random = SplitMix64(seed: 53)
    let pieces = [
      "a", "Z", ":", "[", " ", "é", "한", "글", "ᄀ", "ㄱ", "か", "カ", "ｶ", "ㇰ", "会", "。", "！", "😀", "\u{3000}",
      "\u{A000}", "\u{D7FB}", "\u{FFEF}",
    ]
    for _ in 0..<5000 {
      let text = (0..<Int(random.next() % 12)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
      let expected = Self.plainReading(text)
      #expect(ScriptGuess.langAndMarks(utf8: text.utf8.span) == expected, "\(text)")
      #expect(ScriptGuess.lang(of: text) == expected.lang, "\(text)")
    }
  }

  static func plainReading(_ text: String) -> (lang: String?, hasMarks: Bool) {
    var (kana, hangul) = (false, false)
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x3041...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: kana = true
      case 0xAC00...0xD7A3, 0x1100...0x11FF, 0x3130...0x318F: hangul = true
      default: break
      }
    }
    return (kana ? "ja" : hangul ? "ko" : nil, text.contains(":") || text.contains("["))
  }
}
