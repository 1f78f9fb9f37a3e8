import Foundation
import PMBoardCore
import PMBoardTestSupport

/// One change the incremental-build oracle makes between two builds (``IncrementalOracleTests``). A step names its
/// task by an index taken modulo the tasks there are when it runs, so a sequence stays replayable from its seed
/// whatever the earlier steps left on the board.
enum OracleStep: Sendable, CustomStringConvertible {
  // The board's tasks, as `add`, `edit`, `move`, `remove`, `undo` and `redo` change them.
  /// A new task, with names the board may not have yet (a new label's or person's pages appear with it).
  case add(title: String, body: String, due: Int?, state: TaskState, labels: [String] = [], assignees: [String] = [])
  case editTitle(task: Int, title: String)
  case editBody(task: Int, body: String)
  /// A due date as days from ``OracleStep/baseDay``; nil clears it.
  case editDue(task: Int, due: Int?)
  case move(task: Int, to: TaskState)
  /// One field of a task set to the field's `variant`-th test value (``OracleStep/set(_:variant:of:)``): the random
  /// sequences draw the field from every `TaskField`, so a new field is edited as soon as it has test values.
  case edit(task: Int, field: TaskField, variant: Int)
  case remove(task: Int)
  /// A declared field added, renamed, reordered or removed, an option added, renamed or removed, a milestone
  /// added or closed (``OracleStep/definitionChange(_:of:)``).
  case define(variant: Int)
  case undo
  case redo
  /// The board's own settings, as an import that replaces the board changes them (undo and redo are cleared).
  case boardInfo(zone: String, title: String)
  /// The store's file copied aside (with its write-ahead log), as a backup is taken.
  case backup
  /// The backup copied back over the store (nothing when none was taken), then `then` (a task step) before the
  /// next build: a board that went back and forward again between two builds.
  indirect case restore(then: OracleStep)

  // The theme folders: variant 0 takes the override away (the built-in file again), any other writes it.
  case template(name: String, variant: Int)
  case catalog(locale: String, variant: Int)
  case asset(variant: Int)
  /// Every override file written again with the bytes it has: only the files' times move.
  case touchTheme

  // `pmboard.yml`.
  /// A line `key: yaml` of `pmboard.yml` (nil: the line taken away), from ``settingValues``.
  case setting(key: String, yaml: String?)
  /// A line of its `publish:` mapping (nil: taken away), from ``publishValues``.
  case publish(key: String, yaml: String?)
  case locales([String]?, defaultLocale: String?)

  // The build's moment.
  /// `--today` as days from ``OracleStep/baseDay``; nil builds with the clock's day.
  case today(Int?)
  case clock(hours: Int)
  case sourceDateEpoch(Int?)

  /// This step's two builds (incremental and fresh) run by the `pmboard` executable, or by a copy of it (another
  /// file, so another binary identity), instead of in this test process; the next step's builds are in-process
  /// again, so the binary changes twice.
  case otherBinary(copy: Bool)
  /// A rebuild with nothing changed: the build key's shortcut.
  case nothing
  /// The built site changed by hand, or something planted beside it (``HandEdit``).
  case byHand(HandEdit)

  /// The day due dates and `--today` count from.
  static let baseDay = CalendarDate(year: 2026, month: 11, day: 21)!

  var description: String {
    switch self {
    case .add(let title, let body, let due, let state, let labels, let assignees):
      "add \(Self.quoted(title)) body \(Self.quoted(body)) due \(Self.day(due)) in \(state)"
        + (labels.isEmpty ? "" : " labels \(labels.map(Self.quoted).joined(separator: ","))")
        + (assignees.isEmpty ? "" : " assignees \(assignees.map(Self.quoted).joined(separator: ","))")
    case .editTitle(let task, let title): "edit task #\(task) title \(Self.quoted(title))"
    case .editBody(let task, let body): "edit task #\(task) body \(Self.quoted(body))"
    case .editDue(let task, let due): "edit task #\(task) due \(Self.day(due))"
    case .move(let task, let state): "move task #\(task) to \(state)"
    case .edit(let task, let field, let variant):
      "edit task #\(task) \(field.rawValue) to \(Self.describe(field, variant: variant))"
    case .remove(let task): "remove task #\(task)"
    case .define(let variant): "fields: \(Self.describeDefinition(variant))"
    case .undo: "undo"
    case .redo: "redo"
    case .boardInfo(let zone, let title): "board settings: zone \(zone), title \(Self.quoted(title))"
    case .backup: "back the store up"
    case .restore(let then): "restore the store's backup, then \(then)"
    case .template(let name, let variant): "theme: template \(name) variant \(variant)"
    case .catalog(let locale, let variant): "theme: catalog \(locale) variant \(variant)"
    case .asset(let variant): "theme: asset style.css variant \(variant)"
    case .touchTheme: "theme: override files rewritten with the same bytes"
    case .setting(let key, let yaml): "setting \(key): \(yaml ?? "(default)")"
    case .publish(let key, let yaml): "setting publish: {\(key): \(yaml ?? "(default)")}"
    case .locales(let list, let main):
      "locales \(list?.joined(separator: ",") ?? "all"), default \(main ?? "first")"
    case .today(let day): "--today \(day.map { Self.baseDay.adding(days: $0).description } ?? "none")"
    case .clock(let hours): "clock +\(hours)h"
    case .sourceDateEpoch(let seconds): "SOURCE_DATE_EPOCH \(seconds.map(String.init) ?? "unset")"
    case .otherBinary(let copy): copy ? "build with a copy of the pmboard binary" : "build with the pmboard binary"
    case .nothing: "nothing changed"
    case .byHand(let edit): edit.description
    }
  }

