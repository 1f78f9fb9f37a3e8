import Foundation
import PMBoardCore

/// The moment a build shows: today on the board's wall clock and the "as of" instant. Worked out once per build,
/// when the board's time zone is known, and carried to everything that needs it, so the cards prepared while the
/// store loads and the pages agree.
///
/// "As of" is the time of the board's last published change, not the build's (``settled(lastChange:)``): a cron
/// run over an unchanged board then writes the bytes the last one did, and a mirror sees only real changes. The
/// build's day is still the day the pages mark overdue and due-soon tasks by.
public struct BuildMoment: Sendable {
  public var today: CalendarDate
  public var asOf: Date?
  /// Whether "as of" is the board's last change, settled once the board is read; false when `SOURCE_DATE_EPOCH`
  /// or `--today` pins it.
  public var followsLastChange = false
  /// Set when the board comes from a replica whose data may be stale; the pages say so beside "as of".
  public var offline: OfflineCopy?

  public init(today: CalendarDate, asOf: Date?, offline: OfflineCopy? = nil) {
    self.today = today
    self.asOf = asOf
    self.offline = offline
  }

  /// With `--today`, `SOURCE_DATE_EPOCH` pins "as of", and without it the pages show the date only, so that two
  /// builds with the same `--today` are byte-identical. Without `--today` the day is the clock's on the board's
  /// wall and "as of" waits for the board (``settled(lastChange:)``).
  public init(
    info: BoardInfo, now: Date, pinnedToday: CalendarDate?, environment: [String: String],
    offline: OfflineCopy? = nil
  ) {
    if let pinnedToday {
      self.init(today: pinnedToday, asOf: BoardClock.sourceDateEpoch(environment: environment), offline: offline)
    } else {
      self.init(today: info.today(now: now), asOf: nil, offline: offline)
      followsLastChange = true
    }
  }

  /// The moment with "as of" at `lastChange` (seconds since 1970: the newest change the publish policy
  /// publishes) when it follows the board; a board with no history shows the day alone.
  public func settled(lastChange: Int64?) -> BuildMoment {
    guard followsLastChange else { return self }
    var moment = self
    moment.asOf = lastChange.map { Date(timeIntervalSince1970: Double($0)) }
    moment.followsLastChange = false
    return moment
  }
}

/// A build from a replica that has changes not pushed, or did not sync during the build.
public struct OfflineCopy: Sendable, Equatable {
  /// When the replica last synced; nil when it never has since it was cloned.
  public var lastSync: Date?

  public init(lastSync: Date?) {
    self.lastSync = lastSync
  }
}

extension OfflineCopy {
  /// The note's input as text for fingerprints and build keys.
  var keyText: String { "offline \(lastSync?.timeIntervalSince1970 ?? -1)" }
}
