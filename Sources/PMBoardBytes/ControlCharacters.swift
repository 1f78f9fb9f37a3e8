/// Finds control characters in UTF-8 text: C0 (but tab, and line feed where allowed), DEL, and C1 (U+0080–U+009F,
/// encoded as 0xC2 0x80–0x9F). pmboard refuses them on input; a store written before that may still hold them,
/// and they must not reach a page.
public enum ControlCharacters {
  /// The first control character's scalar value in `utf8`, or nil.
  public static func first(in utf8: UnsafeBufferPointer<UInt8>, allowingLineFeeds: Bool) -> UInt32? {
    var index = 0
    while index < utf8.count {
      let byte = utf8[index]
      if byte < 0x20 {
        if byte == 0x09 || (byte == 0x0A && allowingLineFeeds) {
          index += 1
          continue
        }
        return UInt32(byte)
      }
      if byte == 0x7F { return 0x7F }
      if byte == 0xC2, index + 1 < utf8.count, (0x80...0x9F).contains(utf8[index + 1]) {
        return UInt32(utf8[index + 1])
      }
      index += 1
    }
    return nil
  }
}