  /// What kind of change this is, for the coverage a full run must reach (``IncrementalOracleTests``): the case,
  /// with the field an edit sets, the change to the declared fields, the key a setting line sets and the kind of a
  /// change by hand.
  var kind: String {
    switch self {
    case .add: "add"
    case .editTitle: "edit \(TaskField.title.rawValue)"
    case .editBody: "edit \(TaskField.body.rawValue)"
    case .editDue: "edit \(TaskField.due.rawValue)"
    case .move: "move"
    case .edit(_, let field, _): "edit \(field.rawValue)"
    case .remove: "remove"
    case .define(let variant): "fields: \(Self.describeDefinition(variant))"
    case .undo: "undo"
    case .redo: "redo"
    case .boardInfo: "board settings"
    case .backup: "backup"
    case .restore: "restore"
    case .template: "template"
    case .catalog: "catalog"
    case .asset: "asset"
    case .touchTheme: "touch theme"
    case .setting(let key, _): "setting \(key)"
    case .publish(let key, _): "publish \(key)"
    case .locales: "locales"
    case .today: "today"
    case .clock: "clock"
    case .sourceDateEpoch: "SOURCE_DATE_EPOCH"
    case .otherBinary(let copy): copy ? "binary copy" : "binary"
    case .nothing: "nothing"
    case .byHand(let edit): "by hand: \(edit.kind)"
    }
  }

  /// Every ``kind`` the random steps (``random(_:)``) make: a full run's sequences must walk each of them. (What is
  /// planted by hand, where and when, ``HandEditOracleTests`` walks on purpose.)
  static var randomKinds: Set<String> {
    let cases = [
      "add", "move", "remove", "undo", "redo", "board settings", "backup", "restore", "template", "catalog", "asset",
      "touch theme", "locales", "today", "clock", "SOURCE_DATE_EPOCH", "binary copy", "binary",
      "nothing",
    ]
    return Set(cases).union(TaskField.allCases.map { "edit \($0.rawValue)" })
      .union(settingValues.keys.map { "setting \($0)" }).union(publishValues.keys.map { "publish \($0)" })
      .union(definitionChanges.map { "fields: \($0)" }).union(HandEdit.kinds.map { "by hand: \($0)" })
  }

  private static func quoted(_ text: String) -> String { BoardFixture.quote(text) }
  private static func day(_ offset: Int?) -> String { offset.map { baseDay.adding(days: $0).description } ?? "none" }
}

/// Random steps, from a seeded generator: the same seed gives the same sequence.
extension OracleStep {
  /// Titles and bodies with what escaping, excerpts and the locales' text handling meet: markup characters,
  /// Korean and Japanese, a long line, an empty body, line breaks.
  static let titles = [
    "write the report", "fix <b>bold</b> & \"quotes\"", "회의록 정리", "レビューを依頼する", "a",
    String(repeating: "long title ", count: 12) + "end", "emoji 🚀 launch",
  ]
  static let bodies = [
    "", "one line", "two\nlines", "**bold** and `code` and <script>alert(1)</script>",
    String(repeating: "a body long enough to be cut into an excerpt on the card. ", count: 8), "한국어 본문입니다.",
  ]
  static let zones = ["UTC", "Asia/Seoul", "America/Los_Angeles", "Pacific/Kiritimati", "Pacific/Pago_Pago"]
  static let allLocales = ["ko", "en", "ja"]

