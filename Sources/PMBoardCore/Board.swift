import Foundation
import PMBoardBytes

/// A board's own settings: its title and the time zone its dates are read in.
public struct BoardInfo: Sendable, Hashable {
  public var title: String
  /// IANA name, e.g. `Asia/Seoul`.
  public var timeZoneID: String

  public init(title: String, timeZoneID: String) {
    self.title = title
    self.timeZoneID = timeZoneID
  }

  /// The board's time zone; falls back to UTC for a name this machine does not know (validated on input).
  public var timeZone: TimeZone { TimeZone(identifier: timeZoneID) ?? .utc }

  /// Today's calendar date on the board's wall clock.
  public func today(now: Date) -> CalendarDate { CalendarDate(now, in: timeZone) }
}

/// Everything a store holds for one board: settings, tasks and history (oldest first).
public struct Board: Sendable, Hashable {
  public var info: BoardInfo
  public var tasks: [BoardTask]
  public var history: [HistoryEntry]

  public init(info: BoardInfo, tasks: [BoardTask] = [], history: [HistoryEntry] = []) {
    self.info = info
    self.tasks = tasks
    self.history = history
  }
}

extension TimeZone {
  /// UTC, which every system knows (`TimeZone(identifier: "UTC")` cannot fail; this says so once).
  public static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
}
