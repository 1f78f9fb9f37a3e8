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
    guard let last = word.unicodeScalars.last(where: { !Self.ignorable($0) }),
      (0xAC00...0xD7A3).contains(last.value)
    else { return neutral }
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

  /// Closing quotes and brackets do not change the particle: ‘제목’을 reads by 목.
  private static func ignorable(_ scalar: Unicode.Scalar) -> Bool {
    "’'\"”」』)]）".unicodeScalars.contains(scalar) || scalar.properties.isWhitespace
  }
}
