import Foundation
import PMBoardBytes
import PMBoardCore
import PMBoardStore
import PMBoardTestSupport
import Testing

/// A snapshot reads a history entry's stored changes with `JSONScanner` (`ValueChange.described(stored:)`): the
/// same words as `JSONDecoder`'s reading (`ValueChange.list(storedText:)`) on random lists, their texts respelled
/// by hand, random mutations of both and hand-written edge cases.
struct ValueChangeScanningTests {
  static func scanned(_ text: String) -> String {
    Array(text.utf8).withReadView { ValueChange.described(stored: $0) }
  }

  static func decoded(_ text: String) -> String {
    ValueChange.described(ValueChange.list(storedText: text) ?? [])
  }

  static func randomChanges(_ random: inout SplitMix64) -> [ValueChange] {
    let words = ["", "P1", "P0 <now> & \"x\"", "로그인", "a\\b", "3.5", "2026-12-15", "x\ny", "\u{1F600}"]
    return (0..<random.below(4)).map { index in
      ValueChange(
        field: UUID(
          uuid: (UInt8(index), 1, 2, 3, 4, 5, 0x40, 7, 0x80, 9, 10, 11, 12, 13, 14, UInt8(random.below(200)))),
        key: ["priority", "estimate", "team", "name.ko"][random.below(4)],
        before: words[random.below(words.count)], after: words[random.below(words.count)])
    }
  }

  @Test func randomListsAndTheirMutationsReadAsTheDecoderReadsThem() {
    var random = SplitMix64(seed: 63)
    var answers = (described: 0, empty: 0)
    for round in 0..<4_000 {
      let changes = Self.randomChanges(&random)
      let text = ValueChange.storedText(changes)
      #expect(Self.scanned(text) == ValueChange.described(changes), "\(text.debugDescription)")
      var bytes = Array(text.utf8)
      let noise = Array(" ,:[]{}\"n0\\".utf8)
      for _ in 0...random.below(3) where !bytes.isEmpty {
        let at = random.below(bytes.count)
        switch random.below(3) {
        case 0: bytes.remove(at: at)
        case 1: bytes.insert(noise[random.below(noise.count)], at: at)
        default: bytes[at] = noise[random.below(noise.count)]
        }
      }
      guard round.isMultiple(of: 2), let mutated = String(validating: bytes, as: UTF8.self) else { continue }
      let expected = Self.decoded(mutated)
      #expect(Self.scanned(mutated) == expected, "\(mutated.debugDescription)")
      if expected.isEmpty { answers.empty += 1 } else { answers.described += 1 }
    }
    #expect(answers.described > 100 && answers.empty > 100, "\(answers)")
  }

  @Test func editedSpellingsReadAsTheDecoderReadsThem() {
    let id = "0f8fad5b-d9cb-469f-a165-70867728950e"
    for text in [
      "[]", " [ ] ", "[{\"key\":\"p\",\"field\":\"\(id)\"}]", "[{\"field\":\"\(id)\",\"key\":\"p\",\"before\":null}]",
      "[{\"field\":\"\(id)\",\"key\":\"p\",\"extra\":[1,{\"a\":true}],\"after\":\"\\u00e9\"}]",
      "[{\"field\":\"not a uuid\",\"key\":\"p\"}]", "[{\"field\":\"\(id)\"}]", "[{\"field\":\"\(id)\",\"key\":3}]",
      "{}", "[{\"field\":\"\(id)\",\"key\":\"p\"}] x", "[{\"field\":\"\(id)\",\"key\":\"p\",\"after\":\"\\/\"}]",
      "[{\"field\":\"\(id.uppercased())\",\"key\":\"p\",\"after\":\"a\"}]",
    ] {
      #expect(Self.scanned(text) == Self.decoded(text), "\(text.debugDescription)")
    }
  }
}
