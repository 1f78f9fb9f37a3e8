import Foundation
import PMBoardCore

/// `--today` on the command line.
enum TodayOption {
  /// `--today` if given, otherwise today on the board's wall clock.
  static func today(override: String?, info: BoardInfo) throws -> CalendarDate {
    try override.map(parse) ?? info.today(now: BoardClock.now())
  }

  /// The value of `--today`.
  static func parse(_ text: String) throws(CommandError) -> CalendarDate {
    guard let date = CalendarDate(iso: text) else {
      throw CommandError("--today: \"\(text)\" is not a date; use YYYY-MM-DD")
    }
    return date
  }
}
