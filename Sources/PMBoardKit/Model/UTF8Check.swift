/// Whether bytes are well-formed UTF-8 (Unicode's table 3-7), as the standard library's validation decides,
/// with runs of ASCII checked eight bytes at a time.
///
/// A build checks every title and body it loads; `UTF8Span(validating:)` takes a byte at a time and was 5 % of a
/// build's instructions.
enum UTF8Check {
  static func isValid(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = text.baseAddress else { return true }
    let end = base + text.count
    var next = base
    while next < end {
      let lead = next.pointee
      if lead < 0x80 {
        next += 1
        // After an ASCII byte, skip whole ASCII words; multi-byte text does not pay for the attempt.
        while end - next >= 8, UnsafeRawPointer(next).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
          next += 8
        }
        continue
      }
      if lead >= 0xE0, lead <= 0xEF {
        // Three bytes (Hangul, kana, CJK): E0 needs A0…BF next (no overlong forms), ED 80…9F (no surrogates).
        guard end - next >= 3 else { return false }
        let second = next[1]
        let low: UInt8 = lead == 0xE0 ? 0xA0 : 0x80
        let high: UInt8 = lead == 0xED ? 0x9F : 0xBF
        guard second >= low, second <= high, next[2] & 0xC0 == 0x80 else { return false }
        next += 3
      } else if lead >= 0xC2, lead <= 0xDF {
        guard end - next >= 2, next[1] & 0xC0 == 0x80 else { return false }
        next += 2
      } else if lead >= 0xF0, lead <= 0xF4 {
        // F0 needs 90…BF next (no overlong forms), F4 80…8F (nothing above U+10FFFF).
        guard end - next >= 4 else { return false }
        let second = next[1]
        let low: UInt8 = lead == 0xF0 ? 0x90 : 0x80
        let high: UInt8 = lead == 0xF4 ? 0x8F : 0xBF
        guard second >= low, second <= high, next[2] & 0xC0 == 0x80, next[3] & 0xC0 == 0x80 else { return false }
        next += 4
      } else {
        return false
      }
    }
    return true
  }
}
