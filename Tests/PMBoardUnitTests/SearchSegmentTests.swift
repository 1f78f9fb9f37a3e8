import PMBoardBytes
import PMBoardTestSupport
import Testing

@testable import PMBoardSite

/// How the search index cuts a body into the sentences it stores once (`SearchIndex.segments`), and the rule the
/// browser test's oracle (`search_check.py`) recomputes.
@Suite struct SearchSegmentTests {
  static func pieces(_ body: String) -> [String] {
    var writer = ArenaBuilder()
    let ref = writer.text(body).raw
    let arena = writer.finish()
    var found: [RawRef] = []
    SearchIndex.segments(of: ref, in: arena, into: &found)
    return found.map { arena.string($0) }
  }

  @Test func linesAndSentencesEndPieces() {
    #expect(Self.pieces("One. Two! Three? Four") == ["One.", "Two!", "Three?", "Four"])
    #expect(Self.pieces("a\nb\n\n c ") == ["a", "b", "c"])
    #expect(Self.pieces("完了。次へ！本当？うん") == ["完了。", "次へ！", "本当？", "うん"])
    #expect(Self.pieces("v1.2 and https://a.org/x.y stay whole.") == ["v1.2 and https://a.org/x.y stay whole."])
    #expect(Self.pieces("") == [] && Self.pieces(" \n\t ") == [])
  }

  @Test func everyLengthOfPieceIsCut() {
    // Pieces of every length up to and past a word of eight bytes.
    for length in 1...20 {
      let word = String(repeating: "x", count: length)
      #expect(Self.pieces("\(word). \(word)\n가") == ["\(word).", word, "가"], "\(length)")
    }
  }

  /// The cut passes most bytes by one look in a table of the bytes that may end a piece: against the cut that
  /// tests every byte, on random bodies of the stops, letters that share bytes with them (`가`, `〇`, `、`, `ｼ`,
  /// `ｻ`, `ｽ`), kana, spaces and line breaks.
  @Test func cutMatchesAByteByByteCut() {
    var random = SplitMix64(seed: 61)
    let parts = [
      "a", "Z", " ", "\t", "\n", "\r", ".", "!", "?", "。", "！", "？", "가", "〇", "、", "ｼ", "ｻ", "ｽ", "か", "ア", "한",
      "...", "x.y", "😀", "\u{FF01}", "\u{FF1F}", "\u{3002}",
    ]
    for _ in 0..<6000 {
      let body = (0..<Int(random.next() % 24)).map { _ in parts[Int(random.next() % UInt64(parts.count))] }.joined()
      #expect(Self.pieces(body) == Self.byteByByte(body), "\(Array(body.utf8))")
    }
  }

  /// The cut as it was first written: every byte looked at.
  static func byteByByte(_ body: String) -> [String] {
    let bytes = Array(body.utf8)
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    var pieces: [String] = []
    func add(_ low: Int, _ high: Int) {
      var (low, high) = (low, high)
      while low < high, isSpace(bytes[low]) { low += 1 }
      while high > low, isSpace(bytes[high - 1]) { high -= 1 }
      if high > low { pieces.append(String(decoding: bytes[low..<high], as: UTF8.self)) }
    }
    var (start, index) = (0, 0)
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x0A {
        add(start, index)
        (start, index) = (index + 1, index + 1)
        continue
      }
      var end = -1
      if byte == 0x2E || byte == 0x21 || byte == 0x3F, index + 1 == bytes.count || isSpace(bytes[index + 1]) {
        end = index + 1
      } else if index + 2 < bytes.count {
        let three = Array(bytes[index..<index + 3])
        if three == [0xE3, 0x80, 0x82] || three == [0xEF, 0xBC, 0x81] || three == [0xEF, 0xBC, 0x9F] {
          end = index + 3
        }
      }
      if end < 0 {
        index += 1
      } else {
        add(start, end)
        (start, index) = (end, end)
      }
    }
    add(start, bytes.count)
    return pieces
  }
}
