import Foundation
import PMBoardBytes

/// Converts UTC instants to seconds on a time zone's wall clock, asking the time zone once per hour:
/// offsets only change at DST transitions, and a build converts 300,000 history instants.
package struct WallClock {
  package let zone: TimeZone
  private var offsets: [Int: Int] = [:]

  package init(zone: TimeZone) { self.zone = zone }

  /// Seconds since 1970-01-01 00:00 on the wall clock at `instant`.
  package mutating func localSeconds(_ instant: Date) -> Int {
    localSeconds(utc: Instant.seconds(instant))
  }

  /// The same for whole seconds since 1970, UTC.
  package mutating func localSeconds(utc seconds: Int) -> Int {
    let hour = seconds >= 0 ? seconds / 3600 : (seconds - 3599) / 3600
    if let cached = offsets[hour] { return seconds + cached }
    let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
    offsets[hour] = offset
    return seconds + offset
  }
}
