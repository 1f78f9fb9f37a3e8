import PMBoardBytes

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
    after(lastScalar: word.unicodeScalars.last(where: { !Self.ignorable($0) })).description
  }

  /// The particle to write after the word `output` holds from position `start` on: a `StaticString`, since a
  /// build writes one per Korean history sentence and a `String` cost a retain, a release and a copy to reach its
  /// bytes.
  public func after(_ output: borrowing ByteWriter, from start: Int) -> StaticString {
    after(lastScalar: output.lastScalar(from: start, skipping: Self.ignorable))
  }

  private func after(lastScalar: Unicode.Scalar?) -> StaticString {
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

  private var neutral: StaticString {
    switch self {
    case .eulReul: "을(를)"
    case .iGa: "이(가)"
    case .eunNeun: "은(는)"
    case .gwaWa: "과(와)"
    case .euro: "(으)로"
    }
  }

  /// Closing quotes and brackets (’ ' " ” 」 』 ) ] ）), bidi isolates and white space do not change the particle: ‘제목’을 reads
  /// by 목. Every Korean history sentence asks this of a quote, so the common answers skip Unicode's tables.
  private static func ignorable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x27, 0x22, 0x29, 0x5D, 0x20, 0x09...0x0D, 0x2019, 0x201D, 0x300D, 0x300F, 0xFF09: true
    // The isolates around a title in a history sentence (bidi text cannot reorder the sentence) are invisible.
    case 0x2066...0x2069: true
    // The rest of Unicode's White_Space property (a stable list): a table lookup per CJK title cost more than
    // the rest of the sentence.
    case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
    default: false
    }
  }
}
