import Foundation

/// The current moment for commands; `PMBOARD_NOW` (an instant like 2026-11-21T09:00:00Z) pins it for tests
/// and demos, `SOURCE_DATE_EPOCH` (seconds) for reproducible builds.
public enum CommandClock {
  public static func now(environment: [String: String] = ProcessInfo.processInfo.environment) -> Date {
    if let text = environment["PMBOARD_NOW"], let date = Instant.parse(text) { return date }
    return sourceDateEpoch(environment: environment) ?? Instant.wholeSeconds(Date())
  }

  /// `SOURCE_DATE_EPOCH`, the reproducible-builds convention: seconds since 1970.
  public static func sourceDateEpoch(environment: [String: String]) -> Date? {
    environment["SOURCE_DATE_EPOCH"].flatMap(Int.init).map { Date(timeIntervalSince1970: Double($0)) }
  }

  /// `--today` if given, otherwise today on the board's wall clock.
  public static func today(override: String?, info: BoardInfo) throws -> CalendarDate {
    try override.map(parseToday) ?? info.today(now: now())
  }

  /// The value of `--today`.
  public static func parseToday(_ text: String) throws(CommandError) -> CalendarDate {
    guard let date = CalendarDate(iso: text) else {
      throw CommandError("--today: \"\(text)\" is not a date; use YYYY-MM-DD")
    }
    return date
  }
}