  static func random(_ random: inout SplitMix64) -> OracleStep {
    // Weights: task operations are the most common change to a board, then settings and the moment.
    switch random.below(100) {
    case 0..<34: return taskStep(&random)
    case 34..<37: return .backup
    case 37..<40: return .restore(then: taskStep(&random))
    case 40..<52: return themeStep(&random)
    case 52..<72: return settingsStep(&random)
    case 72..<84: return momentStep(&random)
    case 84..<87: return .boardInfo(zone: pick(zones, &random), title: pick(["Board", "보드", "Team <board>"], &random))
    case 87..<91: return .otherBinary(copy: random.below(2) == 0)
    case 91..<96: return .byHand(HandEdit.random(&random))
    default: return .nothing
    }
  }

  static func taskStep(_ random: inout SplitMix64) -> OracleStep {
    let task = random.below(1000)
    switch random.below(13) {
    case 0, 1: return randomAdd(&random)
    case 2, 3, 4: return .edit(task: task, field: pick(TaskField.allCases, &random), variant: random.below(1000))
    case 5, 6: return .move(task: task, to: pick(TaskState.allCases, &random))
    case 7: return .remove(task: task)
    case 8: return .undo
    case 9: return .redo
    case 10, 11: return .define(variant: random.below(1000))
    default: return .add(title: pick(titles, &random), body: "", due: nil, state: .todo)
    }
  }

  /// A new task in any column, with any title, body and due date, and one time in three labels and people (the
  /// names each added once in a while for the first time).
  static func randomAdd(_ random: inout SplitMix64) -> OracleStep {
    let named = random.below(3) == 0
    return .add(
      title: pick(titles, &random), body: pick(bodies, &random), due: dueOffset(&random),
      state: pick(TaskState.allCases, &random),
      labels: named ? labelNames.filter { _ in random.below(2) == 0 } : [],
      assignees: named ? assigneeNames.filter { _ in random.below(3) == 0 } : [])
  }

  static func themeStep(_ random: inout SplitMix64) -> OracleStep {
    let variant = random.below(3)
    switch random.below(4) {
    case 0: return .template(name: pick(OracleTheme.templates, &random), variant: variant)
    case 1: return .catalog(locale: pick(allLocales, &random), variant: variant)
    case 2: return .asset(variant: variant)
    default: return .touchTheme
    }
  }

  /// A line of `pmboard.yml` or of its `publish:`, every key as likely as another (the keys of `publish:` once
  /// shared one key's chance, so the full tier's sequences could leave some unchanged), or the locales (two keys'
  /// chance).
  static func settingsStep(_ random: inout SplitMix64) -> OracleStep {
    let keys = settingValues.keys.sorted()
    let publishKeys = publishValues.keys.sorted()
    let pick = random.below(keys.count + publishKeys.count + 2)
    if pick < keys.count {
      return .setting(key: keys[pick], yaml: Self.pick(settingValues[keys[pick]] ?? [nil], &random))
    }
    if pick < keys.count + publishKeys.count {
      let key = publishKeys[pick - keys.count]
      return .publish(key: key, yaml: Self.pick(publishValues[key] ?? [nil], &random))
    }
    guard random.below(3) != 0 else { return .locales(nil, defaultLocale: nil) }
    let chosen = allLocales.filter { _ in random.below(2) == 0 }
    let list = chosen.isEmpty ? [Self.pick(allLocales, &random)] : chosen
    return .locales(list, defaultLocale: random.below(2) == 0 ? nil : Self.pick(list, &random))
  }

  /// The values the random sequences give each setting of `pmboard.yml` that pages read (nil: the line taken away,
  /// so the default). A test (``OracleCoverageTests``) requires every key of `BuildSettings.keys` to be here or in
  /// ``settingsOutsideSteps``: a setting that no step changes is one whose stale pages nothing would catch.
  static let settingValues: [String: [String?]] = [
    "base-url": [nil, "https://example.org/board/"],
    "column-limit": [nil, "1", "2", "3"],
    "live-dates": [nil, "true", "false"],
    "task-pages": [nil, "false"],
    "wip-limits": [nil, "{doing: 1}", "{todo: 2, doing: 3}"],
    "due-soon": [nil, "0", "1", "7"],
    "aging": [nil, "0", "1", "30"],
    "order-by": [nil, "priority", "milestone", "team"],
    "group-by": [nil, "priority", "milestone", "team"],
    "calendar": [nil, "all", "{days-back: 1, days-ahead: 3, events: 2}"],
  ]

