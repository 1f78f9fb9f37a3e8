import Foundation
import PMBoardCore
import PMBoardTestSupport
import Testing

@testable import PMBoardSite

/// The site reads a task's stored values member by member, each distinct member parsed once (``StoredMembers``):
/// on random texts, respelled ones, random mutations of them and the hand-written edge cases, that reading finds
/// the values `FieldValues(storedText:)` finds in the whole text (the last of a field given twice), and refuses
/// what it refuses.
struct StoredMembersTests {
  /// The values of `text` as the site reads them: split into members, each parsed alone, the last one per field.
  static func memberwise(_ text: String) -> FieldValues? {
    let bytes = Array(text.utf8)
    let span = bytes.span
    guard let ranges = StoredMembers.memberRanges(of: span) else { return nil }
    var values: [UUID: FieldValue] = [:]
    for (range, _) in ranges {
      guard let (_, id, value) = StoredMembers.parse(span, range) else { return nil }
      values[id] = value
    }
    return FieldValues(values)
  }

  @Test func randomAndRespelledTextsReadAsAWhole() {
    var random = SplitMix64(seed: 61)
    for _ in 0..<FieldValuesParsingTests.rounds {
      let values = FieldValuesParsingTests.randomValues(&random)
      #expect(Self.memberwise(values.storedText) == values, "\(values.storedText.debugDescription)")
      let respelled = FieldValuesParsingTests.respelled(values, &random)
      #expect(Self.memberwise(respelled) == values, "\(respelled.debugDescription)")
    }
  }

  @Test func mutationsAreReadOrRefusedAsAWhole() {
    var random = SplitMix64(seed: 62)
    var answers = (accepted: 0, refused: 0)
    for round in 0..<FieldValuesParsingTests.rounds * 5 {
      let values = FieldValuesParsingTests.randomValues(&random)
      var bytes = Array(
        (round.isMultiple(of: 2) ? values.storedText : FieldValuesParsingTests.respelled(values, &random)).utf8)
      for _ in 0...random.below(3) { FieldValuesParsingTests.mutate(&bytes, &random) }
      let text = String(decoding: bytes, as: UTF8.self)
      let whole = FieldValues(storedText: text)
      #expect(Self.memberwise(text) == whole, "\(text.debugDescription)")
      if whole == nil { answers.refused += 1 } else { answers.accepted += 1 }
    }
    #expect(
      answers.accepted > FieldValuesParsingTests.rounds / 2 && answers.refused > FieldValuesParsingTests.rounds / 2)
  }

  @Test func edgeCasesAreReadAsAWhole() {
    for (text, _) in FieldValuesParsingTests.edgeCases {
      #expect(Self.memberwise(text) == FieldValues(storedText: text), "\(text.debugDescription)")
    }
    // Commas and braces inside strings, a byte order mark, and empty texts.
    let id = FieldValuesParsingTests.id
    for text in [
      "", "{}", " { } ", "\u{FEFF}{\"\(id)\":{\"text\":\"a,}b\"}}", "{\"\(id)\":{\"names\":[\"x]\",\"{y\"]}}",
      "{\"\(id)\":{\"text\":\"q\\\"},\"}}", "{,}", "{\"\(id)\":{\"text\":\"a\"},}", "{\"\(id)\":{\"text\":\"a\"}} x",
    ] {
      #expect(Self.memberwise(text) == FieldValues(storedText: text), "\(text.debugDescription)")
    }
  }
}
