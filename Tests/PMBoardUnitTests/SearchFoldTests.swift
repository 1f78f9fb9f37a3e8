import Foundation
import PMBoardBytes
import PMBoardTestSupport
import Testing

@testable import PMBoardSite

/// The search index's folding (`SearchFold`: NFKC, full case folding, a U+0307 after `i` dropped) against the
/// vectors `Public/search.js` is held to as well (`Tests/Scripts/search_fold_check.js`), so the sentences the index
/// stores folded and the query the script folds meet.
@Suite struct SearchFoldTests {
  struct Vector: Decodable {
    let text: String
    let folded: String
    let `case`: String
  }

  static let vectors: [Vector] = {
    let url = Golden.repositoryRoot.appendingPathComponent("Tests/Scripts/fixtures/search/fold-vectors.json")
    struct File: Decodable { let vectors: [Vector] }
    return (try? JSONDecoder().decode(File.self, from: Data(contentsOf: url)).vectors) ?? []
  }()

  static func hex(_ text: String) -> String {
    text.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
  }

  @Test func everySharedVectorFoldsAsItSays() {
    #expect(Self.vectors.count >= 400)
    for vector in Self.vectors {
      let folded = SearchFold.fold(vector.text)
      #expect(
        folded.unicodeScalars.elementsEqual(vector.folded.unicodeScalars),
        "\(vector.case): \(Self.hex(folded)), not \(Self.hex(vector.folded))")
    }
  }

  /// The shortcut for text that only loses its ASCII capitals takes no character that the full fold changes.
  @Test func everyInertCharacterFoldsToItself() {
    var changed: [String] = []
    // Every one, but in the blocks of Hangul syllables and CJK ideographs (alike through and through) a sample.
    let blocks: [ClosedRange<UInt32>] = [0x4E00...0x9FFF, 0xAC00...0xD7A3]
    for value in UInt32(0x80)...0xFFFF where SearchFold.isInert(value) {
      if let block = blocks.first(where: { $0.contains(value) }),
        value != block.lowerBound && value != block.upperBound && value % 61 != 0
      {
        continue
      }
      guard let scalar = Unicode.Scalar(value) else { continue }
      let alone = String(Character(scalar))
      // Alone, and after the letters a composing pair starts with (a Hangul syllable, a kana, a Latin letter).
      for text in [alone, "가" + alone, "カ" + alone, "e" + alone] where SearchFold.foldInFull(text) != text {
        changed.append(Self.hex(text))
      }
    }
    #expect(changed.isEmpty, "\(changed.prefix(5))")
  }

  @Test func casesMeetThatLowerCaseKeptApart() {
    #expect(SearchFold.fold("straße") == SearchFold.fold("STRASSE"))
    #expect(SearchFold.fold("İstanbul").unicodeScalars.elementsEqual("istanbul".unicodeScalars))
    #expect(SearchFold.fold("ﾛｸﾞｲﾝ").unicodeScalars.elementsEqual("ログイン".unicodeScalars))
  }

  /// The index writes a sentence folded: copied as it is when it has no capital and no byte above ASCII.
  @Test func theIndexWritesSentencesFolded() {
    var builder = ArenaBuilder()
    var refs: [RawRef] = []
    for sentence in ["plain words.", "See the Spec.", "Straße \"quoted\".", "İstanbul"] {
      refs.append(builder.text(sentence).raw)
    }
    let arena = builder.finish()
    let written = refs.map { ref in
      var out = ByteWriter(capacity: 64)
      SearchFold.appendFolded(ref, in: arena, text: ArenaBytes(arena), to: &out)
      return out.withPendingBytes { span in String(decoding: (0..<span.count).map { span[$0] }, as: UTF8.self) }
    }
    #expect(written == ["plain words.", "see the spec.", "strasse \\\"quoted\\\".", "istanbul"])
  }
}
