/// The feeds' text encodings written straight into a ``ByteWriter``: iCalendar TEXT values and content-line folding
/// (RFC 5545 §3.1, §3.3.11) and JSON string contents (RFC 8259). Byte for byte what `ICalendarLines` and
/// `MarkupText.json` in PMBoardSite write (the parity tests hold them to it), without a `String` or an `Array` per
/// value: a 100,000-task build escapes some 200,000 bodies this way.
extension ByteWriter {
  // MARK: iCalendar

  /// Appends `text` from `arena` escaped as an iCalendar TEXT value: `\`, `;` and `,` get a backslash, a line
  /// break (LF, CR or CRLF) becomes `\n`, tab stays, and any other control character (C0, DEL) is left out.
  public mutating func appendICalendarText(_ text: RawRef, from arena: ArenaBytes) {
    precondition(arena.view.contains(text.start, Int(text.count)), "text outside its arena")
    appendICalendarText(utf8: UnsafeBufferPointer(start: arena.view.base + text.start, count: Int(text.count)))
  }

  /// Appends `text` escaped as an iCalendar TEXT value (see ``appendICalendarText(_:from:)``).
  public mutating func appendICalendarText(_ text: String) {
    var text = text
    text.withUTF8 { appendICalendarText(utf8: $0) }
  }

  /// Appends the bytes `other` has not handed on, escaped as an iCalendar TEXT value.
  public mutating func appendICalendarText(pendingBytesOf other: borrowing ByteWriter) {
    appendICalendarText(utf8: other.bytes)
  }

  /// The high bit of each byte of `word` that an iCalendar TEXT value cannot hold as it is (below 0x20, DEL, `\`,
  /// `;`, `,`), and maybe of bytes above such a byte (a borrow): the lowest bit set is always a true one.
  @inline(__always)
  private static func iCalendarSpecials(_ word: UInt64) -> UInt64 {
    let below = (word &- ones &* 0x20) & ~word
    return
      (below | zeroBytes(word ^ (ones &* 0x7F)) | zeroBytes(word ^ (ones &* 0x5C))
      | zeroBytes(word ^ (ones &* 0x3B)) | zeroBytes(word ^ (ones &* 0x2C))) & highs
  }

  @inline(__always)
  private static func isICalendarSpecial(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x7F || byte == 0x5C || byte == 0x3B || byte == 0x2C
  }

  private static var ones: UInt64 { 0x0101_0101_0101_0101 }
  private static var highs: UInt64 { 0x8080_8080_8080_8080 }

  /// The high bit of each zero byte of `x` (and maybe of bytes above one: a borrow).
  @inline(__always)
  private static func zeroBytes(_ x: UInt64) -> UInt64 { (x &- ones) & ~x }

