import Foundation

/// A UUID's 128 bits read from its text (`8-4-4-4-12` hex digits, either case): the key of ``UUIDTable``.
struct UUIDKey: Hashable {
  var high: UInt64
  var low: UInt64

  init(high: UInt64, low: UInt64) {
    (self.high, self.low) = (high, low)
  }

  /// Each digit through a table (0xFF for a byte that is not one), the bad ones gathered and checked once: every
  /// card and every history entry is read (400,000 ids at 100,000 tasks), and a branch per kind of byte was most of
  /// that.
  init?(_ text: Span<UInt8>) {
    let dash = UInt8(ascii: "-")
    guard text.count == 36, text[8] == dash, text[13] == dash, text[18] == dash, text[23] == dash else { return nil }
    let values = Self.digitValues
    var (high, low, bad) = (UInt64(0), UInt64(0), UInt8(0))
    // The first sixteen digits come before the dash at 18, the last sixteen after it.
    for index in 0..<18 where index != 8 && index != 13 {
      let value = values[Int(text[index])]
      bad |= value
      high = high << 4 | UInt64(value & 0x0F)
    }
    for index in 19..<36 where index != 23 {
      let value = values[Int(text[index])]
      bad |= value
      low = low << 4 | UInt64(value & 0x0F)
    }
    guard bad & 0x80 == 0 else { return nil }
    (self.high, self.low) = (high, low)
  }

  /// Whether `text` (a UUID's, as ``init(_:)`` reads it) has no capital letter: its key then names it exactly
  /// (``hexDigit(_:)``).
  static func isLowercase(_ text: Span<UInt8>) -> Bool {
    for index in 0..<text.count where text[index] >= UInt8(ascii: "A") && text[index] <= UInt8(ascii: "F") {
      return false
    }
    return true
  }

  /// The lowercase hex digit of character `position` (0–35, not a dash) of the UUID's 8-4-4-4-12 text.
  func hexDigit(at position: Int) -> UInt8 {
    let (word, index) =
      position < 18
      ? (high, position - (position > 13 ? 2 : position > 8 ? 1 : 0)) : (low, position - (position > 23 ? 20 : 19))
    let value = UInt8(truncatingIfNeeded: word >> UInt64(60 - 4 * index)) & 0xF
    return value < 10 ? value &+ UInt8(ascii: "0") : value &+ (UInt8(ascii: "a") &- 10)
  }

  /// By byte: its value as a hex digit, or 0xFF.
  private static let digitValues: [UInt8] = (0...255).map { byte in
    switch UInt8(byte) {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(byte) - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt8(byte) - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt8(byte) - UInt8(ascii: "A") + 10
    default: 0xFF
    }
  }
}
