import Foundation
import PMBoardBytes
import PMBoardCore
import Yams

/// Everything `pmboard build` and `pmboard check` need to know, from `pmboard.yml` with flags on top.
public struct BuildSettings: Sendable, Equatable {
  public var store: String?
  public var out = "_site"
  public var templates: String?
  public var publicDir: String?
  public var locales: [String]?
  public var defaultLocale: String?
  public var today: CalendarDate?
  public var baseURL: String?
  /// Not a setting of `pmboard.yml`: `build` sets it for a replica whose data may be stale.
  public var offline: OfflineCopy?
  /// What the build publishes (`publish:`); everything by default.
  public var publish = PublishPolicy.everything
  /// How many cards a column of the board page shows before its "Show all" link to the whole column.
  public var columnLimit = 50
  /// The column limits accepted: past a million cards a page is too big to open anyway, and the page-size
  /// arithmetic on a limit near `Int.max` would overflow.
  public static let columnLimits = 1...1_000_000
  /// About how many cards a page of a long column holds (`page-cards`): a column of more than twice as many is cut
  /// into pages (``PageCuts``).
  public var pageCards = 500
  /// The page sizes accepted: at least two cards, so that a page has a half to cut at.
  public static let pageCardsRange = 2...100_000
  /// Pages load a script that re-marks due dates with the reader's date (`live-dates: true`).
  public var liveDates = false
  /// A page per task (`task-pages: false` leaves them out, e.g. for a host that limits a site's size).
  public var taskPages = true
  /// Work-in-progress limits by column (`TaskState.order`): a column holding more tasks says so (`wip-limits:`).
  public var wipLimits: [Int?] = [nil, nil, nil]
  /// How many days ahead an open task counts as due soon (`due-soon`, 0 to 365; 0 turns the warning off).
  public var dueSoon = 3
  public static let dueSoonDays = 0...365
  /// Days in DOING from which a card says how long it has been there (`aging`, 0 to 3650; 0: never).
  public var aging = 14
  public static let agingDays = 0...3650
  /// Others share the folder that holds `--out` on purpose (`shared-out: true`): what ``OutFolderTrust`` finds there
  /// is a warning, not a refusal. Not in the build key: it changes no page.
  public var sharedOut = false
  /// The key of a select or milestone field whose option order leads each column's order (`order-by`), before
  /// the due day; nil for the board's order.
  public var orderBy: String?
  /// The key of a select or milestone field whose options split the board page into lanes (`group-by`); nil for
  /// one board of three columns.
  public var groupBy: String?
  /// Which open tasks the calendars list (`calendar:`).
  public var calendar = CalendarWindow.standard
  /// The boards of a many-board site (`boards:`); empty for a site of one board, `store`'s.
  public var boards: [BoardEntry] = []

  public init() {}

  /// The settings `pmboard.yml` accepts, with the flag each one mirrors.
  public static let keys = [
    "store", "out", "templates", "public", "locales", "default-locale", "today", "base-url", "publish",
    "column-limit", "live-dates", "task-pages", "user", "wip-limits", "due-soon", "aging", "boards",
    "shared-out", "order-by", "group-by", "calendar", "page-cards",
  ]

