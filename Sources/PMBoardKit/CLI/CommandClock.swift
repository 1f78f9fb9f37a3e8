import Foundation

/// The current moment for commands; `PMBOARD_NOW` (an instant like 2026-11-21T09:00:00Z) pins it for tests
/// and demos, `SOURCE_DATE_EPOCH` (seconds) for reproducible builds.
public enum CommandClock {
  public static func now(environment: [String: String] = ProcessInfo.processInfo.environment) -> Date {
    if let text = environment["PMBOARD_NOW"], let date = Instant.parse(text) { return date }
    if let text = environment["SOURCE_DATE_EPOCH"], let seconds = Int(text) {
      return Date(timeIntervalSince1970: Double(seconds))
    }
    return Instant.wholeSeconds(Date())
  }

  /// `--today` if given, otherwise today on the board's wall clock.
  public static func today(override: String?, info: BoardInfo) throws -> CalendarDate {
    if let override {
      guard let date = CalendarDate(iso: override) else {
        throw CommandError("--today: \"\(override)\" is not a date; use YYYY-MM-DD")
      }
      return date
    }
    return info.today(now: now())
  }
}
