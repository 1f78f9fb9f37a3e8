import Foundation
import PMBoardCore
import PMBoardTestSupport
import Testing

/// `FieldValues(storedText:)` reads by hand what `JSONSerialization` read before (FieldValues+Parsing.swift): random
/// values come back whole, and on their texts, those texts spelled otherwise, random mutations of them and
/// hand-written edge cases it answers as the old reader (``reference(_:)``) did, but for the differences its doc
/// comment lists.
struct FieldValuesParsingTests {
  static let rounds = 2_000
  static let id = "0f8fad5b-d9cb-469f-a165-70867728950e"

  @Test func randomValuesComeBackWhole() {
    var random = SplitMix64(seed: 58)
    for _ in 0..<Self.rounds {
      let values = Self.randomValues(&random)
      let text = values.storedText
      #expect(FieldValues(storedText: text) == values, "\(text.debugDescription)")
      #expect(Self.reference(text) == values, "\(text.debugDescription)")
      let respelled = Self.respelled(values, &random)
      #expect(FieldValues(storedText: respelled) == values, "\(respelled.debugDescription)")
      #expect(Self.reference(respelled) == values, "\(respelled.debugDescription)")
    }
  }

  @Test func mutationsAgreeWithJSONSerialization() {
    var random = SplitMix64(seed: 59)
    var answers = (accepted: 0, refused: 0)
    for round in 0..<Self.rounds * 5 {
      let values = Self.randomValues(&random)
      var bytes = Array((round.isMultiple(of: 2) ? values.storedText : Self.respelled(values, &random)).utf8)
      for _ in 0...random.below(3) { Self.mutate(&bytes, &random) }
      let text = String(decoding: bytes, as: UTF8.self)
      let parsed = FieldValues(storedText: text)
      #expect(parsed == Self.reference(text), "\(text.debugDescription)")
      if parsed == nil { answers.refused += 1 } else { answers.accepted += 1 }
    }
    // The mutations lead to both answers, often.
    #expect(answers.accepted > Self.rounds / 2 && answers.refused > Self.rounds / 2, "\(answers)")
  }

  /// Numbers as a hand-edited store may hold them: the same answers as ``FieldRules/number(_:)``.
  @Test func numbersAreReadAsFieldRulesReadsThem() throws {
    var random = SplitMix64(seed: 60)
    let field = try #require(UUID(text: Self.id))
    let alphabet = Array("0000123456789..--+ e")
    for _ in 0..<Self.rounds {
      let number = String((0..<random.below(8)).map { _ in alphabet[random.below(alphabet.count)] })
      let text = "{\"\(Self.id)\":{\"number\":\"\(number)\"}}"
      let expected = FieldRules.number(number).map { FieldValues([field: .number($0)]) }
      #expect(FieldValues(storedText: text) == expected, "\(number.debugDescription)")
      #expect(Self.reference(text) == expected, "\(number.debugDescription)")
    }
  }

  /// `<id>` stands for a field id, `<ID>` for it in capitals.
  static let edgeCases = writtenEdgeCases.map { (withID($0.text), $0.accepted) }

