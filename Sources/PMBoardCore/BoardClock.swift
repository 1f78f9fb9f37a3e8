import Foundation
import PMBoardBytes

/// The current moment for commands and builds; `PMBOARD_NOW` (an instant like 2026-11-21T09:00:00Z) pins it for
/// tests and demos, `SOURCE_DATE_EPOCH` (seconds) for reproducible builds.
public enum BoardClock {
  public static func now(environment: [String: String] = ProcessInfo.processInfo.environment) -> Date {
    if let text = environment["PMBOARD_NOW"], let date = Instant.parse(text) { return date }
    return sourceDateEpoch(environment: environment) ?? Instant.wholeSeconds(Date())
  }

  /// `SOURCE_DATE_EPOCH`, the reproducible-builds convention: seconds since 1970.
  public static func sourceDateEpoch(environment: [String: String]) -> Date? {
    environment["SOURCE_DATE_EPOCH"].flatMap(Int.init).map { Date(timeIntervalSince1970: Double($0)) }
  }
}
