import Foundation
import PMBoardBytes

/// Converts UTC instants to seconds on a time zone's wall clock, asking the time zone once per hour:
/// offsets only change at DST transitions, and a build converts 300,000 history instants.
public struct WallClock {
  public let zone: TimeZone
  private var offsets: [Int: Int] = [:]

  public init(zone: TimeZone) { self.zone = zone }

  /// Seconds since 1970-01-01 00:00 on the wall clock at `instant`.
  public mutating func localSeconds(_ instant: Date) -> Int {
    localSeconds(utc: Instant.seconds(instant))
  }

  /// The same for whole seconds since 1970, UTC.
  public mutating func localSeconds(utc seconds: Int) -> Int {
    let hour = seconds >= 0 ? seconds / 3600 : (seconds - 3599) / 3600
    if let cached = offsets[hour] { return seconds + cached }
    let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
    offsets[hour] = offset
    return seconds + offset
  }
}
