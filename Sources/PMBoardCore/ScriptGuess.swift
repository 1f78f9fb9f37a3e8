/// Which CJK language a text is written in, told by its letters: any kana makes it Japanese (a Japanese sentence
/// nearly always has some), else any Hangul makes it Korean; Han characters alone, or no CJK letter, tell nothing.
/// Pages mark such text on another locale's page with `lang`, so that a Korean title on an English page breaks
/// between words and a Japanese one is drawn with Japanese glyph forms.
public enum ScriptGuess {
  /// `ko`, `ja`, or nil.
  public static func lang(of text: String) -> String? {
    lang(utf8: text.utf8.span)
  }

  /// ``lang(of:)`` of valid UTF-8 bytes, read in place.
  public static func lang(utf8 bytes: Span<UInt8>) -> String? {
    scan(utf8: bytes, findingMarks: false).lang
  }

  /// ``lang(utf8:)`` of a card's body, and whether the body has a `:` or a `[`: one pass for both, since a body
  /// without either has no web address and no checklist (``Checklist``), and most bodies have neither.
  public static func langAndMarks(utf8 bytes: Span<UInt8>) -> (lang: String?, hasMarks: Bool) {
    scan(utf8: bytes, findingMarks: true)
  }

  private static func scan(utf8 bytes: Span<UInt8>, findingMarks: Bool) -> (lang: String?, hasMarks: Bool) {
    var hangul = false
    var kana = false
    var marks = false
    var index = 0
    let count = bytes.count
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        if lead == 0x3A || lead == 0x5B { marks = true }
        index += 1
        continue
      }
      guard lead >= 0xE0, lead < 0xF0, index + 2 < count else {
        index += lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        continue
      }
      // Once a text has Hangul only kana can change the answer, and every kana's lead byte is E3 or EF: a Korean
      // text's other characters are passed by their lead byte.
      if hangul, lead != 0xE3, lead != 0xEF {
        index += 3
        continue
      }
      let scalar = UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
      switch scalar {
      // Hiragana, Katakana, their phonetic extensions and half-width katakana.
      case 0x3041...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: kana = true
      // Hangul syllables, jamo and compatibility jamo.
      case 0xAC00...0xD7A3, 0x1100...0x11FF, 0x3130...0x318F: hangul = true
      default: break
      }
      index += 3
      if kana { break }
    }
    // Past the first kana only the marks are left to find, and no byte of a longer character is one of them.
    while findingMarks, !marks, index < bytes.count {
      marks = bytes[index] == 0x3A || bytes[index] == 0x5B
      index += 1
    }
    return (kana ? "ja" : hangul ? "ko" : nil, marks)
  }
}
