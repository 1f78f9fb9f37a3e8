import ArgumentParser
import Foundation
import PMBoardCore
import PMBoardSite
import PMBoardStore

/// The options of `pmboard build` but `--watch`, which `pmboard serve` takes as well (serve always rebuilds on
/// changes, so its help does not offer `--watch`).
struct BuildOptions: ParsableArguments {
  @OptionGroup var storeOptions: StoreOptions
  @OptionGroup var siteOptions: SiteOptions
  @Option(help: ArgumentHelp("Output directory.", valueName: "dir")) var out: String?
  @Option(help: ArgumentHelp("Locales to build, comma-separated (default: every catalog).", valueName: "list"))
  var locales: String?
  @Option(name: .customLong("default-locale"), help: "Locale of the root index.html (default: the first).")
  var defaultLocale: String?
  @Option(help: ArgumentHelp("Take this date as today (reproducible builds).", valueName: "YYYY-MM-DD"))
  var today: String?
  @Option(name: .customLong("base-url"), help: "Public URL of the site, for canonical and hreflang links.")
  var baseURL: String?
  @Flag(help: "Build the built-in demo board instead of a store.") package var demo = false
  @Flag(help: "From a replica: sync with its remote first (the pages then say nothing of an offline copy).")
  var sync = false

  @Flag(help: "No progress line on a terminal.") var quiet = false
  @Flag(
    help: """
      Render every page and compare it byte for byte with the live site, rewriting what differs: finds pages \
      edited in place by hand, which a rebuild trusts by their folder (docs/rebuilds.md).
      """)
  var verify = false
  @Flag(
    name: .customLong("shared-out"),
    help: """
      Others may write the folder that holds --out on purpose: warn about it instead of refusing the build \
      (docs/site.md).
      """)
  var sharedOut = false
  @Option(
    name: .customLong("column-limit"),
    help: ArgumentHelp("Cards a board column shows before its \"Show all\" link (default 50).", valueName: "n"))
  var columnLimit: Int?
  @Option(
    name: .customLong("page-cards"),
    help: ArgumentHelp("About how many cards a page of a long column holds (default 500).", valueName: "n"))
  var pageCards: Int?
  @Option(
    name: .customLong("wip-limits"),
    help: ArgumentHelp(
      "Work-in-progress limits: a column holding more tasks is flagged (doing=5,todo=20).", valueName: "rules"))
  var wipLimits: String?
  @Option(
    name: .customLong("due-soon"),
    help: ArgumentHelp("Days ahead an open task counts as due soon (default 3; 0: off).", valueName: "days"))
  var dueSoon: Int?
  @Option(
    name: .customLong("aging"),
    help: ArgumentHelp("Days in DOING from which a card says how long (default 14; 0: never).", valueName: "days"))
  var aging: Int?
  @Option(
    name: .customLong("order-by"),
    help: ArgumentHelp("A select or milestone field whose option order leads each column (priority).", valueName: "key")
  )
  var orderBy: String?
  @Option(
    name: .customLong("group-by"),
    help: ArgumentHelp("A select or milestone field whose options split the board into lanes.", valueName: "key"))
  var groupBy: String?
  @Option(
    name: .customLong("calendar"),
    help: ArgumentHelp(
      "Which open tasks the calendars list: window (due 60 days back to 180 ahead, at most 5,000) or all.",
      valueName: "window|all"))
  var calendar: String?
  @Flag(
    name: .customLong("live-dates"),
    help: "Add a small script that re-marks overdue and due-today tasks with the reader's date.")
  var liveDates = false
  @Option(
    name: .customLong("task-pages"),
    help: ArgumentHelp("A page per task and locale (on), or none (off).", valueName: "on|off"))
  var taskPages: String?
  @Option(name: .customLong("publish-bodies"), help: ArgumentHelp("Task bodies: show or hide.", valueName: "show|hide"))
  var publishBodies: String?
  @Option(
    name: .customLong("publish-states"),
    help: ArgumentHelp("Columns to publish, comma-separated (default: all).", valueName: "list"))
  var publishStates: String?
  @Option(
    name: .customLong("publish-history"),
    help: ArgumentHelp("History: full, titles (published tasks, no edit details) or off.", valueName: "mode"))
  var publishHistory: String?
  @Option(
    name: .customLong("publish-feeds"),
    help: ArgumentHelp("calendar.ics, history.atom, board.json and badges: on or off.", valueName: "on|off"))
  var publishFeeds: String?
  @Option(
    name: .customLong("publish-assignees"),
    help: ArgumentHelp("Who works on each task: show or hide.", valueName: "show|hide"))
  var publishAssignees: String?
  @Option(
    name: .customLong("publish-labels"),
    help: ArgumentHelp(
      "Only tasks with one of these labels (only:public,docs), or without them (except:internal).",
      valueName: "rule"))
  var publishLabels: String?
  @Option(
    name: .customLong("publish-fields"),
    help: ArgumentHelp(
      "Declared fields to leave out (hide:estimate), or tasks by value (only:priority=P0,priority=P1; except:team=x).",
      valueName: "rule"))
  var publishFields: String?
  @Option(
    name: .customLong("publish-insights"),
    help: ArgumentHelp("The insights page and insights.json: show or hide.", valueName: "show|hide"))
  var publishInsights: String?
  @Option(
    name: .customLong("publish-search"),
    help: ArgumentHelp("The search field and its index (search/): show or hide.", valueName: "show|hide"))
  var publishSearch: String?

