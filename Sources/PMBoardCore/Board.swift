import Foundation
import PMBoardBytes

/// A board's own settings: its title and the time zone its dates are read in.
package struct BoardInfo: Sendable, Hashable {
  package var title: String
  /// IANA name, e.g. `Asia/Seoul`.
  package var timeZoneID: String

  package init(title: String, timeZoneID: String) {
    self.title = title
    self.timeZoneID = timeZoneID
  }

  /// The board's time zone; falls back to UTC for a name this machine does not know (validated on input).
  package var timeZone: TimeZone { TimeZone(identifier: timeZoneID) ?? TimeZone(identifier: "UTC")! }

  /// Today's calendar date on the board's wall clock.
  package func today(now: Date) -> CalendarDate { CalendarDate(now, in: timeZone) }
}

/// Everything a store holds for one board: settings, tasks and history (oldest first).
package struct Board: Sendable, Hashable {
  package var info: BoardInfo
  package var tasks: [BoardTask]
  package var history: [HistoryEntry]

  package init(info: BoardInfo, tasks: [BoardTask] = [], history: [HistoryEntry] = []) {
    self.info = info
    self.tasks = tasks
    self.history = history
  }
}
