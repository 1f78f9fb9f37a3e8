import Foundation
import PMBoardBytes

/// Converts UTC instants to seconds on a time zone's wall clock, asking the time zone twice per hour (its start
/// and end): offsets only change at DST transitions, and a build converts 300,000 history instants.
public struct WallClock {
  public let zone: TimeZone
  private var offsets: [Int: Int] = [:]
  /// The hour asked last and its offset: history comes in time order, so most entries ask for their
  /// neighbour's hour, without hashing it.
  private var last = (hour: Int.min, offset: 0)

  public init(zone: TimeZone) { self.zone = zone }

  private func offset(at seconds: Int) -> Int {
    zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
  }

  /// Seconds since 1970-01-01 00:00 on the wall clock at `instant`.
  public mutating func localSeconds(_ instant: Date) -> Int {
    localSeconds(utc: Instant.seconds(instant))
  }

  /// The same for whole seconds since 1970, UTC.
  public mutating func localSeconds(utc seconds: Int) -> Int {
    let hour = seconds >= 0 ? seconds / 3600 : (seconds - 3599) / 3600
    if hour == last.hour { return seconds + last.offset }
    if let cached = offsets[hour] {
      last = (hour, cached)
      return seconds + cached
    }
    // An hour is kept only when it starts and ends on one offset: Lord Howe moves by half an hour at half past.
    let offset = self.offset(at: hour * 3600)
    guard offset == self.offset(at: hour * 3600 + 3599) else { return seconds + self.offset(at: seconds) }
    offsets[hour] = offset
    last = (hour, offset)
    return seconds + offset
  }
}