  /// A number flag's value when it is in `range` ("--aging takes a number of days from 0 to 3650, not 4000").
  static func checked(_ value: Int?, in range: ClosedRange<Int>, flag: String, of unit: String) throws -> Int? {
    guard let value else { return nil }
    guard range.contains(value) else {
      throw ValidationError(
        "\(flag) takes a number of \(unit) from \(range.lowerBound) to \(range.upperBound), not \(value)")
    }
    return value
  }

  /// The settings of this build: pmboard.yml, and the flags over it.
  func settings() throws -> BuildSettings {
    var settings = try BuildSettings.load(file: siteOptions.config)
    siteOptions.apply(to: &settings)
    if let out { settings.out = out }
    if let locales { settings.locales = BuildSettings.splitList(locales) }
    if let defaultLocale { settings.defaultLocale = defaultLocale }
    if let today { settings.today = try TodayOption.parse(today) }
    if let baseURL { settings.baseURL = baseURL }
    settings.columnLimit =
      try Self.checked(columnLimit, in: BuildSettings.columnLimits, flag: "--column-limit", of: "cards")
      ?? settings.columnLimit
    settings.pageCards =
      try Self.checked(pageCards, in: BuildSettings.pageCardsRange, flag: "--page-cards", of: "cards")
      ?? settings.pageCards
    settings.dueSoon =
      try Self.checked(dueSoon, in: BuildSettings.dueSoonDays, flag: "--due-soon", of: "days")
      ?? settings.dueSoon
    settings.aging = try Self.checked(aging, in: BuildSettings.agingDays, flag: "--aging", of: "days") ?? settings.aging
    if let orderBy {
      do {
        settings.orderBy = try BuildSettings.orderBy(orderBy, setting: "--order-by")
      } catch {
        throw ValidationError(error.message)
      }
    }
    if let groupBy {
      do {
        settings.groupBy = try BuildSettings.orderBy(groupBy, setting: "--group-by")
      } catch {
        throw ValidationError(error.message)
      }
    }
    if let calendar {
      guard let window = CalendarWindow.named(calendar) else {
        throw ValidationError("--calendar takes window or all (a window of your own: `calendar:` in pmboard.yml)")
      }
      settings.calendar = window
    }
    if let wipLimits {
      do {
        settings.wipLimits = try BuildSettings.wipLimits(wipLimits, setting: "--wip-limits")
      } catch {
        throw ValidationError(error.message)
      }
    }
    if liveDates { settings.liveDates = true }
    if sharedOut { settings.sharedOut = true }
    if let taskPages {
      guard ["on", "off"].contains(taskPages) else {
        throw ValidationError("--task-pages takes on or off, not \(taskPages)")
      }
      settings.taskPages = taskPages == "on"
    }
    try applyPublishFlags(to: &settings.publish)
    return settings
  }

