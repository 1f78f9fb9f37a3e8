import PMBoardTestSupport
import Testing

@testable import PMBoardSite

/// ``UUIDKey`` reads ids through a table of digit values: against a plain reading digit by digit, on ids in both
/// cases, with a byte changed anywhere (a dash, a non-digit, a digit's neighbours) and with a wrong length.
@Suite("reading a UUID's bits")
struct UUIDKeyTests {
  @Test func readsWhatAPlainReadingReads() {
    var random = SplitMix64(seed: 29)
    let hex = Array("0123456789abcdefABCDEF".utf8)
    let odd = Array("-/:@`gG xZ\u{7F}".utf8) + [0x00, 0x80, 0xC3, 0xFF]
    for round in 0..<4000 {
      var bytes = (0..<36).map { index -> UInt8 in
        [8, 13, 18, 23].contains(index) ? UInt8(ascii: "-") : hex[Int(random.next() % UInt64(hex.count))]
      }
      if round % 2 == 1 {
        let pool = hex + odd
        bytes[Int(random.next() % 36)] = pool[Int(random.next() % UInt64(pool.count))]
      }
      if round % 97 == 0 { bytes.removeLast() }
      let read = UUIDKey(bytes.span)
      let expected = Self.plainReading(bytes)
      #expect(read?.high == expected?.high && read?.low == expected?.low, "\(String(decoding: bytes, as: UTF8.self))")
      #expect((read == nil) == (expected == nil))
    }
  }

  /// Digit by digit, as the reading was before the table.
  static func plainReading(_ text: [UInt8]) -> (high: UInt64, low: UInt64)? {
    guard text.count == 36 else { return nil }
    var (high, low, digits) = (UInt64(0), UInt64(0), 0)
    for index in 0..<36 {
      let byte = text[index]
      if [8, 13, 18, 23].contains(index) {
        guard byte == UInt8(ascii: "-") else { return nil }
        continue
      }
      guard let value = UInt8(String(UnicodeScalar(byte)), radix: 16), byte < 0x80 else { return nil }
      if digits < 16 { high = high << 4 | UInt64(value) } else { low = low << 4 | UInt64(value) }
      digits += 1
    }
    return (high, low)
  }
}
