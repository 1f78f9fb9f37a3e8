import Foundation

extension FieldValues {
  /// The values a store's text holds (``storedText``), or nil when it is not such a text (a store edited by hand).
  ///
  /// Such a text is empty, or a JSON object (RFC 8259: whitespace between tokens, members in any order, any string
  /// escape) whose every member is a field id (a UUID in either letter case) and an object of one member, the
  /// value tagged with its kind: `{"text":"…"}`, `{"number":"…"}` (read by ``FieldRules/number(_:)``),
  /// `{"date":"YYYY-MM-DD"}`, `{"option":"…"}` or `{"names":["…",…]}`. Anything else, trailing text included, is
  /// nil.
  ///
  /// Read by hand, in one pass over the bytes, because `JSONSerialization`, which read it before, built a tree of
  /// Foundation objects per task: 19–29 % of the samples of a re-import of 100,000 tasks, which now takes 0.81 of
  /// the CPU (docs/performance.md). It accepts what that reader accepted, with these differences
  /// (`FieldValuesParsingTests` holds the two together):
  /// - A key given twice keeps its last value, as `JSONSerialization`'s dictionary did; but the value it replaces
  ///   must be a valid member too (`JSONSerialization` dropped it unread), and a field id given twice in different
  ///   letter cases is one field whose last value wins (there, which one won depended on a dictionary's order).
  /// - A comma before `}` or `]`, which `JSONSerialization` on Linux takes, is refused: it is not JSON.
  /// - A UTF-8 byte order mark before the text is skipped, as `JSONSerialization` skipped it; but a U+FEFF that
  ///   starts a string is kept (`JSONSerialization` dropped it, so such a text did not come back whole).
  public init?(storedText text: String) {
    guard !text.isEmpty else {
      self.init()
      return
    }
    var parser = FieldValuesParser(text)
    guard let values = parser.values() else { return nil }
    self.init(values)
  }
}

/// A reader of ``FieldValues/storedText`` over its UTF-8 bytes: each token read where it stands, no tree between.
private struct FieldValuesParser {
  /// The kinds a value is tagged with, by their key.
  private enum Kind: String, CaseIterable {
    case text, number, date, option, names
  }

  /// A string token as read: the range of its content when it holds no escape, else `escaped` (its text is in
  /// `scratch`).
  private enum StringToken {
    case plain(Range<Int>)
    case escaped
  }

  private let bytes: [UInt8]
  /// The offset of the next byte to read.
  private var offset = 0
  /// What the last string token that held an escape spells, as UTF-8.
  private var scratch: [UInt8] = []

  init(_ text: String) {
    bytes = Array(text.utf8)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
  }

  /// The whole text as one object of field values, or nil.
  mutating func values() -> [UUID: FieldValue]? {
    guard take(.openBrace) else { return nil }
    var values: [UUID: FieldValue] = [:]
    if !take(.closeBrace) {
      repeat {
        guard let field = string().flatMap({ UUID(text: $0) }), take(.colon), let value = taggedValue() else {
          return nil
        }
        values[field] = value
      } while take(.comma)
      guard take(.closeBrace) else { return nil }
    }
    return atEnd() ? values : nil
  }

  /// `{"<kind>":…}`: one kind, given once or more (the last value wins), its value checked.
  private mutating func taggedValue() -> FieldValue? {
    guard take(.openBrace) else { return nil }
    var tagged: (kind: Kind, value: FieldValue)?
    repeat {
      guard let kind = kind(), tagged == nil || tagged?.kind == kind, take(.colon), let value = value(of: kind)
      else { return nil }
      tagged = (kind, value)
    } while take(.comma)
    return take(.closeBrace) ? tagged?.value : nil
  }

  /// The value after a kind's key: a string, or for names an array of strings.
  private mutating func value(of kind: Kind) -> FieldValue? {
    if kind == .names { return names().map { .names(NameSet($0)) } }
    guard let text = string() else { return nil }
    switch kind {
    case .text: return .text(text)
    case .number: return Self.number(text).map(FieldValue.number)
    case .date: return CalendarDate(iso: text).map(FieldValue.date)
    case .option: return .option(text)
    case .names: return nil
    }
  }

  private mutating func names() -> [String]? {
    guard take(.openBracket) else { return nil }
    var names: [String] = []
    if take(.closeBracket) { return names }
    repeat {
      guard let name = string() else { return nil }
      names.append(name)
    } while take(.comma)
    return take(.closeBracket) ? names : nil
  }

  /// A kind's key, compared as bytes.
  private mutating func kind() -> Kind? {
    let name: ArraySlice<UInt8>
    switch stringToken() {
    case .plain(let range)?: name = bytes[range]
    case .escaped?: name = scratch[...]
    case nil: return nil
    }
    return Kind.allCases.first { name.elementsEqual($0.rawValue.utf8) }
  }

