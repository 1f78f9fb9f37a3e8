import CSystemShim

/// Whether bytes are well-formed UTF-8 (Unicode's table 3-7), as the standard library's validation decides:
/// sixteen bytes at a time on x86-64 (`pmboard_utf8_check_blocks` in CSystemShim); here for short texts and other
/// processors, with ASCII checked eight bytes at a time and runs of three-byte characters one word load each.
///
/// A build checks every title and body it loads; `UTF8Span(validating:)` takes a byte at a time and was 5 % of a
/// build's instructions, this loop still 3 %.
public enum UTF8Check {
  public static func isValid(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = text.baseAddress else { return true }
    let checked = pmboard_utf8_check_blocks(base, text.count)
    if checked >= 0 { return checked == 1 }
    return isValidByLoop(text)
  }

  /// The check without the blocks: what short texts take, and the reference the blocks are tested against.
  public static func isValidByLoop(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = text.baseAddress else { return true }
    let end = base + text.count
    var next = base
    while next < end {
      if end - next >= 8 {
        // Skip the ASCII bytes before the first that is not, a word at a time (mixed text has short runs of both).
        let high = UnsafeRawPointer(next).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080
        if high == 0 {
          next += 8
          continue
        }
        next += high.trailingZeroBitCount >> 3
      }
      let lead = next.pointee
      if lead < 0x80 {
        next += 1
        continue
      }
      if lead >= 0xE0, lead <= 0xEF {
        // Three bytes (Hangul, kana, CJK): E0 needs A0…BF next (no overlong forms), ED 80…9F (no surrogates).
        // Korean and Japanese text is runs of them: one word load per character while the run lasts.
        let runStart = next
        while end - next >= 4 {
          let word = UnsafeRawPointer(next).loadUnaligned(as: UInt32.self)
          guard word & 0x00C0_C0F0 == 0x0080_80E0 else { break }
          // Bit 5 of the second byte: set from A0 on, clear up to 9F.
          let secondFrom0xA0 = word & 0x2000 != 0
          let first = word & 0xFF
          if first == 0xE0 && !secondFrom0xA0 || first == 0xED && secondFrom0xA0 { return false }
          next += 3
        }
        if next != runStart { continue }
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
