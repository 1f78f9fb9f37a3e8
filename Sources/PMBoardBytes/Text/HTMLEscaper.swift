import CSystemShim

/// Appends text as UTF-8 bytes, HTML-escaped byte-for-byte as swift-mustache escapes `{{name}}`.
///
/// swift-mustache replaces the `Character`s `&`, `<`, `>`, `"`, `'` with `&amp;`, `&lt;`, `&gt;`, `&quot;`,
/// `&#39;`. Because it compares whole grapheme clusters, a `<` that a combining mark attaches to (`<\u{338}`) is
/// left alone. Escaping scans bytes and copies unescaped runs in bulk. A special character with an ASCII byte on
/// each side is a cluster of its own; one next to a non-ASCII scalar is checked against just its two neighbours
/// (see ``standsAlone(_:at:)``), not by redoing the whole text `Character` by `Character`.
public enum HTMLEscaper {
  /// Bit `b` is set for each byte `b` that needs escaping; all of them are below 64.
  private static let specialBytes: UInt64 =
    1 << UInt8(ascii: "&") | 1 << UInt8(ascii: "<") | 1 << UInt8(ascii: ">") | 1 << UInt8(ascii: "\"")
    | 1 << UInt8(ascii: "'")

  /// Appends `text` HTML-escaped.
  public static func appendEscaped(_ text: String, into output: inout ByteWriter) {
    var text = text
    text.withUTF8 { appendEscaped(utf8: $0, into: &output) }
  }

  /// `text` HTML-escaped, as a `String`.
  public static func escaped(_ text: String) -> String {
    var writer = ByteWriter(capacity: text.utf8.count + 16)
    appendEscaped(text, into: &writer)
    return String(decoding: writer.bytes(from: 0), as: UTF8.self)
  }

  /// Whether `utf8` contains a byte that escaping replaces.
  public static func needsEscaping(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    firstSpecial(in: utf8, from: 0) < utf8.count
  }

  /// The index of the first byte at or after `start` that escaping replaces, or `utf8.count`: sixteen bytes at a
  /// time on x86-64 (`pmboard_first_special` in CSystemShim), ``firstSpecialByWords(in:from:)`` for shorter texts
  /// and other processors.
  public static func firstSpecial(in utf8: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int {
    guard let base = utf8.baseAddress else { return utf8.count }
    let found = pmboard_first_special(base + start, utf8.count - start)
    return found >= 0 ? start + found : firstSpecialByWords(in: utf8, from: start)
  }

  /// ``firstSpecial(in:from:)`` without the blocks (the reference they are tested against): 8 bytes at a time,
  /// testing for a byte equal to one of the five (`x - 0x01… & ~x & 0x80…` is nonzero iff a byte of `x` is zero).
  public static func firstSpecialByWords(in utf8: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int {
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
  public static func appendEscaped(utf8: UnsafeBufferPointer<UInt8>, into output: inout ByteWriter) {
    var runStart = 0
    var index = firstSpecial(in: utf8, from: 0)
    while index < utf8.count {
      let byte = utf8[index]
      let touchesNonASCII =
        (index > 0 && utf8[index - 1] >= 0x80) || (index + 1 < utf8.count && utf8[index + 1] >= 0x80)
      if !touchesNonASCII || standsAlone(utf8, at: index) {
        output.appendBytes(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        output.appendStatic(replacement(for: byte))
        runStart = index + 1
      }
      index = firstSpecial(in: utf8, from: index + 1)
    }
    output.appendBytes(UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
  }

  /// ``appendEscaped(utf8:into:)`` if `utf8` has a byte that escaping may replace; otherwise appends nothing and
  /// answers false (the text escapes to itself). Most text has none: this saves storing it a second time. The
  /// few that have one are scanned twice up to it, which leaves `appendEscaped` as it was (splitting it made the
  /// compiler stop inlining the history's escaping).
  public static func appendEscapedIfNeeded(utf8: UnsafeBufferPointer<UInt8>, into output: inout ByteWriter) -> Bool {
    guard needsEscaping(utf8) else { return false }
    appendEscaped(utf8: utf8, into: &output)
    return true
  }

  /// Whether the ASCII special character at `index` is a grapheme cluster of its own, as swift-mustache's
  /// `Character` comparison sees it. For a character that is neither Extend, SpacingMark, ZWJ, Prepend, a
  /// regional indicator, Hangul, an Indic consonant nor an extended pictograph (none of the five is), the rules
  /// of UAX #29 leave two ways to join a cluster: the scalar before is Prepend (GB9b), or the scalar after is
  /// Extend, ZWJ or SpacingMark (GB9, GB9a). Both depend only on the neighbour itself, so breaking the three
  /// scalars around it answers for the whole text. ASCII neighbours join nothing.
  public static func standsAlone(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    var start = index
    if index > 0, utf8[index - 1] >= 0x80 {
      start = index - 1
      while start > 0, utf8[start] & 0xC0 == 0x80 { start -= 1 }
    }
    var end = index + 1
    if end < utf8.count, utf8[end] >= 0x80 {
      end += 1
      while end < utf8.count, utf8[end] & 0xC0 == 0x80 { end += 1 }
    }
    let window = String(decoding: UnsafeBufferPointer(rebasing: utf8[start..<end]), as: UTF8.self)
    let scalars = (start < index ? 1 : 0) + 1 + (end > index + 1 ? 1 : 0)
    return window.count == scalars
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
