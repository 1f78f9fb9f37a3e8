import Foundation
import PMBoardBytes

/// A forward-only reader of JSON text (RFC 8259) over UTF-8 bytes that hands out values as the caller asks for them,
/// so the interchange reader builds its documents without an intermediate tree.
///
/// Hand-written because `JSONDecoder` was the bottleneck of every command on a JSON store: for a 108 MB board
/// (100,000 tasks, 300,000 history entries) it took 2.1 s of a 3 s read in a release build, and `JSONSerialization`
/// 5.3 s; this scanner parses it in about 0.4 s (profiled), and the whole `list` on that store fell from 3.8 s to
/// 2.4 s. It checks the whole grammar (a file it accepts is valid JSON) and says where a malformed file goes wrong,
/// by line and column.
///
/// The caller must already have checked that the bytes are UTF-8. Non-escapable: it reads through a ``ReadView``,
/// and cannot outlive the bytes it was made for.
public struct JSONScanner: ~Escapable {
  /// Arrays and objects nested deeper than this are refused, so hostile input cannot exhaust the stack.
  public static let maximumDepth = 512

  public let bytes: ReadView<UInt8>
  /// The byte offset of the next byte to read.
  public private(set) var offset = 0
  private var depth = 0
  /// Reused for strings with escapes.
  private var scratch: [UInt8] = []

  @_lifetime(copy bytes)
  public init(_ bytes: ReadView<UInt8>) {
    self.bytes = bytes
    // A UTF-8 byte order mark, as some Windows editors write, is not part of the text.
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { offset = 3 }
  }

  /// An object or array being read: whether its first member or element is still to come.
  public struct Container {
    fileprivate var first = true
  }

