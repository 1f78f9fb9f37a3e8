import Foundation

/// A UUID's 128 bits read from its text (`8-4-4-4-12` hex digits, either case), as a dictionary key.
struct UUIDKey: Hashable {
  var high: UInt64
  var low: UInt64

  init?(_ text: Span<UInt8>) {
    guard text.count == 36 else { return nil }
    var (high, low, digits) = (UInt64(0), UInt64(0), 0)
    for index in 0..<36 {
      let byte = text[index]
      if index == 8 || index == 13 || index == 18 || index == 23 {
        guard byte == UInt8(ascii: "-") else { return nil }
        continue
      }
      let value: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): value = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      if digits < 16 { high = high << 4 | UInt64(value) } else { low = low << 4 | UInt64(value) }
      digits += 1
    }
    (self.high, self.low) = (high, low)
  }
}
