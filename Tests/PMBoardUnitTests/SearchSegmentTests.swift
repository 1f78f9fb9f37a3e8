import PMBoardBytes
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
}
