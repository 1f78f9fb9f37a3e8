/// Fixed-width decimal fields in ASCII bytes: read by the hand-written date and instant parsers, written by the
/// instant formatter and the history's timestamps.
public enum ASCIIDigits {
  /// The two digits of `value`, which must be in 0...99 (a month, a day, an hour, a minute, a second).
  @inline(__always)
  public static func pair(_ value: Int) -> (tens: UInt8, ones: UInt8) {
    let tens = value / 10
    return (UInt8(truncatingIfNeeded: 48 + tens), UInt8(truncatingIfNeeded: 48 + value - tens * 10))
  }

  /// The number in `bytes[range]`, or nil if any byte there is not a digit.
  public static func value(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
    var value = 0
    for index in range {
      let byte = bytes[index]
      guard byte >= 48, byte <= 57 else { return nil }
      value = value * 10 + Int(byte - 48)
    }
    return value
  }
}