  /// The values of each key of `publish:` (every one of `PublishPolicy.keys`, checked the same way).
  static let publishValues: [String: [String?]] = [
    "bodies": [nil, "hide"],
    "states": [nil, "[todo, doing]", "[done]", "[doing, done]"],
    "history": [nil, "titles", "off"],
    "feeds": [nil, "off"],
    "authors": [nil, "hide"],
    "assignees": [nil, "hide"],
    "labels": [nil, "{only: [public, bug]}", "{except: [bug]}"],
    "fields": [
      nil, "{hide: [priority]}", "{only: [priority=P0, priority=P1]}", "{except: [team=core]}",
      "{hide: [milestone, team]}",
    ],
    "insights": [nil, "hide"],
    "search": [nil, "hide"],
  ]

  /// Settings changed by steps of their own (the locales, the day) or read by no page: where the store, the site
  /// and the theme are (the oracle's own), who the user is, the boards of a many-board site, and whether others may
  /// write beside the site. `page-cards` has a sequence of its own (``OracleCoverageTests``'
  /// `pagedColumnsRebuildAsFresh`: the random sequences' boards of 2 to 6 tasks seldom fill a page, and a new
  /// setting value here changes every seed's draws, so that the full tier's 98 no longer walk every kind).
  static let settingsOutsideSteps: Set<String> = [
    "locales", "default-locale", "today", "store", "out", "templates", "public", "user", "boards", "shared-out",
    "page-cards",
  ]

  static func momentStep(_ random: inout SplitMix64) -> OracleStep {
    switch random.below(4) {
    case 0: return .today(random.below(3) == 0 ? nil : random.below(12) - 4)
    case 1: return .clock(hours: pick([1, 3, 11, 24, 50], &random))
    case 2: return .sourceDateEpoch(random.below(2) == 0 ? nil : 1_795_000_000 + random.below(200_000))
    default: return .clock(hours: random.below(3))
    }
  }

  /// A due date near the base day (overdue, due today or later as `--today` and the clock move), or none.
  static func dueOffset(_ random: inout SplitMix64) -> Int? {
    random.below(4) == 0 ? nil : random.below(14) - 5
  }

  static func pick<T>(_ choices: [T], _ random: inout SplitMix64) -> T { choices[random.below(choices.count)] }

  /// The due dates the edits choose from: none, overdue, today and later as `--today` and the clock move.
  static let dueOffsets: [Int?] = [nil, -5, -1, 0, 1, 3, 8]

  /// Sets `field` of `task` to its `variant`-th test value. A switch over every field, so that a new field does
  /// not compile here until it has values the oracle edits it to.
  static func set(_ field: TaskField, variant: Int, of task: inout BoardTask) {
    switch field {
    case .title: task.title = titles[variant % titles.count]
    case .body: task.body = bodies[variant % bodies.count]
    case .due: task.due = dueOffsets[variant % dueOffsets.count].map { baseDay.adding(days: $0) }
    case .state: task.state = TaskState.allCases[variant % TaskState.allCases.count]
    // Adds and removes names: a variant toggles one of a few names, so names come and go over a run.
    case .labels: toggle(labelNames[variant % labelNames.count], in: &task.labels)
    case .assignees: toggle(assigneeNames[variant % assigneeNames.count], in: &task.assignees)
    case .url: task.url = urls[variant % urls.count]
    // A declared field's value, whether or not the board declares the field just now (``setValue(variant:of:)``).
    case .values: setValue(variant: variant, of: &task)
    }
  }

  static let labelNames = ["bug", "라벨", "public", "a&b <c>"]
  static let assigneeNames = ["kyo", "さくら", "Mina"]
  static let urls = ["", "https://github.com/o/r/issues/17", "https://example.com/t?a=1&b=<2>"]

  private static func toggle(_ name: String, in names: inout NameSet) {
    if names.contains(name) { names.remove(name) } else { names.insert(name) }
  }

  static func describe(_ field: TaskField, variant: Int) -> String {
    var task = BoardTask(id: UUID(), title: "x", created: Date(timeIntervalSince1970: 0))
    set(field, variant: variant, of: &task)
    switch field {
    case .title: return quoted(task.title)
    case .body: return quoted(task.body)
    case .due: return task.due?.description ?? "none"
    case .state: return task.state.rawValue
    case .labels: return "toggle label " + quoted(labelNames[variant % labelNames.count])
    case .assignees: return "toggle assignee " + quoted(assigneeNames[variant % assigneeNames.count])
    case .url: return task.url.isEmpty ? "no link" : quoted(task.url)
    case .values: return task.values.isEmpty ? "no values" : task.values.storedText
    }
  }
}
