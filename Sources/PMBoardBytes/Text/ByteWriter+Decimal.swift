extension ByteWriter {
  public mutating func appendStatic(_ text: StaticString) {
    appendBytes(text.utf8Start, count: text.utf8CodeUnitCount)
  }

  /// `value` (0...99) zero-padded to two digits, as timestamps show hours and minutes.
  public mutating func appendTwoDigits(_ value: Int) {
    let (tens, ones) = ASCIIDigits.pair(value)
    appendByte(tens)
    appendByte(ones)
  }

  /// Decimal digits without going through `String`, the same text as `String(describing:)`.
  public mutating func appendDecimal(_ number: Int) {
    if number >= 0, number < 10 {
      appendByte(UInt8(truncatingIfNeeded: number) &+ UInt8(ascii: "0"))
      return
    }
    if number < 0 {
      appendByte(UInt8(ascii: "-"))
    }
    var magnitude = number.magnitude
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = digits.count
      repeat {
        start -= 1
        digits[start] = UInt8(truncatingIfNeeded: magnitude % 10) &+ UInt8(ascii: "0")
        magnitude /= 10
      } while magnitude > 0
      appendBytes(UnsafeBufferPointer(rebasing: digits[start...]))
    }
  }
}
