import PMBoardCore
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
