import Foundation
import PMBoardCore

/// The moment a build shows: today on the board's wall clock and the "as of" instant. Worked out once per build,
/// when the board's time zone is known, and carried to everything that needs it, so the cards prepared while the
/// store loads and the pages agree.
public struct BuildMoment: Sendable {
  public var today: CalendarDate
  public var asOf: Date?

  public init(today: CalendarDate, asOf: Date?) {
    self.today = today
    self.asOf = asOf
  }

  /// `SOURCE_DATE_EPOCH` pins both; `--today` alone shows the date only, so that two builds with the same
  /// `--today` are byte-identical.
  public init(info: BoardInfo, now: Date, pinnedToday: CalendarDate?, environment: [String: String]) {
    if let pinnedToday {
      self.init(today: pinnedToday, asOf: BoardClock.sourceDateEpoch(environment: environment))
    } else {
      self.init(today: info.today(now: now), asOf: now)
    }
  }
}
