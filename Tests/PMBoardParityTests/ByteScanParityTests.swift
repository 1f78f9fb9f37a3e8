import PMBoardBytes
import PMBoardTestSupport
import Testing

/// The word-at-a-time byte scans against byte-by-byte references, on random bytes of every length up to 40.
@Suite("byte scans against references")
struct ByteScanParityTests {
  @Test func lowercasingHexLettersMatchesAByteLoop() {
    var random = SplitMix64(seed: 13)
    for length in 0...40 {
      for _ in 0..<200 {
        // Bytes around the interesting values: A–F, their neighbours, and high bytes.
        let pool: [UInt8] = [0x40, 0x41, 0x43, 0x46, 0x47, 0x61, 0x66, 0x7F, 0x80, 0xC1, 0xC6, 0xFF, 0x30, 0x2D]
        let bytes = (0..<length).map { _ in pool[Int(random.next() % UInt64(pool.count))] }
        var output = ByteWriter(capacity: 64)
        output.appendStatic("x")
        bytes.withUnsafeBufferPointer { _ = output.appendRef($0) }
        output.lowercaseHexLetters(from: 1)
        let expected = [UInt8(ascii: "x")] + bytes.map { (0x41...0x46).contains($0) ? $0 + 32 : $0 }
        #expect(Array(output.bytes) == expected, "\(bytes)")
      }
    }
  }

  @Test func controlCharacterScanMatchesAByteLoop() {
    var random = SplitMix64(seed: 17)
    // Tab and line feed beside their neighbours (a mask that spilled into the next byte would hide 0x0B).
    let pool: [UInt8] = [
      0x00, 0x08, 0x09, 0x0A, 0x0B, 0x1F, 0x20, 0x41, 0x7E, 0x7F, 0x80, 0x9F, 0xA0, 0xC2, 0xC3, 0xE2, 0xFF,
    ]
    // Up to 80 bytes: x86-64 searches sixteen at a time from 16 on, the last block overlapping the one before.
    for length in 0...80 {
      for lineFeeds in [false, true] {
        for round in 0..<200 {
          // Mostly plain bytes in half the rounds, so that blocks pass with nothing found.
          let bytes = (0..<length).map { _ in
            round % 2 == 0 && random.next() % 8 != 0 ? 0x41 : pool[Int(random.next() % UInt64(pool.count))]
          }
          let expected = Self.firstControl(bytes, allowingLineFeeds: lineFeeds)
          let found = bytes.withUnsafeBufferPointer { ControlCharacters.first(in: $0, allowingLineFeeds: lineFeeds) }
          #expect(found == expected, "\(bytes)")
          let byWords = bytes.withUnsafeBufferPointer {
            ControlCharacters.firstByWords(in: $0, allowingLineFeeds: lineFeeds)
          }
          #expect(byWords == expected, "\(bytes)")
        }
      }
    }
  }

  @Test func specialCharacterScanMatchesAByteLoop() {
    var random = SplitMix64(seed: 23)
    let pool = Array("&<>\"'a9 \n".utf8) + [0x00, 0x7F, 0x80, 0xC2, 0xE2, 0xFF]
    for length in 0...80 {
      for round in 0..<200 {
        let bytes = (0..<length).map { _ in
          round % 2 == 0 && random.next() % 8 != 0 ? 0x41 : pool[Int(random.next() % UInt64(pool.count))]
        }
        let start = length == 0 ? 0 : Int(random.next() % UInt64(length + 1))
        let expected =
          bytes.indices.first { $0 >= start && Array("&<>\"'".utf8).contains(bytes[$0]) } ?? bytes.count
        #expect(bytes.withUnsafeBufferPointer { HTMLEscaper.firstSpecial(in: $0, from: start) } == expected)
        #expect(bytes.withUnsafeBufferPointer { HTMLEscaper.firstSpecialByWords(in: $0, from: start) } == expected)
      }
    }
  }

  /// Escaping, which jumps from one special byte to the next, against swift-mustache's `Character` by `Character`
  /// replacement, on texts long enough for the sixteen-byte search, with specials that a combining mark joins.
  @Test func escapingMatchesCharacterReplacement() {
    var random = SplitMix64(seed: 29)
    let pieces = ["&", "<", ">", "\"", "'", "a", "bc", " ", "한", "é", "<\u{338}", "\u{301}", "'\u{301}", "日本", "x&y"]
    for _ in 0..<5_000 {
      let text = (0..<Int(random.next() % 40)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
      var output = ByteWriter(capacity: 16)
      HTMLEscaper.appendEscaped(text, into: &output)
      let expected = text.map { character -> String in
        switch character {
        case "&": "&amp;"
        case "<": "&lt;"
        case ">": "&gt;"
        case "\"": "&quot;"
        case "'": "&#39;"
        default: String(character)
        }
      }.joined()
      #expect(String(decoding: output.bytes, as: UTF8.self) == expected, "\(Array(text.unicodeScalars))")
    }
  }

  static func firstControl(_ bytes: [UInt8], allowingLineFeeds: Bool) -> UInt32? {
    for (index, byte) in bytes.enumerated() {
      if byte < 0x20, byte != 0x09, byte != 0x0A || !allowingLineFeeds { return UInt32(byte) }
      if byte == 0x7F { return 0x7F }
      if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
        return UInt32(bytes[index + 1])
      }
    }
    return nil
  }

  enum Word: String, CaseIterable {
    case todo, doing, done, added, removed, eightish, exactly8, nineBytes, considerablyLonger
  }

  @Test func byteNamesMatchRawValues() {
    var random = SplitMix64(seed: 19)
    let names = ByteNames<Word>()
    let pieces = Word.allCases.map { Array($0.rawValue.utf8) } + [[0], [0x74], [0x64, 0x6F], Array("é".utf8)]
    for _ in 0..<20_000 {
      var bytes = pieces[Int(random.next() % UInt64(pieces.count))]
      // A name cut short, run on, or with one byte changed.
      switch random.next() % 4 {
      case 0: bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count + 1))))
      case 1: bytes += pieces[Int(random.next() % UInt64(pieces.count))]
      case 2 where !bytes.isEmpty: bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(random.next() % 256)
      default: break
      }
      let found = bytes.withUnsafeBufferPointer { names.value($0) }
      #expect(found == Word(rawValue: String(decoding: bytes, as: UTF8.self)), "\(bytes)")
    }
  }
}