  /// The next byte that is not whitespace, without consuming it; nil at the end of the text.
  public mutating func peek() -> UInt8? {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x0A, 0x0D, 0x09: offset += 1
      case let byte: return byte
      }
    }
    return nil
  }

  /// The next byte that is not whitespace, without consuming it; at the end of the text, an error saying what
  /// was `expected`.
  public mutating func next(_ expected: @autoclosure () -> String) throws(JSONError) -> UInt8 {
    guard let byte = peek() else { throw error("the file ends where \(expected()) should be") }
    return byte
  }

  /// A syntax error at the current offset.
  public func error(_ message: String) -> JSONError { JSONError(offset: offset, message: message, isSyntax: true) }

  /// The value at the current offset is of the wrong type: `path: expected an object, found a string`.
  public mutating func mismatch(_ path: String, expected: String) -> JSONError {
    let found =
      switch peek() {
      case UInt8(ascii: "{"): "an object"
      case UInt8(ascii: "["): "an array"
      case UInt8(ascii: "\""): "a string"
      case UInt8(ascii: "t"): "true"
      case UInt8(ascii: "f"): "false"
      case UInt8(ascii: "n"): "null"
      default: "a number"
      }
    return JSONError(offset: offset, message: "\(path): expected \(expected), found \(found)", isSyntax: false)
  }

  // MARK: Objects and arrays

  /// Opens the object at the current offset, or throws a type mismatch naming `path`.
  public mutating func enterObject(_ path: @autoclosure () -> String) throws(JSONError) -> Container {
    guard try next("an object") == UInt8(ascii: "{") else { throw mismatch(path(), expected: "an object") }
    return try open()
  }

  /// Opens the array at the current offset, or throws a type mismatch naming `path`.
  public mutating func enterArray(_ path: @autoclosure () -> String) throws(JSONError) -> Container {
    guard try next("an array") == UInt8(ascii: "[") else { throw mismatch(path(), expected: "an array") }
    return try open()
  }

  private mutating func open() throws(JSONError) -> Container {
    guard depth < Self.maximumDepth else {
      throw error("arrays and objects are nested more than \(Self.maximumDepth) levels deep")
    }
    depth += 1
    offset += 1
    return Container()
  }

  /// Reads up to the next member's name and its colon, and returns the name's position in `names` (`names.count`
  /// for a name not in it); nil after the closing `}`.
  public mutating func nextMember(_ object: inout Container, _ names: JSONNames) throws(JSONError) -> Int? {
    guard try atMemberName(&object) else { return nil }
    let index = try name(in: names)
    try memberColon()
    return index
  }

  /// Reads up to the next member's name and its colon, and returns the name; nil after the closing `}`. For objects
  /// whose names are data (a GitHub project item's fields), which ``nextMember(_:_:)`` has no list to find in.
  public mutating func nextMemberName(_ object: inout Container) throws(JSONError) -> String? {
    guard try atMemberName(&object) else { return nil }
    let name = try string()
    try memberColon()
    return name
  }

  /// Reads up to the opening quote of the next member's name; false after the closing `}`.
  private mutating func atMemberName(_ object: inout Container) throws(JSONError) -> Bool {
    var byte = try next("'}'")
    if byte == UInt8(ascii: "}") {
      offset += 1
      depth -= 1
      return false
    }
    if object.first {
      object.first = false
    } else {
      guard byte == UInt8(ascii: ",") else { throw error("expected ',' or '}' after an object member") }
      offset += 1
      byte = try next("a member name")
    }
    guard byte == UInt8(ascii: "\"") else { throw error("expected a member name in double quotes") }
    return true
  }

  private mutating func memberColon() throws(JSONError) {
    guard try next("':'") == UInt8(ascii: ":") else { throw error("expected ':' after a member name") }
    offset += 1
  }

  /// Reads up to the next element of an array; false after the closing `]`.
  public mutating func nextElement(_ array: inout Container) throws(JSONError) -> Bool {
    let byte = try next("']'")
    if byte == UInt8(ascii: "]") {
      offset += 1
      depth -= 1
      return false
    }
    if array.first {
      array.first = false
    } else {
      guard byte == UInt8(ascii: ",") else { throw error("expected ',' or ']' after an array element") }
      offset += 1
    }
    return true
  }

  /// Consumes a `null` at the current offset and returns true, or returns false for anything else.
  public mutating func skipNull() throws(JSONError) -> Bool {
    guard peek() == UInt8(ascii: "n") else { return false }
    try literal("null")
    return true
  }

  /// Reads over one value of any type, checking its syntax.
  public mutating func skipValue() throws(JSONError) {
    switch try next("a value") {
    case UInt8(ascii: "{"):
      var object = try open()
      while try nextMember(&object, .none) != nil { try skipValue() }
    case UInt8(ascii: "["):
      var array = try open()
      while try nextElement(&array) { try skipValue() }
    case UInt8(ascii: "\""): _ = try string()
    case UInt8(ascii: "t"): try literal("true")
    case UInt8(ascii: "f"): try literal("false")
    case UInt8(ascii: "n"): try literal("null")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try number()
    default: throw expectedValue()
    }
  }

  /// The next value's JSON text as written, whatever it is (for members the reader hands to a decoder whole).
  public mutating func rawValue() throws(JSONError) -> String {
    _ = peek()
    let start = offset
    try skipValue()
    return text(start..<offset)
  }

  public func expectedValue() -> JSONError {
    error("expected a value (an object, array, string, number, true, false or null)")
  }

  /// Checks that only whitespace follows the document's value.
  public mutating func finish() throws(JSONError) {
    guard peek() == nil else { throw error("unexpected text after the end of the JSON document") }
  }

  // MARK: Scalars

  /// Consumes `word` (`true`, `false` or `null`) at the current offset.
  public mutating func literal(_ word: StaticString) throws(JSONError) {
    let count = word.utf8CodeUnitCount
    guard bytes.matches(word, at: offset) else {
      throw expectedValue()
    }
    offset += count
  }

  /// Reads a number at the current offset and returns its text's byte range.
  public mutating func number() throws(JSONError) -> Range<Int> {
    let start = offset
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "0") {
      offset += 1
    } else {
      try digits()
    }
    if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
      offset += 1
      try digits()
    }
    if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
      offset += 1
      if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
        offset += 1
      }
      try digits()
    }
    return start..<offset
  }

  private mutating func digits() throws(JSONError) {
    let start = offset
    while offset < bytes.count, bytes[offset] &- UInt8(ascii: "0") < 10 { offset += 1 }
    guard offset > start else { throw error("expected a digit in the number") }
  }

  /// The text of the bytes in `range`.
  public func text(_ range: Range<Int>) -> String {
    bytes.string(range)
  }

  /// Reads the string at the current offset (which must be its opening quote).
  public mutating func string() throws(JSONError) -> String {
    offset += 1
    let start = offset
    skipPlainBytes()
    guard offset < bytes.count else { throw unclosedString(start) }
    switch bytes[offset] {
    case UInt8(ascii: "\""):
      offset += 1
      return text(start..<(offset - 1))
    case UInt8(ascii: "\\"): return try escapedString(from: start)
    case let byte: throw controlCharacter(byte)
    }
  }

  /// Moves the offset past bytes that can stand for themselves in a string: anything but a quote, a backslash or a
  /// control character. Eight bytes at a time while none of them is one of those.
  private mutating func skipPlainBytes() {
    offset = bytes.endOfPlainStringBytes(from: offset)
  }

  private func unclosedString(_ start: Int) -> JSONError {
    JSONError(offset: start - 1, message: "the string is not closed with '\"'", isSyntax: true)
  }

  private func controlCharacter(_ byte: UInt8) -> JSONError {
    let hex = String(byte, radix: 16, uppercase: true)
    return error("the control character U+\(String(repeating: "0", count: 4 - hex.count) + hex) must be escaped")
  }

  /// The rest of a string that has escapes; the bytes from `start` to the offset have none.
  private mutating func escapedString(from start: Int) throws(JSONError) -> String {
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: bytes.extracting(start..<offset))
    while offset < bytes.count {
      switch bytes[offset] {
      case UInt8(ascii: "\""):
        offset += 1
        return String(decoding: scratch, as: UTF8.self)
      case UInt8(ascii: "\\"):
        try escape()
      case 0..<0x20:
        throw controlCharacter(bytes[offset])
      default:
        let run = offset
        skipPlainBytes()
        scratch.append(contentsOf: bytes.extracting(run..<offset))
      }
    }
    throw unclosedString(start)
  }

  /// Appends the character of the escape sequence at the offset to `scratch`.
  private mutating func escape() throws(JSONError) {
    guard offset + 1 < bytes.count else { throw error("the file ends inside an escape sequence") }
    let letter = bytes[offset + 1]
    let simple: UInt8? =
      switch letter {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): letter
      case UInt8(ascii: "b"): 0x08
      case UInt8(ascii: "f"): 0x0C
      case UInt8(ascii: "n"): 0x0A
      case UInt8(ascii: "r"): 0x0D
      case UInt8(ascii: "t"): 0x09
      default: nil
      }
    if let simple {
      scratch.append(simple)
      offset += 2
      return
    }
    guard letter == UInt8(ascii: "u") else {
      throw error(
        "'\\\(Unicode.Scalar(letter))' is not an escape; use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX")
    }
    let start = offset
    var scalar = try hexEscape()
    if (0xDC00..<0xE000).contains(scalar) {
      offset = start
      throw error("\\u\(hex(scalar)) is a low surrogate without a high surrogate before it")
    }
    if (0xD800..<0xDC00).contains(scalar) {
      var low: UInt32 = 0
      if offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
        bytes[offset + 1] == UInt8(ascii: "u")
      {
        low = try hexEscape()
      }
      guard (0xDC00..<0xE000).contains(low) else {
        offset = start
        throw error("\\u\(hex(scalar)) is a high surrogate without a low surrogate after it")
      }
      scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
    }
    // Surrogates were combined above, so `scalar` is a valid scalar; U+FFFD stands in should that ever change.
    scratch.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
  }

  private func hex(_ value: UInt32) -> String { String(value, radix: 16, uppercase: true) }

  /// Reads `\uXXXX` at the offset and returns its value.
  private mutating func hexEscape() throws(JSONError) -> UInt32 {
    var value: UInt32 = 0
    for index in (offset + 2)..<(offset + 6) {
      let byte = index < bytes.count ? bytes[index] : 0
      let digit: UInt8 =
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: throw error("\\u must be followed by four hex digits")
        }
      value = value << 4 | UInt32(digit)
    }
    offset += 6
    return value
  }

  /// Reads a member name (at its opening quote) and finds it in `names`, comparing bytes when it has no escapes.
  private mutating func name(in names: JSONNames) throws(JSONError) -> Int {
    let quote = offset
    offset += 1
    skipPlainBytes()
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") {
      offset += 1
      return names.index(of: (quote + 1)..<(offset - 1), in: bytes)
    }
    offset = quote
    return names.index(of: try string())
  }
}
