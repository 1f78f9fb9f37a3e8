import Foundation
import PMBoardBytes

/// Reads and writes UTC instants in the interchange form `2026-11-02T10:00:00Z`.
///
/// Hand-written because 400,000 timestamps per import would spend seconds in `ISO8601DateFormatter`.
public enum Instant {
  /// Parses `YYYY-MM-DDTHH:MM:SSZ`, with optional fractional seconds.
  public static func parse(_ text: some StringProtocol) -> Date? {
    var text = String(text)
    return text.withUTF8(unsafe parse(bytes:))
  }

  /// As `parse(_:)`, from UTF-8 bytes in place.
  public static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
    guard bytes.count >= 20, unsafe bytes[10] == UInt8(ascii: "T"), unsafe bytes[13] == UInt8(ascii: ":"),
      unsafe bytes[16] == UInt8(ascii: ":"), unsafe bytes.last == UInt8(ascii: "Z"),
      let date = unsafe CalendarDate(isoBytes: UnsafeBufferPointer(rebasing: bytes[0..<10]))
    else { return nil }
    guard let hour = unsafe ASCIIDigits.value(bytes, 11..<13), let minute = unsafe ASCIIDigits.value(bytes, 14..<16),
      let second = unsafe ASCIIDigits.value(bytes, 17..<19),
      hour < 24, minute < 60, second < 61
    else { return nil }
    var fraction = 0.0
    if bytes.count > 20 {
      guard unsafe bytes[19] == UInt8(ascii: "."), bytes.count > 21 else { return nil }
      var scale = 0.1
      for position in 20..<(bytes.count - 1) {
        let byte = unsafe bytes[position]
        guard byte >= 48, byte <= 57 else { return nil }
        fraction += Double(byte - 48) * scale
        scale /= 10
      }
    }
    let seconds = date.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second
    // A leap second (`:60`) reads as the first second of the next minute; after 9999-12-31T23:59:59 that would be
    // the year 10000, which `format` cannot write in this form, so a file holding it could not be read back.
    guard seconds < Self.endOfYear9999 else { return nil }
    return Date(timeIntervalSince1970: Double(seconds) + fraction)
  }

  /// 10000-01-01T00:00:00Z in seconds since 1970: the first instant the four-digit form cannot write.
  public static let endOfYear9999 = 253_402_300_800

  /// Formats to whole seconds, UTC.
  public static func format(_ date: Date) -> String {
    unsafe withFormatted(seconds(date)) { unsafe String(decoding: $0, as: UTF8.self) }
  }

  /// Whole seconds since 1970, rounded down: what stores keep and pages show.
  public static func seconds(_ date: Date) -> Int { Int(date.timeIntervalSince1970.rounded(.down)) }

  /// Seconds since 1970 (on any clock) as days since 1970 and the second of that day, rounding down before 1970 too.
  public static func day(ofSecond seconds: Int) -> (day: Int, secondOfDay: Int) {
    let secondOfDay = (seconds % 86_400 + 86_400) % 86_400
    return ((seconds - secondOfDay) / 86_400, secondOfDay)
  }

  /// Hands the 20 bytes of `YYYY-MM-DDTHH:MM:SSZ` for `seconds` since 1970 to `body`, without a `String`:
  /// a build writes 900,000 of these straight into pages.
  public static func withFormatted<T>(_ seconds: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
    let (days, rest) = day(ofSecond: seconds)
    let day = CalendarDate(daysSinceEpoch: days)
    guard (0...9999).contains(day.year) else {
      let text = "\(day)T00:00:00Z"
      return unsafe text.utf8.withContiguousStorageIfAvailable(body) ?? body(UnsafeBufferPointer(start: nil, count: 0))
    }
    return unsafe withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { out in
      unsafe putTwoDigits(day.year / 100, into: out, at: 0)
      unsafe putTwoDigits(day.year % 100, into: out, at: 2)
      unsafe out[4] = UInt8(ascii: "-")
      unsafe putTwoDigits(day.month, into: out, at: 5)
      unsafe out[7] = UInt8(ascii: "-")
      unsafe putTwoDigits(day.day, into: out, at: 8)
      unsafe putTimeOfDay(rest, into: out, at: 10)
      return unsafe body(UnsafeBufferPointer(out))
    }
  }

  /// Writes `THH:MM:SSZ` for `secondOfDay` (10 bytes at `start`): what `format` writes after the date.
  public static func putTimeOfDay(_ secondOfDay: Int, into out: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
    unsafe out[start] = UInt8(ascii: "T")
    unsafe putTwoDigits(secondOfDay / 3600, into: out, at: start + 1)
    unsafe out[start + 3] = UInt8(ascii: ":")
    unsafe putTwoDigits(secondOfDay / 60 % 60, into: out, at: start + 4)
    unsafe out[start + 6] = UInt8(ascii: ":")
    unsafe putTwoDigits(secondOfDay % 60, into: out, at: start + 7)
    unsafe out[start + 9] = UInt8(ascii: "Z")
  }

  /// Two digits at a time, unrolled: timestamps are written three times per history entry (once per locale).
  @inline(__always)
  private static func putTwoDigits(_ value: Int, into out: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
    unsafe (out[start], out[start + 1]) = ASCIIDigits.pair(value)
  }

  /// `date` truncated to whole seconds, so that what is stored equals what is written back.
  public static func wholeSeconds(_ date: Date) -> Date {
    Date(timeIntervalSince1970: Double(seconds(date)))
  }
}