  /// The text of the settings file `file`; nil when there is none. A FIFO, folder or device there is refused
  /// without being opened for a blocking read.
  static func configText(_ file: String) throws(ConfigError) -> String? {
    // Through a link too (a settings file kept elsewhere and linked in is the user's choice), and without waiting.
    let opened = POSIX.open(file, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard opened >= 0 else {
      if errno == ENOENT { return nil }
      throw ConfigError(message: "\(file): cannot read it: \(POSIX.lastErrorText)")
    }
    defer { POSIX.close(opened) }
    guard let info = POSIX.status(ofDescriptor: opened), info.st_mode & S_IFMT == S_IFREG else {
      throw ConfigError(message: "\(file): not a regular file (a FIFO, folder or device); make it a text file")
    }
    guard let data = POSIX.readToEnd(opened) else {
      throw ConfigError(message: "\(file): cannot read it: \(POSIX.lastErrorText)")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw ConfigError(message: "\(file): cannot read it as UTF-8 text")
    }
    return text
  }

  /// Reads `pmboard.yml` if it exists; unknown keys and bad values are errors with their line and column.
  public static func load(file: String = "pmboard.yml") throws(ConfigError) -> BuildSettings {
    var settings = BuildSettings()
    guard let text = try configText(file) else { return settings }
    let root: Node?
    do {
      root = try Yams.compose(yaml: text)
    } catch let error as YamlError {
      throw ConfigError(message: "\(file): \(error)")
    } catch {
      throw ConfigError(message: "\(file): \(error)")
    }
    guard let root else { return settings }
    guard let mapping = root.mapping else {
      throw ConfigError(message: "\(file):1:1: expected settings as `key: value` lines")
    }
    for (keyNode, value) in mapping {
      let key = keyNode.string ?? ""
      try settings.set(key, value, place: "\(file):\(keyNode.mark?.line ?? 1):\(keyNode.mark?.column ?? 1)", file: file)
    }
    return settings
  }

  /// Sets `key` from its value in `pmboard.yml` (`place` names the key's line and column for a message).
  mutating func set(_ key: String, _ value: Node, place: String, file: String) throws(ConfigError) {
    func text() throws(ConfigError) -> String {
      guard let string = value.string else { throw ConfigError(message: "\(place): `\(key)` takes a text value") }
      return string
    }
    /// The value as a whole number in `range` of `unit`s ("a number of days from 0 to 365").
    func number(in range: ClosedRange<Int>, of unit: String) throws(ConfigError) -> Int {
      let numberText = try text()
      guard let number = Int(numberText), range.contains(number) else {
        throw ConfigError(
          message:
            "\(place): `\(key)` takes a number of \(unit) from \(range.lowerBound) to \(range.upperBound), not "
            + ConfigError.quoted(numberText))
      }
      return number
    }
    switch key {
    case "store": store = try text()
    case "out": out = try text()
    case "templates": templates = try text()
    case "public": publicDir = try text()
    case "default-locale": defaultLocale = try text()
    case "today":
      guard let day = CalendarDate(iso: try text()) else {
        throw ConfigError(message: "\(place): `today` takes a date, YYYY-MM-DD")
      }
      today = day
    case "base-url": baseURL = try text()
    case "order-by":
      do {
        orderBy = try Self.orderBy(try text())
      } catch {
        throw ConfigError(message: "\(place): \(error.message)")
      }
    case "calendar": calendar = try CalendarWindow.parse(value, place: place)
    case "group-by":
      do {
        groupBy = try Self.orderBy(try text(), setting: "`group-by`")
      } catch {
        throw ConfigError(message: "\(place): \(error.message)")
      }
    // Who the history names for changes made here (writing commands read it with ``user(file:)``): checked, but
    // not a build setting, since no page depends on who runs the build.
    case "user": _ = try text()
    case "locales":
      if let list = value.sequence {
        locales = list.compactMap(\.string)
      } else {
        locales = Self.splitList(try text())
      }
    case "publish": publish = try Self.publishPolicy(value, file: file)
    case "boards": boards = try Self.boardEntries(value, place: place)
    case "column-limit": columnLimit = try number(in: Self.columnLimits, of: "cards")
    case "page-cards": pageCards = try number(in: Self.pageCardsRange, of: "cards")
    case "due-soon": dueSoon = try number(in: Self.dueSoonDays, of: "days")
    case "aging": aging = try number(in: Self.agingDays, of: "days")
    case "wip-limits":
      // `wip-limits: {doing: 5}`, or the flag's `doing=5,todo=20`.
      let rules = value.mapping.map { rules in
        rules.map { "\($0.string ?? "")=\($1.string ?? "")" }.joined(separator: ",")
      }
      let limitsText: String
      if let rules { limitsText = rules } else { limitsText = try text() }
      do {
        wipLimits = try Self.wipLimits(limitsText)
      } catch {
        throw ConfigError(message: "\(place): \(error.message)")
      }
    case "live-dates", "task-pages", "shared-out":
      guard let flag = value.bool else {
        throw ConfigError(message: "\(place): `\(key)` takes true or false")
      }
      switch key {
      case "live-dates": liveDates = flag
      case "task-pages": taskPages = flag
      default: sharedOut = flag
      }
    default:
      throw ConfigError(
        message: "\(place): unknown setting `\(key)`; known: \(Self.keys.joined(separator: ", "))")
    }
  }

  /// Sets `key` from the YAML text of its value (`due-soon` from `7`, `publish` from `{bodies: hide}`), as the
  /// line `key: yaml` of `pmboard.yml` would.
  public mutating func set(_ key: String, yaml: String) throws(ConfigError) {
    let node: Node?
    do { node = try Yams.compose(yaml: yaml) } catch { throw ConfigError(message: "\(key): \(error)") }
    guard let node else { throw ConfigError(message: "`\(key)` takes a value") }
    try set(key, node, place: key, file: key)
  }

  /// Just `user:` of `pmboard.yml`, for writing commands: the other settings are the build's, and a mistake in
  /// them should not stop an `add`. Nil when the file or the key is missing.
  public static func user(file: String = "pmboard.yml") throws(ConfigError) -> String? {
    guard let text = try configText(file) else { return nil }
    let root: Node?
    do {
      root = try Yams.compose(yaml: text)
    } catch {
      throw ConfigError(message: "\(file): \(error)")
    }
    guard let mapping = root?.mapping else { return nil }
    for (keyNode, value) in mapping where keyNode.string == "user" {
      guard let user = value.string else {
        let place = "\(file):\(keyNode.mark?.line ?? 1):\(keyNode.mark?.column ?? 1)"
        throw ConfigError(message: "\(place): `user` takes a text value, the name history shows for your changes")
      }
      return user
    }
    return nil
  }

  /// `publish:` as a mapping (`publish: {bodies: hide, states: [todo, doing]}`); each value is text or a list.
  private static func publishPolicy(_ node: Node, file: String) throws(ConfigError) -> PublishPolicy {
    guard let mapping = node.mapping else {
      let mark = node.mark
      throw ConfigError(
        message: "\(file):\(mark?.line ?? 1):\(mark?.column ?? 1): `publish` takes settings like `bodies: hide`")
    }
    var policy = PublishPolicy.everything
    for (keyNode, value) in mapping {
      let key = keyNode.string ?? ""
      var text = value.sequence.map { $0.compactMap(\.string).joined(separator: ",") } ?? value.string ?? ""
      // `labels: {only: [public], except: [draft]}`: each rule as `only:public`, space-separated.
      if let rules = value.mapping {
        text = rules.map { rule, names in
          (rule.string ?? "") + ":"
            + (names.sequence?.compactMap(\.string).joined(separator: ",") ?? names.string ?? "")
        }.joined(separator: " ")
      }
      do {
        try policy.set(key, text)
      } catch {
        throw ConfigError(
          message: "\(file):\(keyNode.mark?.line ?? 1):\(keyNode.mark?.column ?? 1): publish: \(error.message)")
      }
    }
    return policy
  }

  /// The field key `order-by` and `group-by` take (nil for empty text: the board's order, no lanes), as the flags
  /// and `pmboard.yml` give it; a message names the setting as `setting`.
  public static func orderBy(_ text: String, setting: String = "`order-by`") throws(ConfigError) -> String? {
    let key = text.trimmingCharacters(in: .whitespaces).lowercased()
    guard key.isEmpty || key.range(of: "^[a-z][a-z0-9-]{0,29}$", options: .regularExpression) != nil else {
      throw ConfigError(message: "\(setting) takes a field's key (priority), not `\(key)`")
    }
    return key.isEmpty ? nil : key
  }

  /// Work-in-progress limits from `doing=5,todo=20` (what the flag takes and `wip-limits:` comes to). A message
  /// names the limits as `setting` (the flag or the key), once.
  public static func wipLimits(_ text: String, setting: String = "`wip-limits`") throws(ConfigError) -> [Int?] {
    var limits: [Int?] = [nil, nil, nil]
    for rule in splitList(text) {
      let parts = rule.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      guard parts.count == 2, let state = TaskState(parsing: parts[0]) else {
        throw ConfigError(
          message: "\(setting) takes a column and a number of tasks (doing=5), not \(ConfigError.quoted(rule))")
      }
      guard let limit = Int(parts[1]), columnLimits.contains(limit) else {
        throw ConfigError(
          message: "\(setting): \(state.rawValue) takes a number of tasks from 1 to 1000000, not "
            + ConfigError.quoted(parts[1]))
      }
      limits[state.order] = limit
    }
    return limits
  }

  public static func splitList(_ text: String) -> [String] {
    text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }
}

/// A problem in `pmboard.yml`, with its place.
public struct ConfigError: Error, Sendable, PMBoardFailure {
  public var message: String
  public var description: String { message }

  /// A value from the file as a message shows it: quoted, and cut short, so a long value does not bury the line.
  static func quoted(_ text: String) -> String {
    "\"" + (text.count > 40 ? text.prefix(40) + "…" : text) + "\""
  }
}
