/// The interchange form of a UTC instant, `2026-11-02T10:00:00Z`, as bytes: read into its fields and written
/// from them, with no `String` in between where the caller has bytes (the domain model does the calendar).
///
/// Hand-written because 400,000 timestamps per import would spend seconds in `ISO8601DateFormatter`.
public enum ISOInstantBytes {
  /// What `YYYY-MM-DDTHH:MM:SS[.fff]Z` spells; the fields are digits, not yet checked against a calendar.
  public struct Fields {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    /// The fractional seconds, 0 when there are none.
    public var fraction: Double
  }

  /// The fields of `YYYY-MM-DDTHH:MM:SSZ`, with optional fractional seconds, or nil for any other text.
  public static func fields(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Fields? {
    guard bytes.count >= 20, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
      bytes[16] == UInt8(ascii: ":"), bytes.last == UInt8(ascii: "Z"),
      let date = ISODateBytes.fields(utf8: UnsafeBufferPointer(rebasing: bytes[0..<10])),
      let hour = ASCIIDigits.value(bytes, 11..<13), let minute = ASCIIDigits.value(bytes, 14..<16),
      let second = ASCIIDigits.value(bytes, 17..<19)
    else { return nil }
    var fraction = 0.0
    if bytes.count > 20 {
      guard bytes[19] == UInt8(ascii: "."), bytes.count > 21 else { return nil }
      var scale = 0.1
      for position in 20..<(bytes.count - 1) {
        let byte = bytes[position]
        guard byte >= 48, byte <= 57 else { return nil }
        fraction += Double(byte - 48) * scale
        scale /= 10
      }
    }
    return Fields(
      year: date.year, month: date.month, day: date.day, hour: hour, minute: minute, second: second,
      fraction: fraction)
  }

  /// As ``fields(utf8:)``, from `text`'s UTF-8.
  public static func fields(_ text: String) -> Fields? {
    var text = text
    return text.withUTF8(fields(utf8:))
  }

  /// `YYYY-MM-DDTHH:MM:SSZ` for a date whose `year` is in 0...9999 and the second of that day.
  public static func string(year: Int, month: Int, day: Int, secondOfDay: Int) -> String {
    String(unsafeUninitializedCapacity: 20) { out in
      putTwoDigits(year / 100, into: out, at: 0)
      putTwoDigits(year % 100, into: out, at: 2)
      out[4] = UInt8(ascii: "-")
      putTwoDigits(month, into: out, at: 5)
      out[7] = UInt8(ascii: "-")
      putTwoDigits(day, into: out, at: 8)
      putTimeOfDay(secondOfDay, into: out, at: 10)
      return 20
    }
  }

  /// Writes `THH:MM:SSZ` for `secondOfDay` (10 bytes at `start`): what ``string(year:month:day:secondOfDay:)``
  /// writes after the date, for a build that writes the date from a table and the time of day per entry.
  public static func putTimeOfDay(_ secondOfDay: Int, into out: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
    out[start] = UInt8(ascii: "T")
    putTwoDigits(secondOfDay / 3600, into: out, at: start + 1)
    out[start + 3] = UInt8(ascii: ":")
    putTwoDigits(secondOfDay / 60 % 60, into: out, at: start + 4)
    out[start + 6] = UInt8(ascii: ":")
    putTwoDigits(secondOfDay % 60, into: out, at: start + 7)
    out[start + 9] = UInt8(ascii: "Z")
  }

  /// Two digits at a time, unrolled: timestamps are written three times per history entry (once per locale).
  @inline(__always)
  private static func putTwoDigits(_ value: Int, into out: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
    (out[start], out[start + 1]) = ASCIIDigits.pair(value)
  }
}

extension ByteWriter {
  /// Appends `THH:MM:SSZ` for `secondOfDay`, as ``ISOInstantBytes/putTimeOfDay(_:into:at:)`` writes it.
  public mutating func appendTimeOfDay(_ secondOfDay: Int) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { time in
      ISOInstantBytes.putTimeOfDay(secondOfDay, into: time, at: 0)
      appendBytes(UnsafeBufferPointer(time))
    }
  }
}