  /// The first index from `index` on whose byte `isSpecial`, or `count`. Eight bytes at a time: `specials` marks
  /// a word's candidates, and the lowest one is where the scan lands (and `isSpecial` confirms it).
  @inline(__always)
  private static func nextSpecial(
    in base: UnsafePointer<UInt8>, count: Int, from index: Int, specials: (UInt64) -> UInt64,
    isSpecial: (UInt8) -> Bool
  ) -> Int {
    var index = index
    while index + 8 <= count {
      let found = specials(UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)))
      if found == 0 {
        index += 8
        continue
      }
      index += found.trailingZeroBitCount >> 3
      if isSpecial(base[index]) { return index }
      index += 1
    }
    if index < count, count >= 8 {
      // The last eight bytes, overlapping some already looked at: the lanes before `index` are shifted out (a
      // special among them may flag a later lane by its borrow, which `isSpecial` then turns down).
      let start = count - 8
      let found =
        specials(UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self)))
        >> UInt64((index - start) * 8)
      guard found != 0 else { return count }
      index += found.trailingZeroBitCount >> 3
      if isSpecial(base[index]) { return index }
      index += 1
    }
    while index < count, !isSpecial(base[index]) { index += 1 }
    return index
  }

  /// Plain runs are found eight bytes at a time and copied whole; only the bytes that need care go one by one.
  mutating func appendICalendarText(utf8: UnsafeBufferPointer<UInt8>) {
    guard let base = utf8.baseAddress else { return }
    let count = utf8.count
    var runStart = 0
    var index = Self.nextSpecial(
      in: base, count: count, from: 0, specials: Self.iCalendarSpecials, isSpecial: Self.isICalendarSpecial)
    while index < count {
      appendBytes(base + runStart, count: index - runStart)
      let byte = base[index]
      switch byte {
      case 0x5C, 0x3B, 0x2C:
        appendByte(0x5C)
        appendByte(byte)
      case 0x0D, 0x0A:
        appendByte(0x5C)
        appendByte(UInt8(ascii: "n"))
        // CRLF is one line break.
        if byte == 0x0D, index + 1 < count, base[index + 1] == 0x0A { index += 1 }
      case 0x09: appendByte(byte)
      default: break
      }
      runStart = index + 1
      index = Self.nextSpecial(
        in: base, count: count, from: runStart, specials: Self.iCalendarSpecials,
        isSpecial: Self.isICalendarSpecial)
    }
    appendBytes(base + runStart, count: count - runStart)
  }

  /// Ends the content line written from output position `start` (not yet handed on) with CRLF, folding it first
  /// when it is longer than 75 octets: each physical line takes as many whole UTF-8 sequences as fit, and a
  /// continuation line starts with a space that counts. The line must be valid UTF-8.
  public mutating func endICalendarLine(from start: Int) {
    precondition(start >= count - pending && start <= count, "position handed on or not yet written")
    let length = count - start
    guard length > 75 else {
      appendICalendarLineBreak()
      return
    }
    let line = bytes(from: start)
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { copy in
      // swift-format-ignore: NeverForceUnwrap
      let content = copy.baseAddress!
      _ = copy.initialize(fromContentsOf: line)
      truncate(to: start)
      var from = 0
      var room = 75
      while length - from > room {
        var end = from + room
        // Back off to the start of the sequence the limit falls in: continuation bytes are 10xxxxxx.
        while end > from, content[end] & 0xC0 == 0x80 { end -= 1 }
        appendBytes(content + from, count: end - from)
        appendStatic("\r\n ")
        from = end
        room = 74
      }
      appendBytes(content + from, count: length - from)
    }
    appendICalendarLineBreak()
  }

  @inline(__always)
  private mutating func appendICalendarLineBreak() {
    appendByte(0x0D)
    appendByte(0x0A)
  }

  // MARK: JSON

  /// Appends `text` from `arena` as the inside of a JSON string: quote and backslash get a backslash, LF, CR and
  /// tab become `\n`, `\r` and `\t`, other control characters `\u00XX`; everything else is copied as it is.
  public mutating func appendJSONEscaped(_ text: RawRef, from arena: ArenaBytes) {
    precondition(arena.view.contains(text.start, Int(text.count)), "text outside its arena")
    appendJSONEscaped(utf8: UnsafeBufferPointer(start: arena.view.base + text.start, count: Int(text.count)))
  }

  /// Appends `text` as the inside of a JSON string (see ``appendJSONEscaped(_:from:)``).
  public mutating func appendJSONEscaped(_ text: String) {
    var text = text
    text.withUTF8 { appendJSONEscaped(utf8: $0) }
  }

  /// The high bit of each byte of `word` a JSON string cannot hold as it is (a quote, a backslash, below 0x20) or
  /// that board.json writes as `\u003c` (`<`, so that the document can sit in an HTML `<script>` as it is), and
  /// maybe of bytes above such a byte: the lowest bit set is always a true one.
  @inline(__always)
  private static func jsonSpecials(_ word: UInt64) -> UInt64 {
    let below = (word &- ones &* 0x20) & ~word
    return
      (below | zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x5C)) | zeroBytes(word ^ (ones &* 0x3C)))
      & highs
  }

  @inline(__always)
  private static func isJSONSpecial(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "<")
  }

  mutating func appendJSONEscaped(utf8: UnsafeBufferPointer<UInt8>) {
    guard let base = utf8.baseAddress else { return }
    let count = utf8.count
    var runStart = 0
    var index = Self.nextSpecial(
      in: base, count: count, from: 0, specials: Self.jsonSpecials, isSpecial: Self.isJSONSpecial)
    while index < count {
      appendBytes(base + runStart, count: index - runStart)
      let byte = base[index]
      appendByte(UInt8(ascii: "\\"))
      switch byte {
      case 0x0A: appendByte(UInt8(ascii: "n"))
      case 0x0D: appendByte(UInt8(ascii: "r"))
      case 0x09: appendByte(UInt8(ascii: "t"))
      case UInt8(ascii: "<"): appendStatic("u003c")
      case 0..<0x20:
        appendStatic("u00")
        appendByte(Self.hexDigit(byte >> 4))
        appendByte(Self.hexDigit(byte & 0x0F))
      default: appendByte(byte)
      }
      runStart = index + 1
      index = Self.nextSpecial(
        in: base, count: count, from: runStart, specials: Self.jsonSpecials, isSpecial: Self.isJSONSpecial)
    }
    appendBytes(base + runStart, count: count - runStart)
  }

  @inline(__always)
  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }

  /// Appends bytes `range` (output positions, not handed on) of `other`.
  public mutating func append(_ range: Range<Int>, of other: borrowing ByteWriter) {
    precondition(
      range.lowerBound >= other.count - other.pending && range.upperBound <= other.count, "range out of bounds")
    // swift-format-ignore: NeverForceUnwrap
    appendBytes(other.bytes(from: range.lowerBound).baseAddress!, count: range.count)
  }

  /// Appends the bytes `other` has not handed on.
  public mutating func append(pendingBytesOf other: borrowing ByteWriter) {
    appendBytes(other.bytes)
  }
}