  /// One build; the line that reports it, and whether it synced with the remote first (`--sync`).
  func buildOnce(_ store: (any BoardStore)?, settings: BuildSettings) async throws -> (line: String, synced: Bool) {
    var settings = settings
    var synced = false
    if let replica = store as? SQLiteBoardStore, let state = try await replica.replicaState() {
      (settings.offline, synced) = try await offlineCopy(replica, state)
    }
    let source: SiteBuilder.Source = store.map { .store($0) } ?? .demo
    let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    var builder = SiteBuilder(
      source: source, settings: settings, workingDirectory: cwd, environment: ProcessInfo.processInfo.environment)
    let progress = ProgressLine.forTerminal(quiet: quiet)
    builder.progress = progress?.reporter
    builder.verify = verify
    defer { progress?.finish() }
    let report = try await builder.build()
    let summary = report.summary
    var line = "Built \(report.out)/: \(report.locales.joined(separator: ", ")), \(Plural.tasks(report.tasks)), "
    line += "\(Plural.historyEntries(report.historyEntries)), \(Plural.count(summary.files, "file"))"
    line +=
      summary.changed == 0 && summary.removed == 0
      ? " — nothing changed, no file rewritten" : ", \(summary.changed) changed"
    if summary.removed > 0 { line += ", \(summary.removed) removed" }
    if !summary.kept.isEmpty { line += "; kept \(summary.kept.count) files pmboard did not make" }
    BuildWarnings.print(report.warnings)
    return (TerminalText.oneLine(line), synced)
  }

  /// Syncs first with `--sync`; says the site shows an offline copy when the replica has unpushed changes or did
  /// not sync now, with a warning line.
  private func offlineCopy(
    _ replica: SQLiteBoardStore, _ state: ReplicaState
  ) async throws -> (copy: OfflineCopy?, synced: Bool) {
    var state = state
    var synced = false
    let remote = try PostgresBoardStore(url: state.remote)
    if sync {
      do {
        let summary = try await replica.sync(with: remote, at: BoardClock.now())
        do throws(RecordedChangeUnreported) {
          try StandardOutput.recorded(
            "synced with \(remote.location)",
            line: Replica.report(summary, remote: remote))
        } catch {
          // The sync is recorded, the site is not built: a retry with --sync would sync again for nothing.
          var unreported = error
          unreported.notDone = "the site was not built; build it with `pmboard build` (without --sync)"
          throw unreported
        }
        synced = true
        state = try await replica.replicaState() ?? state
      } catch let error as StoreError {
        Warning.print("could not sync: \(error.description)")
      }
    }
    guard !synced || state.pendingCount > 0 else { return (nil, synced) }
    let info = try await replica.info()
    let since = state.lastSync.map { "last synced \(Replica.localTime($0, info: info))" }
    Warning.print(
      "building an offline copy of \(remote.location) (\(since ?? "never synced"), "
        + "\(Plural.count(state.pendingCount, "change")) not pushed); `pmboard build --sync` "
        + "syncs first")
    return (OfflineCopy(lastSync: state.lastSync), synced)
  }

  /// The `--publish-…` flags over `publish:` in pmboard.yml, setting by setting.
  private func applyPublishFlags(to policy: inout PublishPolicy) throws(PublishPolicyError) {
    let flags = [
      ("bodies", publishBodies), ("states", publishStates), ("history", publishHistory), ("feeds", publishFeeds),
      ("assignees", publishAssignees), ("labels", publishLabels), ("fields", publishFields),
      ("insights", publishInsights),
      ("search", publishSearch),
    ]
    for case (let key, let value?) in flags {
      do {
        try policy.set(key, value)
      } catch {
        throw PublishPolicyError("--publish-\(key): \(error.message)")
      }
    }
  }
}
