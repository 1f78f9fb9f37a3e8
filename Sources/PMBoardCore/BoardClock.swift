import Foundation
import PMBoardBytes

/// The current moment for commands and builds; `PMBOARD_NOW` (an instant like 2026-11-21T09:00:00Z) pins it for
/// tests and demos, `SOURCE_DATE_EPOCH` (seconds) for reproducible builds.
public enum BoardClock {
  public static func now(environment: [String: String] = ProcessInfo.processInfo.environment) -> Date {
    if let text = environment["PMBOARD_NOW"], let date = Instant.parse(text) { return date }
    return sourceDateEpoch(environment: environment) ?? Instant.wholeSeconds(Date())
  }

  /// Why `PMBOARD_NOW` or `SOURCE_DATE_EPOCH` cannot be used, if one is set to something that is not a moment:
  /// ignoring it would build with the wrong date without a word.
  public static func problem(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
    if let text = environment["PMBOARD_NOW"], Instant.parse(text) == nil {
      return "PMBOARD_NOW=\"\(text)\" is not a UTC instant like 2026-11-21T09:00:00Z; fix or unset it"
    }
    guard let text = environment["SOURCE_DATE_EPOCH"], !text.isEmpty else { return nil }
    guard text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      return "SOURCE_DATE_EPOCH=\"\(text)\" is not a whole number of seconds since 1970; fix or unset it"
    }
    guard epochSeconds(text) != nil else {
      return "SOURCE_DATE_EPOCH=\"\(text)\" is out of range (years 1970–9999, 0 to "
        + "\(Instant.endOfYear9999 - 1) seconds); fix or unset it"
    }
    return nil
  }

  /// `SOURCE_DATE_EPOCH`, the reproducible-builds convention: seconds since 1970; nil when not a number of
  /// seconds that dates can be made of (``problem(environment:)`` says why).
  public static func sourceDateEpoch(environment: [String: String]) -> Date? {
    environment["SOURCE_DATE_EPOCH"].flatMap(epochSeconds).map { Date(timeIntervalSince1970: Double($0)) }
  }

  /// Seconds within years 1970–9999: past them, the arithmetic on dates (time zone offsets, days, weeks)
  /// would overflow, and no date could be written in the four-digit form anyway.
  private static func epochSeconds(_ text: String) -> Int? {
    guard let seconds = Int(text), (0..<Instant.endOfYear9999).contains(seconds) else { return nil }
    return seconds
  }
}
