import PMBoardCore
import Yams

/// Which open tasks the calendars list (`calendar:` in `pmboard.yml`): by default those due from 60 days before
/// the build's day to 180 after it, at most 5,000 (the nearest the day), so that a subscription stays a file a
/// calendar app takes (a 100,000-task board's whole calendar was 65 MB; Kanboard's feed covers two months back and
/// six ahead). `calendar: all` lists every open task with a due date.
public struct CalendarWindow: Sendable, Equatable {
  /// Days before and after the build's day; nil: every due day.
  public var daysBack: Int?
  public var daysAhead: Int?
  /// At most this many events a calendar (the label's and person's calendars each); nil: no cap.
  public var events: Int?

  public static let standard = CalendarWindow(daysBack: 60, daysAhead: 180, events: 5_000)
  public static let all = CalendarWindow(daysBack: nil, daysAhead: nil, events: nil)
  public static let days = 0...3_650
  public static let eventCounts = 1...1_000_000

  /// What a capped calendar keeps first: the events nearest the build's day, then the earlier day, then board
  /// order.
  struct Key: Comparable {
    var distance: Int
    var day: Int
    var card: Int

    static func < (lhs: Key, rhs: Key) -> Bool {
      (lhs.distance, lhs.day, lhs.card) < (rhs.distance, rhs.day, rhs.card)
    }
  }

  /// Whether a task due on day `due` (days since 1970) is in the window around `today`.
  func contains(due: Int, today: Int) -> Bool {
    (daysBack.map { due >= today - $0 } ?? true) && (daysAhead.map { due <= today + $0 } ?? true)
  }

  /// The last key a calendar of events with `keys` keeps under the cap; nil when it keeps them all.
  func cutoff(_ keys: [Key]) -> Key? {
    guard let events, keys.count > events else { return nil }
    return keys.sorted()[events - 1]
  }

  /// The window a name gives: `all` or `window` (the default); nil for any other text. `pmboard.yml`'s
  /// `calendar:` and `build --calendar` read names alike.
  public static func named(_ name: String) -> CalendarWindow? {
    switch name {
    case "all": .all
    case "window": .standard
    default: nil
    }
  }

  /// `calendar: all`, `calendar: window` (the default), or `{days-back: 60, days-ahead: 180, events: 5000}`.
  static func parse(_ value: Node, place: String) throws(ConfigError) -> CalendarWindow {
    if let text = value.string {
      guard let window = named(text) else {
        throw ConfigError(message: "\(place): `calendar` takes all, window or {days-back, days-ahead, events}")
      }
      return window
    }
    guard let mapping = value.mapping else {
      throw ConfigError(message: "\(place): `calendar` takes all, window or {days-back, days-ahead, events}")
    }
    var window = CalendarWindow.standard
    for (keyNode, node) in mapping {
      let key = keyNode.string ?? ""
      let range = key == "events" ? eventCounts : days
      guard let number = node.string.flatMap({ Int($0) }), range.contains(number) else {
        throw ConfigError(
          message: "\(place): calendar: `\(key)` takes a number from \(range.lowerBound) to \(range.upperBound)")
      }
      switch key {
      case "days-back": window.daysBack = number
      case "days-ahead": window.daysAhead = number
      case "events": window.events = number
      default:
        throw ConfigError(message: "\(place): calendar: unknown key `\(key)`; known: days-back, days-ahead, events")
      }
    }
    return window
  }
}
