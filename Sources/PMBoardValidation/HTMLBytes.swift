/// Byte-level helpers shared by the HTML checks, which work on UTF-8 bytes because all HTML syntax is ASCII.
public enum HTMLBytes {
  /// HTML's ASCII whitespace: tab, line feed, form feed, carriage return, space.
  public static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
  }

  /// Whether the byte ends a tag name (or follows an attribute value): whitespace, `/` or `>`.
  public static func endsName(_ byte: UInt8) -> Bool {
    isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
  }

  public static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }

  public static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  public static func lowercased(_ byte: UInt8) -> UInt8 {
    isLetter(byte) ? byte | 0x20 : byte
  }

  /// The offset of the first occurrence of `needle` at or after `start`.
  public static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    start <= bytes.count ? bytes[start...].firstRange(of: needle)?.lowerBound : nil
  }
}