  private mutating func string() -> String? {
    switch stringToken() {
    case .plain(let range)?: String(decoding: bytes[range], as: UTF8.self)
    case .escaped?: String(decoding: scratch, as: UTF8.self)
    case nil: nil
    }
  }

  /// The string token after any whitespace. Its ends are ASCII quotes, so a range of it is whole UTF-8.
  private mutating func stringToken() -> StringToken? {
    guard take(.quote) else { return nil }
    let start = offset
    while offset < bytes.count {
      switch bytes[offset] {
      case .quote:
        offset += 1
        return .plain(start..<offset - 1)
      case .backslash:
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: bytes[start..<offset])
        return escapedRest() ? .escaped : nil
      case ..<0x20: return nil
      default: offset += 1
      }
    }
    return nil
  }

  /// The rest of a string token from its first backslash to its closing quote, decoded onto `scratch`.
  private mutating func escapedRest() -> Bool {
    while offset < bytes.count {
      let byte = bytes[offset]
      offset += 1
      switch byte {
      case .quote: return true
      case .backslash:
        guard offset < bytes.count else { return false }
        let escape = bytes[offset]
        offset += 1
        switch escape {
        case .quote, .backslash, .slash: scratch.append(escape)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
          guard let scalar = unicodeEscape() else { return false }
          UTF8.encode(scalar) { scratch.append($0) }
        default: return false
        }
      case ..<0x20: return false
      default: scratch.append(byte)
      }
    }
    return false
  }

  /// The scalar of `\uXXXX` after its `\u`, or of a surrogate pair `\uD83D\uDE00`; nil for a lone surrogate.
  private mutating func unicodeEscape() -> Unicode.Scalar? {
    guard let unit = hexQuad() else { return nil }
    switch unit {
    case 0xD800..<0xDC00:
      guard bytes[offset...].starts(with: [.backslash, UInt8(ascii: "u")]) else { return nil }
      offset += 2
      guard let low = hexQuad(), (0xDC00..<0xE000).contains(low) else { return nil }
      return Unicode.Scalar(0x10000 + (unit - 0xD800) << 10 + (low - 0xDC00))
    case 0xDC00..<0xE000: return nil
    default: return Unicode.Scalar(unit)
    }
  }

  /// Four hex digits, in either letter case.
  private mutating func hexQuad() -> UInt32? {
    guard bytes.count - offset >= 4 else { return nil }
    var value: UInt32 = 0
    for byte in bytes[offset..<offset + 4] {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
    }
    offset += 4
    return value
  }

  /// Whether `byte` comes next after any whitespace; if so, it is read.
  private mutating func take(_ byte: UInt8) -> Bool {
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == byte else { return false }
    offset += 1
    return true
  }

  private mutating func atEnd() -> Bool {
    skipWhitespace()
    return offset == bytes.count
  }

  /// JSON's whitespace: space, tab, line feed, carriage return.
  private mutating func skipWhitespace() {
    while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
  }

  /// ``FieldRules/number(_:)`` of `text`, without its work when `text` is already canonical, as every number
  /// ``FieldValues/storedText`` writes is: that function, most of it `NSString`'s trimming of whitespace, was 4.8 %
  /// of the samples of the re-import.
  static func number(_ text: String) -> String? {
    isCanonicalNumber(text.utf8) ? text : FieldRules.number(text)
  }

  /// `-?(0|[1-9][0-9]*)(\.[0-9]*[1-9])?`, not `-0`, at most 31 characters after the sign: what
  /// ``FieldRules/number(_:)`` returns unchanged.
  private static func isCanonicalNumber(_ text: String.UTF8View) -> Bool {
    let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    let negative = text.first == UInt8(ascii: "-")
    let unsigned = text.dropFirst(negative ? 1 : 0)
    let whole = unsigned.prefix(while: isDigit)
    guard let first = whole.first, first != UInt8(ascii: "0") || whole.count == 1, unsigned.count <= 31 else {
      return false
    }
    let fraction = unsigned.dropFirst(whole.count)
    guard let point = fraction.first else { return !(negative && first == UInt8(ascii: "0")) }
    let digits = fraction.dropFirst()
    guard point == UInt8(ascii: "."), let last = digits.last else { return false }
    return last != UInt8(ascii: "0") && digits.allSatisfy(isDigit)
  }
}

extension UInt8 {
  fileprivate static let quote = UInt8(ascii: "\"")
  fileprivate static let backslash = UInt8(ascii: "\\")
  fileprivate static let slash = UInt8(ascii: "/")
  fileprivate static let colon = UInt8(ascii: ":")
  fileprivate static let comma = UInt8(ascii: ",")
  fileprivate static let openBrace = UInt8(ascii: "{")
  fileprivate static let closeBrace = UInt8(ascii: "}")
  fileprivate static let openBracket = UInt8(ascii: "[")
  fileprivate static let closeBracket = UInt8(ascii: "]")
}
