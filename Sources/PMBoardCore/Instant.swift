import Foundation
import PMBoardBytes

/// Reads and writes UTC instants in the interchange form `2026-11-02T10:00:00Z`: the calendar here, the bytes in
/// ``ISOInstantBytes``.
public enum Instant {
  /// Parses `YYYY-MM-DDTHH:MM:SSZ`, with optional fractional seconds.
  public static func parse(_ text: some StringProtocol) -> Date? {
    guard let fields = ISOInstantBytes.fields(String(text)),
      let date = CalendarDate(year: fields.year, month: fields.month, day: fields.day),
      fields.hour < 24, fields.minute < 60, fields.second < 61
    else { return nil }
    let seconds = date.daysSinceEpoch * 86_400 + fields.hour * 3600 + fields.minute * 60 + fields.second
    // A leap second (`:60`) reads as the first second of the next minute; after 9999-12-31T23:59:59 that would be
    // the year 10000, which `format` cannot write in this form, so a file holding it could not be read back.
    guard seconds < Self.endOfYear9999 else { return nil }
    return Date(timeIntervalSince1970: Double(seconds) + fields.fraction)
  }

  /// 10000-01-01T00:00:00Z in seconds since 1970: the first instant the four-digit form cannot write.
  public static let endOfYear9999 = 253_402_300_800

  /// Formats to whole seconds, UTC.
  public static func format(_ date: Date) -> String { format(seconds: seconds(date)) }

  /// `YYYY-MM-DDTHH:MM:SSZ` for `seconds` since 1970; outside years 0–9999, the date at midnight as
  /// ``CalendarDate`` writes it.
  public static func format(seconds: Int) -> String {
    let (days, rest) = day(ofSecond: seconds)
    let day = CalendarDate(daysSinceEpoch: days)
    guard (0...9999).contains(day.year) else { return "\(day)T00:00:00Z" }
    return ISOInstantBytes.string(year: day.year, month: day.month, day: day.day, secondOfDay: rest)
  }

  /// Whole seconds since 1970, rounded down: what stores keep and pages show.
  public static func seconds(_ date: Date) -> Int { Int(date.timeIntervalSince1970.rounded(.down)) }

  /// Seconds since 1970 (on any clock) as days since 1970 and the second of that day, rounding down before 1970 too.
  public static func day(ofSecond seconds: Int) -> (day: Int, secondOfDay: Int) {
    let secondOfDay = (seconds % 86_400 + 86_400) % 86_400
    return ((seconds - secondOfDay) / 86_400, secondOfDay)
  }

  /// `date` truncated to whole seconds, so that what is stored equals what is written back.
  public static func wholeSeconds(_ date: Date) -> Date {
    Date(timeIntervalSince1970: Double(seconds(date)))
  }
}
