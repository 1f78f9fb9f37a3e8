import Foundation
import PMBoardBytes

/// How search text is folded, so that `straße` meets `STRASSE`, `İstanbul` meets `istanbul` and `ｱﾌﾟﾘ` meets
/// `アプリ`: Unicode NFKC, then full case folding (CaseFolding.txt, statuses C and F), then a U+0307 right after
/// `i` dropped (what is left of `İ`). The index stores body sentences folded; `Public/search.js` folds titles,
/// names and the query with the same rule and the same table (``foldTable``), and both are held to
/// `Tests/Scripts/fixtures/search/fold-vectors.json`.
enum SearchFold {
  /// Where full case folding differs from the lower case, for a character that is its own lower case: code point
  /// and what it folds to, in hex (Python's `str.casefold` against `str.lower`, Unicode 14; `ẞ` and `Σ` lower to
  /// `ß` and `σ` or `ς` first). Cherokee, which folds to its capitals, is ``cherokee(_:)``. `search.js` holds the
  /// same string.
  static let foldTable =
    "b5:3bc df:73.73 149:2bc.6e 17f:73 1f0:6a.30c 345:3b9 390:3b9.308.301 3b0:3c5.308.301 3c2:3c3 "
    + "3d0:3b2 3d1:3b8 3d5:3c6 3d6:3c0 3f0:3ba 3f1:3c1 3f5:3b5 587:565.582 1c80:432 1c81:434 1c82:43e "
    + "1c83:441 1c84:442 1c85:442 1c86:44a 1c87:463 1c88:a64b 1e96:68.331 1e97:74.308 1e98:77.30a "
    + "1e99:79.30a 1e9a:61.2be 1e9b:1e61 1f50:3c5.313 1f52:3c5.313.300 1f54:3c5.313.301 "
    + "1f56:3c5.313.342 1f80:1f00.3b9 1f81:1f01.3b9 1f82:1f02.3b9 1f83:1f03.3b9 1f84:1f04.3b9 "
    + "1f85:1f05.3b9 1f86:1f06.3b9 1f87:1f07.3b9 1f90:1f20.3b9 1f91:1f21.3b9 1f92:1f22.3b9 "
    + "1f93:1f23.3b9 1f94:1f24.3b9 1f95:1f25.3b9 1f96:1f26.3b9 1f97:1f27.3b9 1fa0:1f60.3b9 "
    + "1fa1:1f61.3b9 1fa2:1f62.3b9 1fa3:1f63.3b9 1fa4:1f64.3b9 1fa5:1f65.3b9 1fa6:1f66.3b9 "
    + "1fa7:1f67.3b9 1fb2:1f70.3b9 1fb3:3b1.3b9 1fb4:3ac.3b9 1fb6:3b1.342 1fb7:3b1.342.3b9 1fbe:3b9 "
    + "1fc2:1f74.3b9 1fc3:3b7.3b9 1fc4:3ae.3b9 1fc6:3b7.342 1fc7:3b7.342.3b9 1fd2:3b9.308.300 "
    + "1fd3:3b9.308.301 1fd6:3b9.342 1fd7:3b9.308.342 1fe2:3c5.308.300 1fe3:3c5.308.301 1fe4:3c1.313 "
    + "1fe6:3c5.342 1fe7:3c5.308.342 1ff2:1f7c.3b9 1ff3:3c9.3b9 1ff4:3ce.3b9 1ff6:3c9.342 "
    + "1ff7:3c9.342.3b9 fb00:66.66 fb01:66.69 fb02:66.6c fb03:66.66.69 fb04:66.66.6c fb05:73.74 "
    + "fb06:73.74 fb13:574.576 fb14:574.565 fb15:574.56b fb16:57e.576 fb17:574.56d"

  /// Each entry of ``foldTable``, parsed once.
  private static let folds: [UInt32: [Unicode.Scalar]] = {
    var folds: [UInt32: [Unicode.Scalar]] = [:]
    for entry in foldTable.split(separator: " ") {
      let sides = entry.split(separator: ":")
      guard sides.count == 2, let from = UInt32(sides[0], radix: 16) else { continue }
      folds[from] = sides[1].split(separator: ".").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
    }
    return folds
  }()

  /// Cherokee small letters fold to the capitals (U+AB70… to U+13A0…, U+13F8… to U+13F0…).
  private static func cherokee(_ value: UInt32) -> Unicode.Scalar? {
    switch value {
    case 0xAB70...0xABBF: Unicode.Scalar(value - 0x97D0)
    case 0x13F8...0x13FD: Unicode.Scalar(value - 8)
    default: nil
    }
  }

