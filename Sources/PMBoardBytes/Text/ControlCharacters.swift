import CSystemShim

/// Finds control characters in UTF-8 text: C0 (but tab, and line feed where allowed), DEL, and C1 (U+0080–U+009F,
/// encoded as 0xC2 0x80–0x9F). pmboard refuses them on input; a store written before that may still hold them,
/// and they must not reach a page.
public enum ControlCharacters {
  /// The first control character's scalar value in `utf8`, or nil: sixteen bytes at a time on x86-64
  /// (`pmboard_first_control_candidate` in CSystemShim) up to each byte that may start one, which is then looked at
  /// (a 0xC2 may lead another Latin-1 character); ``firstByWords(in:allowingLineFeeds:)`` for short texts, the
  /// rest of a text after a candidate when under sixteen bytes are left, and other processors.
  @inlinable
  public static func first(in utf8: UnsafeBufferPointer<UInt8>, allowingLineFeeds: Bool) -> UInt32? {
    guard let base = utf8.baseAddress else { return nil }
    var index = 0
    while true {
      let found = pmboard_first_control_candidate(base + index, utf8.count - index, allowingLineFeeds ? 1 : 0)
      guard found >= 0 else {
        return firstByWords(in: UnsafeBufferPointer(rebasing: utf8[index...]), allowingLineFeeds: allowingLineFeeds)
      }
      let at = index + found
      guard at < utf8.count else { return nil }
      guard utf8[at] == 0xC2 else { return UInt32(utf8[at]) }
      if at + 1 < utf8.count, (0x80...0x9F).contains(utf8[at + 1]) { return UInt32(utf8[at + 1]) }
      index = at + 1
    }
  }

  /// The first control character's scalar value in `utf8`, or nil, without the blocks (the reference they are
  /// tested against). Eight bytes at a time while none of them is a control character (tab and, where allowed,
  /// line feed are not), DEL or 0xC2 (a C1 lead byte); byte by byte only around those. The masks are exact byte by
  /// byte (no borrow crosses a byte), so tabs and line feeds can be taken out of them: a body's line feeds keep the
  /// word-at-a-time path.
  @inlinable
  public static func firstByWords(in utf8: UnsafeBufferPointer<UInt8>, allowingLineFeeds: Bool) -> UInt32? {
    guard let base = utf8.baseAddress else { return nil }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    let highs: UInt64 = 0x8080_8080_8080_8080
    // The high bit of each byte equal to `value`: its low seven bits plus 0x7F carry into the high bit unless all
    // are zero, and a set high bit of the XOR means unequal.
    @inline(__always) func equal(_ word: UInt64, _ value: UInt8) -> UInt64 {
      let diff = word ^ (ones &* UInt64(value))
      return ~(((diff & lows) &+ lows) | diff) & highs
    }
    let allowed = allowingLineFeeds ? UInt8(0x0A) : UInt8(0x09)
    @inline(__always) func isPlain(_ word: UInt64) -> Bool {
      // Below 0x20: the high bit clear, and the low seven bits plus 0x60 do not reach 0x80.
      let below = ~((word & lows) &+ ones &* 0x60) & ~word & highs
      let control = below & ~equal(word, 0x09) & ~equal(word, allowed)
      return control | equal(word, 0x7F) | equal(word, 0xC2) == 0
    }
    var index = 0
    while index < utf8.count {
      if index + 8 <= utf8.count {
        if isPlain(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
          index += 8
          continue
        }
      } else if utf8.count >= 8,
        isPlain(UnsafeRawPointer(base + utf8.count - 8).loadUnaligned(as: UInt64.self))
      {
        // The last eight bytes, overlapping some already checked: short texts (titles) end in one load, not a
        // byte at a time. A C1 pair split by the overlap's start was seen whole by the loads before.
        return nil
      }
      let byte = utf8[index]
      if byte < 0x20, byte != 0x09, byte != 0x0A || !allowingLineFeeds { return UInt32(byte) }
      if byte == 0x7F { return 0x7F }
      if byte == 0xC2, index + 1 < utf8.count, (0x80...0x9F).contains(utf8[index + 1]) {
        return UInt32(utf8[index + 1])
      }
      index += 1
    }
    return nil
  }

  /// ``first(in:allowingLineFeeds:)`` for the text `ref` names in `arena`.
  @inlinable
  public static func first(in arena: ByteArena, _ ref: RawRef, allowingLineFeeds: Bool) -> UInt32? {
    first(
      in: UnsafeBufferPointer(start: arena.base + ref.start, count: Int(ref.count)),
      allowingLineFeeds: allowingLineFeeds)
  }
}
