import Foundation
import PMBoardBytes
import PMBoardCore

/// A task's stored field values (``FieldValues/storedText``) read member by member, each distinct member
/// (`"<field id>":{"option":"…"}`) parsed once a build and remembered by its bytes: a board's tasks share a few
/// hundred members (each option of each field, the common numbers and days), and parsing every task's text into
/// strings, then looking each up by string, was 16 % of the CPU of a lean build of 100,000 imported items with
/// eight fields (docs/performance.md).
struct StoredMembers {
  /// What one distinct member gives a card: its field's place (``NameCollector`` numbers name fields, then value
  /// fields) and its names (by slot, ``slotNames``) or its value's text; a member the board shows nothing of
  /// (an undeclared field, an option the field no longer has, a value of another type) has `place` -1.
  struct Member {
    var place: Int
    var slots: [Int] = []
    var text: TextRef?
  }

  private var byHash: [UInt64: [Int32]] = [:]
  private var memberBytes: [[UInt8]] = []
  private(set) var members: [Member] = []
  /// Each distinct name of a declared field once, by slot: its text and field, and its number among the cards'
  /// names once a card shows it (-1 before), given in the order cards show them, as before this memo.
  private(set) var slotNames: [(text: String, field: Int)] = []
  var slotNumbers: [Int32] = []
  private var slotsByName: [[String: Int]]

  init(fieldCount: Int) {
    slotsByName = Array(repeating: [:], count: fieldCount)
  }

  /// The member of `text` at `range`, whose bytes hash to `hash` (``memberRanges(of:)``), when it was read before.
  func known(_ text: Span<UInt8>, _ range: Range<Int>, hash: UInt64) -> Int32? {
    byHash[hash]?.first { same(memberBytes[Int($0)], text, range) }
  }

  /// The member of `text` at `range` parsed as the object of that one member, by the same reader (so by the same
  /// rules) as a whole text, with its bytes; nil when it is not a member.
  static func parse(_ text: Span<UInt8>, _ range: Range<Int>) -> (bytes: [UInt8], id: UUID, value: FieldValue)? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(range.count)
    for index in range { bytes.append(text[index]) }
    guard let one = FieldValues(storedText: "{" + String(decoding: bytes, as: UTF8.self) + "}"),
      let (id, value) = one.byField.first
    else { return nil }
    return (bytes, id, value)
  }

  /// Remembers `member`, read from `bytes`, under `hash`; its number.
  mutating func remember(_ member: Member, bytes: [UInt8], hash: UInt64) -> Int32 {
    let number = Int32(members.count)
    members.append(member)
    memberBytes.append(bytes)
    byHash[hash, default: []].append(number)
    return number
  }

  /// The slot of name `text` of field `field`, made when new.
  mutating func slot(_ text: String, field: Int) -> Int {
    if let known = slotsByName[field][text] { return known }
    let slot = slotNames.count
    slotNames.append((text, field))
    slotNumbers.append(-1)
    slotsByName[field][text] = slot
    return slot
  }

  private func same(_ known: [UInt8], _ text: Span<UInt8>, _ range: Range<Int>) -> Bool {
    guard known.count == range.count else { return false }
    for offset in 0..<known.count where known[offset] != text[range.lowerBound + offset] { return false }
    return true
  }

  /// The byte ranges of the members of a JSON object, split at the commas outside strings, arrays and inner
  /// objects, each with a hash of its bytes: `{` (after a UTF-8 byte order mark and whitespace), members, `}`,
  /// whitespace. Nil for anything else (a member's own syntax is its parse's to check); an empty text has none.
  /// A member keeps the whitespace around it, which its parse skips.
  static func memberRanges(of text: Span<UInt8>) -> [(range: Range<Int>, hash: UInt64)]? {
    var offset = text.count >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF ? 3 : 0
    while offset < text.count, isSpace(text[offset]) { offset += 1 }
    guard offset < text.count else { return text.count == 0 ? [] : nil }
    guard text[offset] == UInt8(ascii: "{") else { return nil }
    offset += 1
    var members: [(range: Range<Int>, hash: UInt64)] = []
    var (start, depth, blank) = (offset, 0, true)
    while offset < text.count {
      let byte = text[offset]
      offset += 1
      switch byte {
      case UInt8(ascii: "\""):
        blank = false
        // To the closing quote, past escaped ones.
        var escaped = false
        while offset < text.count {
          let inner = text[offset]
          offset += 1
          if escaped {
            escaped = false
          } else if inner == UInt8(ascii: "\\") {
            escaped = true
          } else if inner == UInt8(ascii: "\"") {
            break
          }
        }
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        (depth, blank) = (depth + 1, false)
      case UInt8(ascii: "]"):
        guard depth > 0 else { return nil }
        depth -= 1
      case UInt8(ascii: "}") where depth > 0:
        depth -= 1
      case UInt8(ascii: ","), UInt8(ascii: "}"):
        // A comma inside a value; else the member's end.
        guard depth == 0 else { continue }
        if blank {
          // Only `{}` (or `{ }`) may be blank: an empty member is an error.
          guard byte == UInt8(ascii: "}"), members.isEmpty else { return nil }
        } else {
          let range = start..<offset - 1
          members.append((range, hash(of: text, range)))
        }
        guard byte == UInt8(ascii: ",") else {
          while offset < text.count, isSpace(text[offset]) { offset += 1 }
          return offset == text.count ? members : nil
        }
        (start, blank) = (offset, true)
      default:
        if !isSpace(byte) { blank = false }
      }
    }
    return nil
  }

  /// FNV-1a of the bytes of `text` in `range`.
  private static func hash(of text: Span<UInt8>, _ range: Range<Int>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for index in range { hash = (hash ^ UInt64(text[index])) &* 0x0000_0100_0000_01b3 }
    return hash
  }

  /// JSON's whitespace: space, tab, line feed, carriage return.
  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}