  static let writtenEdgeCases: [(text: String, accepted: Bool)] = [
    ("", true), ("{}", true), (" \n\t{ \"<id>\" :\r\n{ \"text\" : \"x\" } } \r\n", true),
    (#"{"<id>":{"text":"\u00e9\u00E9\ud83d\ude00\uD83D\uDE00"}}"#, true),
    (#"{"<id>":{"text":"\"\\\/\b\f\n\r\t\u0000"}}"#, true), ("{\"<id>\":{\"text\":\"\u{2028}\u{7F}é😀\"}}", true),
    (#"{"<ID>":{"option":"1a2b3c4d"}}"#, true), (#"{"<id>":{"names":["b","a","b"]}}"#, true),
    (#"{"<id>":{"names":[ ]}}"#, true), (#"{"<id>":{"number":"03.50"}}"#, true),
    (#"{"<id>":{"number":" -2 "}}"#, true), (#"{"<id>":{"date":"2026-12-01"}}"#, true),
    (#"{"<id>":{"\u0074ext":"x"}}"#, true), (#"{"<id>":{"text":"a","text":"b"}}"#, true),
    (#"{"<id>":{"text":"a"},"<id>":{"number":"1"}}"#, true), ("\u{FEFF}{}", true),
    (" ", false), ("[]", false), ("null", false), ("\"\"", false), ("{", false), ("{}}", false), ("{} x", false),
    ("{}{}", false), ("{}\u{0}", false), ("\u{0B}{}", false), ("\u{A0}{}", false), ("\u{FEFF}\u{FEFF}{}", false),
    (" \u{FEFF}{}", false), (#"{"<id>":{"text":"x"},}"#, false), (#"{"<id>":{"names":["a",]}}"#, false),
    (#"{,"<id>":{"text":"x"}}"#, false), (#"{"<id>":{"text":"x"}"#, false), (#"{"<id>":{"text":"x"}}}"#, false),
    (#"{"<id>" {"text":"x"}}"#, false), (#"{"<id>":{"text":"x"} "<id>":{"text":"y"}}"#, false),
    (#"{"<id>":{"text":"x","number":"1"}}"#, false), (#"{"<id>":{}}"#, false), (#"{"<id>":{"text":1}}"#, false),
    (#"{"<id>":{"text":null}}"#, false), (#"{"<id>":{"names":["a",1]}}"#, false),
    (#"{"<id>":{"names":[["a"]]}}"#, false), (#"{"<id>":{"names":"a"}}"#, false),
    (#"{"<id>":{"colour":"x"}}"#, false), (#"{"<id>":{"Text":"x"}}"#, false), (#"{"<id>":"x"}"#, false),
    (#"{"<id>":[]}"#, false), (#"{"not-a-field-id":{"text":"x"}}"#, false), (#"{"<id>x":{"text":"x"}}"#, false),
    (#"{'<id>':{"text":"x"}}"#, false), (#"{"<id>":{"number":"1e3"}}"#, false),
    (#"{"<id>":{"number":""}}"#, false), (#"{"<id>":{"date":"2026-02-30"}}"#, false),
    (#"{"<id>":{"date":"2026-2-3"}}"#, false), (#"{"<id>":{"date":" 2026-12-01"}}"#, false),
    (#"{"<id>":{"text":"\ud83d"}}"#, false), (#"{"<id>":{"text":"\ude00\ud83d"}}"#, false),
    (#"{"<id>":{"text":"\ud83dx"}}"#, false), (#"{"<id>":{"text":"\ud83d\u0041"}}"#, false),
    (#"{"<id>":{"text":"\x"}}"#, false), (#"{"<id>":{"text":"\U00e9"}}"#, false),
    (#"{"<id>":{"text":"\u00g0"}}"#, false), (#"{"<id>":{"text":"\u00e"}}"#, false),
    (#"{"<id>":{"text":"\"#, false), ("{\"<id>\":{\"text\":\"\u{1}\"}}", false),
    ("{\"<id>\":{\"text\":\"a\tb\"}}", false), ("{\"<id>\":{\"text\":\"a\nb\"}}", false),
  ]

  @Test(arguments: edgeCases)
  func edgeCase(_ text: String, _ accepted: Bool) {
    let parsed = FieldValues(storedText: text)
    #expect((parsed != nil) == accepted, "\(text.debugDescription)")
    #expect(parsed == Self.reference(text), "\(text.debugDescription)")
  }

  @Test func escapesSpellWhatTheyStandFor() throws {
    let field = try #require(UUID(text: Self.id))
    let text = Self.withID(#"{"<id>":{"text":"\"\\\/\b\f\n\r\t\u0000\u00e9\u00C9\ud83d\ude00"}}"#)
    #expect(FieldValues(storedText: text)?[field] == .text("\"\\/\u{8}\u{C}\n\r\t\u{0}éÉ😀"))
  }

  /// Where the reader and `JSONSerialization` part, as its doc comment says.
  @Test func differencesFromJSONSerialization() throws {
    let texts = [
      #"{"<id>":{"text":"x"},}"#, #"{"<id>":{"text":1,"text":"a"}}"#,
      #"{"<id>":{"number":"x"},"<id>":{"text":"a"}}"#,
    ].map(Self.withID)
    for text in texts {
      #expect(FieldValues(storedText: text) == nil, "\(text)")
      #expect(Self.jsonSerializationReader(text) != nil, "\(text)")
    }
    let field = try #require(UUID(text: Self.id))
    let bom = Self.withID("{\"<id>\":{\"text\":\"\u{FEFF}x\"}}")
    #expect(FieldValues(storedText: bom)?[field] == .text("\u{FEFF}x"))
    #expect(Self.jsonSerializationReader(bom)?[field] == .text("x"))
  }

  static func withID(_ text: String) -> String {
    text.replacingOccurrences(of: "<id>", with: id).replacingOccurrences(of: "<ID>", with: id.uppercased())
  }

  // MARK: - The reference

  /// The reader as it was before the hand-written one, `JSONSerialization`'s tree checked member by member, but
  /// refusing a comma before `}` or `]`, which `JSONSerialization` on Linux takes and the reader does not, and
  /// given each U+FEFF in a string as `\uFEFF`, which means the same: `JSONSerialization` drops one that starts a
  /// string (as a byte order mark), which the reader keeps.
  static func reference(_ text: String) -> FieldValues? {
    var (respelled, inString, escaped) = ("", false, false)
    for scalar in text.unicodeScalars {
      if inString && !escaped && scalar == "\u{FEFF}" {
        respelled += "\\uFEFF"
      } else {
        respelled.unicodeScalars.append(scalar)
      }
      if inString {
        (inString, escaped) = (escaped || scalar != "\"", !escaped && scalar == "\\")
      } else {
        inString = scalar == "\""
      }
    }
    guard let values = jsonSerializationReader(respelled), !hasTrailingComma(text) else { return nil }
    return values
  }

  /// `FieldValues(storedText:)` as it was.
  static func jsonSerializationReader(_ text: String) -> FieldValues? {
    guard !text.isEmpty else { return FieldValues() }
    guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return nil }
    var values: [UUID: FieldValue] = [:]
    for (key, tagged) in object {
      guard let field = UUID(text: key), let member = tagged as? [String: Any], member.count == 1,
        let value = value(of: member)
      else { return nil }
      values[field] = value
    }
    return FieldValues(values)
  }

  private static func value(of member: [String: Any]) -> FieldValue? {
    if let text = member["text"] as? String { return .text(text) }
    if let number = member["number"] as? String { return FieldRules.number(number).map(FieldValue.number) }
    if let day = member["date"] as? String { return CalendarDate(iso: day).map(FieldValue.date) }
    if let id = member["option"] as? String { return .option(id) }
    if let names = member["names"] as? [Any] {
      let strings = names.compactMap { $0 as? String }
      return strings.count == names.count ? .names(NameSet(strings)) : nil
    }
    return nil
  }

  /// Whether a text `JSONSerialization` took has a comma before `}` or `]`, outside its strings.
  static func hasTrailingComma(_ text: String) -> Bool {
    var (inString, escaped, last) = (false, false, Unicode.Scalar(" "))
    for scalar in text.unicodeScalars {
      if inString {
        (inString, escaped) = (escaped || scalar != "\"", !escaped && scalar == "\\")
        continue
      }
      if (scalar == "}" || scalar == "]") && last == "," { return true }
      if scalar == "\"" { inString = true }
      if ![" ", "\t", "\n", "\r"].contains(scalar) { last = scalar }
    }
    return false
  }

  // MARK: - Random values, texts and mutations

  static func randomValues(_ random: inout SplitMix64) -> FieldValues {
    var values = FieldValues()
    for _ in 0..<random.below(7) { values[randomID(&random)] = randomValue(&random) }
    return values
  }

  static func randomID(_ random: inout SplitMix64) -> UUID {
    let (a, b) = (random.next(), random.next())
    func byte(_ word: UInt64, _ index: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: word >> (8 * index)) }
    return UUID(
      uuid: (
        byte(a, 0), byte(a, 1), byte(a, 2), byte(a, 3), byte(a, 4), byte(a, 5), byte(a, 6), byte(a, 7),
        byte(b, 0), byte(b, 1), byte(b, 2), byte(b, 3), byte(b, 4), byte(b, 5), byte(b, 6), byte(b, 7)
      ))
  }

  static func randomValue(_ random: inout SplitMix64) -> FieldValue {
    switch random.below(5) {
    case 0: return .text(randomText(&random))
    case 1:
      let digits = String((0..<1 + random.below(12)).map { _ in Array("0123456789.")[random.below(11)] })
      return .number(FieldRules.number((random.below(3) == 0 ? "-" : "") + digits) ?? "0")
    case 2: return .date(CalendarDate(daysSinceEpoch: -719_162 + random.below(3_652_059)))
    case 3: return .option(random.below(2) == 0 ? String(random.next() & 0xFFFF_FFFF, radix: 16) : randomText(&random))
    default: return .names(NameSet((0..<random.below(4)).map { _ in randomText(&random) }))
    }
  }

  /// Scalars from ASCII, JSON's specials (quote, backslash, slash, control characters), Latin-1, combining marks,
  /// Hangul, kana, CJK, emoji, line separators, the byte order mark and the supplementary planes.
  static let scalarRanges: [ClosedRange<UInt32>] = [
    0x20...0x7E, 0x20...0x7E, 0x00...0x1F, 0x22...0x22, 0x5C...0x5C, 0x2F...0x2F, 0x7F...0xFF, 0x300...0x36F,
    0xAC00...0xD7A3, 0x3040...0x30FF, 0x4E00...0x9FFF, 0x1F300...0x1F64F, 0x2028...0x2029, 0xFEFF...0xFEFF,
    0x10000...0x10FFFF,
  ]

  static func randomText(_ random: inout SplitMix64) -> String {
    var text = ""
    for _ in 0..<random.below(16) {
      let range = scalarRanges[random.below(scalarRanges.count)]
      let value = range.lowerBound + UInt32(random.below(Int(range.upperBound - range.lowerBound) + 1))
      text.unicodeScalars.append(Unicode.Scalar(value) ?? "?")
    }
    return text
  }

  /// `values`' text spelled otherwise, as valid JSON: members in another order, ids in either case, whitespace
  /// between tokens, and string characters written as `\uXXXX` (pairs beyond the BMP) or `\/`.
  static func respelled(_ values: FieldValues, _ random: inout SplitMix64) -> String {
    var members = values.map { field, value in
      let member = FieldValues([field: value]).storedText.dropFirst().dropLast()
      return random.below(2) == 0 ? String(member) : "\"\(field.uuidString)\"" + member.dropFirst(38)
    }
    members.shuffle(using: &random)
    let text = values.isEmpty ? "{}" : "{" + members.joined(separator: ",") + "}"
    var out = whitespace(&random)
    var (inString, afterBackslash, hexDigitsLeft) = (false, false, 0)
    for scalar in text.unicodeScalars {
      if !inString {
        out.unicodeScalars.append(scalar)
        if scalar == "\"" { inString = true } else { out += whitespace(&random) }
      } else if afterBackslash {
        out.unicodeScalars.append(scalar)
        (afterBackslash, hexDigitsLeft) = (false, scalar == "u" ? 4 : 0)
      } else if hexDigitsLeft > 0 {
        out.unicodeScalars.append(random.below(2) == 0 ? upper(scalar) : scalar)
        hexDigitsLeft -= 1
      } else if scalar == "\\" || scalar == "\"" {
        out.unicodeScalars.append(scalar)
        (inString, afterBackslash) = (scalar == "\\", scalar == "\\")
        if !inString { out += whitespace(&random) }
      } else {
        if random.below(4) == 0 { out += escape(scalar, &random) } else { out.unicodeScalars.append(scalar) }
      }
    }
    return out
  }

  static func upper(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    ("a"..."f").contains(scalar) ? Unicode.Scalar(scalar.value - 32) ?? scalar : scalar
  }

  static func whitespace(_ random: inout SplitMix64) -> String {
    ["", "", "", " ", "\n", "\t", "\r\n", "  "][random.below(8)]
  }

  static func escape(_ scalar: Unicode.Scalar, _ random: inout SplitMix64) -> String {
    if scalar == "/" && random.below(2) == 0 { return "\\/" }
    let units = scalar.utf16.map { String($0, radix: 16, uppercase: random.below(2) == 0) }
    return units.map { "\\u" + String(repeating: "0", count: 4 - $0.count) + $0 }.joined()
  }

  static let snippets = [
    "\"", "\\", ",", ":", "{", "}", "[", "]", " ", "\n", "\t", "\u{1}", "\u{0}", "\u{7F}", "\\u00e9", "\\ud83d",
    "\\ude00", "\\ud83d\\ude00", "\\u", "\\x", "\\n", "0", "-", ".", "e", "1", "\"text\"", "\"number\"",
    "\"names\"", "\"date\"", "\"option\"", "null", "true", "\u{FEFF}", "\u{0B}", "é", "😀", ",}", "\"\":\"\"",
  ].map { Array($0.utf8) }

  /// One random change of `bytes`: a few deleted, a snippet put in or over them, a stretch repeated elsewhere,
  /// or a letter's case flipped.
  static func mutate(_ bytes: inout [UInt8], _ random: inout SplitMix64) {
    let at = random.below(bytes.count + 1)
    let length = min(bytes.count - at, 1 + random.below(4))
    let snippet = snippets[random.below(snippets.count)]
    switch random.below(5) {
    case 0: bytes.removeSubrange(at..<at + length)
    case 1: bytes.insert(contentsOf: snippet, at: at)
    case 2: bytes.replaceSubrange(at..<at + length, with: snippet)
    case 3:
      let stretch = bytes[at..<min(bytes.count, at + random.below(60))]
      bytes.insert(contentsOf: stretch, at: random.below(bytes.count + 1))
    default:
      guard at < bytes.count, (0x41...0x5A).contains(bytes[at] & 0xDF) else { return }
      bytes[at] ^= 0x20
    }
  }
}