  /// `text` folded.
  static func fold(_ text: String) -> String {
    // Most sentences are ASCII, Hangul, kana and CJK ideographs, which only lose their ASCII capitals: Foundation's
    // normalizations and `lowercased()` cost 30 to 100 µs on a Korean sentence, this walk about one.
    for scalar in text.unicodeScalars where scalar.value >= 0x80 && !isInert(scalar.value) {
      return foldInFull(text)
    }
    return String(decoding: text.utf8.map { $0 &- UInt8(ascii: "A") < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
  }

  /// Whether `value` is a character that NFKC, case folding and composition with its neighbours all leave as it
  /// is, so that a text of these and ASCII folds by lower-casing its ASCII: no capital, no compatibility form, no
  /// combining mark, never the second of a pair that NFC composes (Python's unicodedata; `SearchFoldTests` checks
  /// every one against ``foldInFull(_:)``).
  static func isInert(_ value: UInt32) -> Bool {
    switch value {
    case 0xA1...0xA7, 0xA9, 0xAB...0xAE, 0xB0...0xB1, 0xB6...0xB7, 0xBB, 0xBF, 0xD7, 0xE0...0xFF: true
    case 0x2010, 0x2012...0x2016, 0x2018...0x2023, 0x2027: true
    case 0x3001...0x3029, 0x3030...0x3035, 0x3037, 0x303B...0x3098, 0x309D...0x309E, 0x30A0...0x30FE: true
    case 0x4E00...0x9FFF, 0xAC00...0xD7A3: true
    default: false
    }
  }

  /// `text` folded step by step: NFKC, lower case, ``foldTable`` and Cherokee, U+0307 after `i`.
  static func foldInFull(_ text: String) -> String {
    // Foundation's compatibility mapping leaves some pairs apart (`ｸﾞ` as `ク` and U+3099): NFC after it gives
    // NFKC, but for Hangul jamo, which its NFC leaves apart too.
    let normal = String(
      composingHangul(text.precomposedStringWithCompatibilityMapping.precomposedStringWithCanonicalMapping))
    var out = String.UnicodeScalarView()
    var previous: Unicode.Scalar = "\0"
    func add(_ scalar: Unicode.Scalar) {
      // Compared with the folded scalar before it, dropped or not: `i` U+0307 U+0307 keeps one, as in search.js.
      if !(scalar == "\u{307}" && previous == "i") { out.append(scalar) }
      previous = scalar
    }
    for scalar in normal.lowercased().unicodeScalars {
      if scalar.value < 0xB5 {
        add(scalar)
      } else if let folded = folds[scalar.value] {
        folded.forEach(add)
      } else {
        add(cherokee(scalar.value) ?? scalar)
      }
    }
    return String(out)
  }

  /// `text` with each leading and vowel jamo, and each such syllable and trailing jamo, composed into one Hangul
  /// syllable (Unicode's algorithm, section 3.12), as NFC composes them.
  static func composingHangul(_ text: String) -> String.UnicodeScalarView {
    var out = String.UnicodeScalarView()
    var last: UInt32 = 0
    for scalar in text.unicodeScalars {
      let value = scalar.value
      var joined: UInt32?
      if (0x1100...0x1112).contains(last), (0x1161...0x1175).contains(value) {
        joined = 0xAC00 + ((last - 0x1100) * 21 + (value - 0x1161)) * 28
      } else if (0xAC00...0xD7A3).contains(last), (last - 0xAC00) % 28 == 0, (0x11A8...0x11C2).contains(value) {
        joined = last + (value - 0x11A7)
      }
      if let joined, let syllable = Unicode.Scalar(joined) {
        out.removeLast()
        out.append(syllable)
        last = joined
      } else {
        out.append(scalar)
        last = value
      }
    }
    return out
  }

  /// Appends the sentence `segment` folded, as the inside of a JSON string. Most sentences are ASCII without
  /// capitals, and are copied as they are.
  static func appendFolded(_ segment: RawRef, in arena: ByteArena, text: ArenaBytes, to out: inout ByteWriter) {
    let plain = arena.withBytes(segment) { bytes in
      var plain = true
      for index in bytes.indices where bytes[index] >= 0x80 || bytes[index] &- UInt8(ascii: "A") < 26 {
        plain = false
        break
      }
      return plain
    }
    if plain {
      out.appendJSONEscaped(segment, from: text)
    } else {
      out.appendJSONEscaped(fold(arena.string(segment)))
    }
  }
}
