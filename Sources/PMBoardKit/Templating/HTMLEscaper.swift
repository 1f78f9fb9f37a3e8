/// Appends text as UTF-8 bytes, HTML-escaped byte-for-byte as swift-mustache escapes `{{name}}`.
///
/// swift-mustache replaces the `Character`s `&`, `<`, `>`, `"`, `'` with `&amp;`, `&lt;`, `&gt;`, `&quot;`,
/// `&#39;`. Because it compares whole grapheme clusters, a `<` that a combining mark attaches to (`<\u{338}`) is
/// left alone. The fast path scans bytes and copies unescaped runs in bulk; it is exact whenever the bytes next
/// to a special character are ASCII (then that character is a cluster of its own). Otherwise the string is
/// redone `Character` by `Character`, like swift-mustache.
enum HTMLEscaper {
  /// Bit `b` is set for each byte `b` that needs escaping; all of them are below 64.
  private static let specialBytes: UInt64 =
    1 << UInt8(ascii: "&") | 1 << UInt8(ascii: "<") | 1 << UInt8(ascii: ">") | 1 << UInt8(ascii: "\"")
    | 1 << UInt8(ascii: "'")

  /// Appends `text` HTML-escaped.
  static func appendEscaped(_ text: String, into output: inout ByteWriter) {
    var text = text
    text.withUTF8 { appendEscaped(utf8: $0, into: &output) }
  }

  /// Whether `utf8` contains a byte that escaping replaces.
  static func needsEscaping(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    firstSpecial(in: utf8, from: 0) < utf8.count
  }

  /// The index of the first byte at or after `start` that escaping replaces, or `utf8.count`. Tests 8 bytes at a
  /// time for a byte equal to one of the five (`x - 0x01… & ~x & 0x80…` is nonzero iff a byte of `x` is zero).
  private static func firstSpecial(in utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    guard let base = utf8.baseAddress else { return utf8.count }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    @inline(__always) func hasByte(_ word: UInt64, _ byte: UInt8) -> UInt64 {
      let x = word ^ (ones &* UInt64(byte))
      return (x &- ones) & ~x & highs
    }
    var index = start
    while index + 8 <= utf8.count {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      let found =
        hasByte(word, UInt8(ascii: "&")) | hasByte(word, UInt8(ascii: "<")) | hasByte(word, UInt8(ascii: ">"))
        | hasByte(word, UInt8(ascii: "\"")) | hasByte(word, UInt8(ascii: "'"))
      if found != 0 { break }
      index += 8
    }
    while index < utf8.count {
      let byte = utf8[index]
      if byte < 64, specialBytes & (1 << byte) != 0 { return index }
      index += 1
    }
    return utf8.count
  }

  /// Appends the text whose (valid) UTF-8 is `utf8` HTML-escaped, exactly as `appendEscaped(_:into:)` would.
  static func appendEscaped(utf8: UnsafeBufferPointer<UInt8>, into output: inout ByteWriter) {
    let start = output.count
    if !appendEscapedBytes(utf8, into: &output) {
      output.truncate(to: start)
      appendEscapedCharacters(String(decoding: utf8, as: UTF8.self), into: &output)
    }
  }

  /// Appends `text` as it is.
  static func appendRaw(_ text: String, into output: inout ByteWriter) {
    var text = text
    text.withUTF8 { output.appendBytes($0) }
  }

  /// The byte-level fast path. Returns false when a special character touches a non-ASCII byte, because only
  /// grapheme breaking can tell whether it stands alone; the caller then discards what was appended.
  private static func appendEscapedBytes(
    _ utf8: UnsafeBufferPointer<UInt8>, into output: inout ByteWriter
  ) -> Bool {
    var runStart = 0
    var index = firstSpecial(in: utf8, from: 0)
    while index < utf8.count {
      let byte = utf8[index]
      guard byte < 64, specialBytes & (1 << byte) != 0 else {
        index += 1
        continue
      }
      if (index > 0 && utf8[index - 1] >= 0x80) || (index + 1 < utf8.count && utf8[index + 1] >= 0x80) {
        return false
      }
      output.appendBytes(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
      output.appendStatic(replacement(for: byte))
      index += 1
      runStart = index
    }
    output.appendBytes(UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
    return true
  }

  /// The slow path: exactly swift-mustache's `htmlEscape`, comparing `Character`s.
  private static func appendEscapedCharacters(_ text: String, into output: inout ByteWriter) {
    for character in text {
      switch character {
      case "&", "<", ">", "\"", "'": output.appendStatic(replacement(for: character.asciiValue!))
      default:
        for byte in character.utf8 {
          output.appendByte(byte)
        }
      }
    }
  }

  private static func replacement(for byte: UInt8) -> StaticString {
    switch byte {
    case UInt8(ascii: "&"): "&amp;"
    case UInt8(ascii: "<"): "&lt;"
    case UInt8(ascii: ">"): "&gt;"
    case UInt8(ascii: "\""): "&quot;"
    default: "&#39;"
    }
  }
}
