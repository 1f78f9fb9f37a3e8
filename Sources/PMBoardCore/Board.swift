import Foundation
import PMBoardBytes

/// A board's own settings: its title, the time zone its dates are read in, and the fields it declares.
public struct BoardInfo: Sendable, Hashable {
  public var title: String
  /// IANA name, e.g. `Asia/Seoul`.
  public var timeZoneID: String
  /// The fields tasks carry values of (docs/fields.md); a board made before fields has the built-in ones only.
  public var fields: BoardFields

  public init(title: String, timeZoneID: String, fields: BoardFields = .none) {
    self.title = title
    self.timeZoneID = timeZoneID
    self.fields = fields
  }

  /// The board's time zone; falls back to UTC for a name this machine does not know (validated on input).
  public var timeZone: TimeZone { TimeZone(identifier: timeZoneID) ?? .utc }

  /// Whether `name` is a time zone of the IANA database in its `Area/Location` form (or `UTC`/`GMT`).
  /// `TimeZone(identifier:)` also takes offsets (`GMT+9`), the database's POSIX-style leftovers (`EST5EDT`) and
  /// `Factory`; none of them is a place a board is in, and the offsets read the opposite way of `Etc/GMT+9`.
  public static func isZoneName(_ name: String) -> Bool {
    if name == "UTC" || name == "GMT" { return true }
    // The `Etc/` zones (`Etc/UTC`, `Etc/GMT+9`) are in the database but not in Foundation's list of places.
    if name.hasPrefix("Etc/") { return TimeZone(identifier: name) != nil }
    return name.contains("/") && TimeZone.knownTimeZoneIdentifiers.contains(name)
  }

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
