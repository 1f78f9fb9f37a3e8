/// Reads fixed-width decimal fields from ASCII bytes, for the hand-written date and instant parsers.
enum ASCIIDigits {
  /// The number in `bytes[range]`, or nil if any byte there is not a digit.
  static func value(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
    var value = 0
    for index in range {
      let byte = bytes[index]
      guard byte >= 48, byte <= 57 else { return nil }
      value = value * 10 + Int(byte - 48)
    }
    return value
  }
}
