import Foundation
import PMBoardCore

/// The moment a build shows: today on the board's wall clock and the "as of" instant. Worked out once per build,
/// when the board's time zone is known, and carried to everything that needs it, so the cards prepared while the
/// store loads and the pages agree.
public struct BuildMoment: Sendable {
  public var today: CalendarDate
  public var asOf: Date?
  /// Set when the board comes from a replica whose data may be stale; the pages say so beside "as of".
  public var offline: OfflineCopy?

  public init(today: CalendarDate, asOf: Date?, offline: OfflineCopy? = nil) {
    self.today = today
    self.asOf = asOf
    self.offline = offline
  }

  /// `SOURCE_DATE_EPOCH` pins both; `--today` alone shows the date only, so that two builds with the same
  /// `--today` are byte-identical.
  public init(
    info: BoardInfo, now: Date, pinnedToday: CalendarDate?, environment: [String: String],
    offline: OfflineCopy? = nil
  ) {
    if let pinnedToday {
      self.init(today: pinnedToday, asOf: BoardClock.sourceDateEpoch(environment: environment), offline: offline)
    } else {
      self.init(today: info.today(now: now), asOf: now, offline: offline)
    }
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
