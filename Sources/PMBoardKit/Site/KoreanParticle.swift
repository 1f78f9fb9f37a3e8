/// Chooses a Korean particle by the last syllable of the word it follows, as a native writer would:
/// 을/를, 이/가, 은/는, 과/와 by whether there is a final consonant, and (으)로 by whether it is absent or ㄹ.
/// Words that do not end in Hangul keep the neutral written form, e.g. 을(를).
public enum KoreanParticle: String, CaseIterable, Sendable {
  case eulReul = "을"
  case iGa = "이"
  case eunNeun = "은"
  case gwaWa = "과"
  case euro = "로"

  /// The particle to write after `word`.
  public func after(_ word: String) -> String {
    after(lastScalar: word.unicodeScalars.last(where: { !Self.ignorable($0) }))
  }

  /// The particle to write after the word whose (valid) UTF-8 is `utf8`.
  func after(utf8: UnsafeBufferPointer<UInt8>) -> String {
    var end = utf8.count
    while end > 0 {
      var start = end - 1
      while start > 0, utf8[start] & 0xC0 == 0x80 { start -= 1 }
      var bytes = UnsafeBufferPointer(rebasing: utf8[start..<end]).makeIterator()
      var decoder = UTF8()
      // Hangul syllables are never ignorable; most words end in one, so skip the property lookups.
      if case .scalarValue(let scalar) = decoder.decode(&bytes),
        (0xAC00...0xD7A3).contains(scalar.value) || !Self.ignorable(scalar)
      {
        return after(lastScalar: scalar)
      }
      end = start
    }
    return after(lastScalar: nil)
  }

  private func after(lastScalar: Unicode.Scalar?) -> String {
    guard let last = lastScalar, (0xAC00...0xD7A3).contains(last.value) else { return neutral }
    let final = (last.value - 0xAC00) % 28
    switch self {
    case .eulReul: return final == 0 ? "를" : "을"
    case .iGa: return final == 0 ? "가" : "이"
    case .eunNeun: return final == 0 ? "는" : "은"
    case .gwaWa: return final == 0 ? "와" : "과"
    case .euro: return final == 0 || final == 8 ? "로" : "으로"  // 8 is ㄹ
    }
  }

  private var neutral: String {
    switch self {
    case .eulReul: "을(를)"
    case .iGa: "이(가)"
    case .eunNeun: "은(는)"
    case .gwaWa: "과(와)"
    case .euro: "(으)로"
    }
  }

  /// Closing quotes and brackets (’ ' " ” 」 』 ) ] ）) and white space do not change the particle: ‘제목’을 reads
  /// by 목. Every Korean history sentence asks this of a quote, so the common answers skip Unicode's tables.
  private static func ignorable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x27, 0x22, 0x29, 0x5D, 0x20, 0x09...0x0D, 0x2019, 0x201D, 0x300D, 0x300F, 0xFF09: true
    case 0..<0x80: false
    default: scalar.properties.isWhitespace
    }
  }
}
