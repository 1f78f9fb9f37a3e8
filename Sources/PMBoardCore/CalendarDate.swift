import Foundation
import PMBoardBytes

/// A calendar date without a time of day (`YYYY-MM-DD`), as due dates are.
///
/// Comparison is chronological. Days are counted with the proleptic Gregorian calendar so that
/// arithmetic ("+3d") needs no `Calendar` and no time zone.
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible, Decodable {
  public let year: Int
  public let month: Int
  public let day: Int

  /// Fails for dates that do not exist, such as `2026-02-30` or `2026-13-01`.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
      day <= CalendarDate.daysInMonth(year: year, month: month)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// Parses exactly `YYYY-MM-DD`.
  public init?(iso text: some StringProtocol) {
    guard let fields = ISODateBytes.fields(String(text)) else { return nil }
    self.init(year: fields.year, month: fields.month, day: fields.day)
  }

  /// The date of the day `daysSinceEpoch` days after 1970-01-01.
  public init(daysSinceEpoch: Int) {
    // Howard Hinnant's civil_from_days.
    let z = daysSinceEpoch + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    self.year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    self.month = month
    self.day = day
  }

  /// Days since 1970-01-01 (negative before).
  public var daysSinceEpoch: Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  public func adding(days: Int) -> CalendarDate {
    CalendarDate(daysSinceEpoch: daysSinceEpoch + days)
  }

  /// The calendar date of `instant` on a wall clock in `timeZone`.
  public init(_ instant: Date, in timeZone: TimeZone) {
    var clock = WallClock(zone: timeZone)
    self.init(daysSinceEpoch: Instant.day(ofSecond: clock.localSeconds(instant)).day)
  }

  public var description: String {
    let y = String(year)
    let m = month < 10 ? "0\(month)" : String(month)
    let d = day < 10 ? "0\(day)" : String(day)
    return String(repeating: "0", count: max(0, 4 - y.count)) + y + "-" + m + "-" + d
  }

  public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  public static func daysInMonth(year: Int, month: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let date = CalendarDate(iso: text) else {
      throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a date"))
    }
    self = date
  }
}
