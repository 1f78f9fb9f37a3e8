import Foundation

/// UUIDs as pmboard writes and reads them: 36 characters, lowercase when written, either case when read.
///
/// Hand-rolled both ways: `uuidString.lowercased()` formats through printf and Unicode case mapping, and
/// `UUID(uuidString:)` goes through `sscanf`; both showed up when a build or an import handles 100,000 ids.
public enum UUIDBytes {
  /// `0f8fad5b-d9cb-469f-a165-70867728950e`.
  public static func lowercase(_ uuid: UUID) -> String {
    let hex: StaticString = "0123456789abcdef"
    return withUnsafeBytes(of: uuid.uuid) { raw in
      String(unsafeUninitializedCapacity: 36) { buffer in
        var index = 0
        for position in 0..<raw.count {
          let byte = raw[position]
          if position == 4 || position == 6 || position == 8 || position == 10 {
            buffer[index] = UInt8(ascii: "-")
            index += 1
          }
          buffer[index] = hex.utf8Start[Int(byte >> 4)]
          buffer[index + 1] = hex.utf8Start[Int(byte & 15)]
          index += 2
        }
        return index
      }
    }
  }

  /// Parses `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` in either letter case.
  public static func uuid(_ text: String) -> UUID? {
    var text = text
    return text.withUTF8 { uuid(utf8: UnsafeRawBufferPointer($0)) }
  }

  /// Parses the 36-character form from UTF-8 bytes in place (an SQLite column, a JSON file).
  public static func uuid(utf8 bytes: UnsafeRawBufferPointer) -> UUID? {
    // One rule for what a UUID's text is: ``isText(utf8:)``; after it, every digit is known to be hex.
    guard isText(utf8: bytes) else { return nil }
    var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &value) { out in
      var index = 0
      for position in 0..<16 {
        if position == 4 || position == 6 || position == 8 || position == 10 { index += 1 }
        out[position] = hexValue(bytes[index]) << 4 | hexValue(bytes[index + 1])
        index += 2
      }
    }
    return UUID(uuid: value)
  }

  /// Whether `bytes` spell a UUID (36 characters, either case) — what ``uuid(utf8:)`` accepts, without making
  /// one: a build checks every id it loads and needs only the answer. Eight characters at a time (the byte-wise
  /// check was 2 % of a 10,000-task build's instructions): the 32 digits in four words, then the 4 hyphens.
  public static func isText(utf8 bytes: UnsafeRawBufferPointer) -> Bool {
    guard bytes.count == 36, let base = bytes.baseAddress else { return false }
    func word(_ offset: Int) -> UInt64 { base.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
    func half(_ offset: Int) -> UInt64 { UInt64(base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
    let hyphens = half(8) & 0xFF | half(13) << 8 & 0xFF00 | half(18) << 16 & 0xFF_0000 | half(23) << 24
    return hyphens & 0xFFFF_FFFF == 0x2D2D_2D2D
      && allHexDigits(word(0)) && allHexDigits(half(9) | half(14) << 32) && allHexDigits(half(19) | half(24) << 32)
      && allHexDigits(word(28))
  }

  /// Whether all eight bytes of `word` are hex digits, either case. A byte below 0x80 plus (0x80 - n) has its
  /// top bit set exactly when it is at least n, and no such sum carries into the next byte.
  @inline(__always)
  private static func allHexDigits(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let tops: UInt64 = 0x8080_8080_8080_8080
    guard word & tops == 0 else { return false }
    func atLeast(_ value: UInt64, _ n: UInt64) -> UInt64 { (value &+ ones &* (0x80 - n)) & tops }
    let digits = atLeast(word, 0x30) & ~atLeast(word, 0x3A)
    let lower = word | ones &* 0x20
    let letters = atLeast(lower, 0x61) & ~atLeast(lower, 0x67)
    return digits | letters == tops
  }

  /// The value of a hex digit byte; 0xFF for any other byte. Arithmetic rather than a table: a static array is
  /// an initialisation check and a bounds check per digit, and a build checks every id it loads.
  @inline(__always)
  private static func hexValue(_ byte: UInt8) -> UInt8 {
    let digit = byte &- UInt8(ascii: "0")
    if digit < 10 { return digit }
    let letter = (byte | 0x20) &- UInt8(ascii: "a")
    return letter < 6 ? letter + 10 : 0xFF
  }
}
