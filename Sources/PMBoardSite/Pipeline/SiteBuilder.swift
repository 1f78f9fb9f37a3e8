import Foundation
import Logging
import PMBoardBytes
import PMBoardCore
import PMBoardStore
import Synchronization

/// `pmboard build` in one line: load the store → validate templates → render pages per locale → write the site.
///
/// The steps `build()` runs, in this order, by the names a failure and the progress line give them
/// (ARCHITECTURE.md walks each one, file by file):
/// 1. the "nothing changed" shortcut, before any step: the store's revision and the settings give the build key;
///    when it is the last build's and the site is intact, nothing is read or written (`SiteBuilder+Shortcut`);
/// 2. "load the store" (the card and history tables are made on the store's reader threads meanwhile);
/// 3. "check the store's text";
/// 4. "apply the publish policy";
/// 5. "validate templates" (started at once, beside the load);
/// 6. "choose locales";
/// 7. "prepare view models" (the pages' and the feeds' jobs, heaviest first);
/// 8. "prepare the output directory" (opened beside steps 6–7);
/// 9. "render pages and feeds" (one worker per core);
/// 10. "write the site" (the manifest, then one swap).
/// A failure names its step, and the previous site stays exactly as it was. A site of many boards (`boards:`,
/// ``build(boards:)``) runs steps 2–9 board after board into one writer, then writes the index of the boards, then
/// step 10 once.
public struct SiteBuilder: Sendable {
  /// Where the board comes from: a store, or the built-in demo board.
  public enum Source: Sendable {
    case store(any BoardStore)
    case demo
  }

  public var source: Source
  public var settings: BuildSettings
  public var workingDirectory: URL
  public var environment: [String: String]
  /// Step and slow-page times at debug level, shown on stderr with `PMBOARD_TRACE=1`.
  let log: Logger
  /// Told of each step as it starts and of each page as it is written (`build`'s progress line on a terminal).
  public var progress: BuildProgress?
  /// `build --verify`: no shortcut and no page kept by its inputs' fingerprint; every page is rendered and compared
  /// with the live one byte for byte, so what was edited in place by hand is written again.
  public var verify = false

  public init(source: Source, settings: BuildSettings, workingDirectory: URL, environment: [String: String]) {
    self.source = source
    self.settings = settings
    self.workingDirectory = workingDirectory
    self.environment = environment
    var log = Logger(label: "pmboard") { StreamLogHandler.standardError(label: $0) }
    log.logLevel = environment["PMBOARD_TRACE"] == "1" ? .debug : .info
    self.log = log
  }

  /// What the build did, for the one-line report.
  public struct Report: Sendable {
    public var out: String
    public var summary: SiteWriter.Summary
    public var locales: [String]
    public var tasks: Int
    public var historyEntries: Int
    /// Lines for stderr: what the site lacks that the user may want to fix.
    public var warnings: [String]
  }

  public func build() async throws -> Report {
    // Templates do not depend on the board, so they are checked while the store loads; a failure still reports
    // the earlier step first.
    async let theme = Result { try checkTheme() }
    let now = BoardClock.now(environment: environment)
    // Before any shortcut: a store inside the site is published whole, and a build must never delete it.
    if case .store(let store) = source {
      try step("prepare the output directory") {
        try SiteWriter.refuseStore(store.location, out: settings.out, workingDirectory: workingDirectory)
      }
    }
    try step("prepare the output directory") { _ = try checkOutFolder(stores: storeLocations()) }
    // With a key to compare with, the revision is read before the board (a change made while the board loads
    // then makes the next build's revision differ), and the templates are waited for; otherwise the revision comes
    // with the board and the templates are checked while the store loads.
    let last = verify ? nil : lastBuild()
    let (unchanged, revision) = await unchangedSite(
      last: last, theme: last != nil ? try? await theme.get() : nil, now: now)
    if let unchanged { return unchanged }
    var opened: SiteWriter?
    do {
      let (loaded, prepared, moment, textChecked) = try await step("load the store") {
        try await loadBoard(now: now, prepare: !settings.publish.leavesOutContent, dressingEveryCard: last == nil)
      }
      try step("check the store's text") {
        if let textChecked { try textChecked.get() } else { try StoredTextCheck.refuseControlCharacters(in: loaded) }
      }
      // Taken from the whole history, of what the policy publishes: the feeds' DTSTAMP and `updated` move only
      // when the published board changes.
      let lastChange = settings.publish.lastPublishedChange(in: loaded)
      let (board, tables) = step("apply the publish policy") {
        let board = settings.publish.redact(loaded)
        return (
          board,
          prepared
            ?? BoardTables(
              snapshot: board, today: moment.today, cutsExcerpts: settings.taskPages, orderBy: settings.orderBy)
        )
      }
      let checkedTheme = await theme
      let checked = try step("validate templates") { try checkedTheme.get() }
      let locales = try step("choose locales") { try chooseLocales(available: Array(checked.catalogs.keys)) }
      // Opened only now: read beside the store's load, the old manifests slowed it as much as they gained. Beside
      // the view models, laid out on this one thread, they use the other core.
      async let writerOpened = Result { try openWriter() }
      var (renderer, feeds) = renderers(
        board: board, tables: tables, theme: checked, locales: locales, moment: moment, lastChange: lastChange)
      renderer.taskPagesByID = last != nil
      let jobs = step("prepare view models") { Self.merge(renderer.jobs(), feeds.jobs()) }
      let writerResult = await writerOpened
      let writer = try step("prepare the output directory") { try writerResult.get() }
      opened = writer
      try await step("render pages and feeds") {
        try await Self.run(jobs, into: writer, log: log, progress: progress)
      }
      // Read before the board when there was a key to compare with; else read with it.
      let key = (revision ?? loaded.revision).map {
        Self.buildKey(
          theme: checked, settings: settings, locales: locales, defaultLocale: renderer.defaultLocale,
          info: loaded.info, moment: moment, revision: $0) + " \(board.taskCount) \(board.historyCount)"
      }
      let (taskCount, historyCount) = (board.taskCount, board.historyCount)
      let warnings = writer.warnings + feeds.warnings + Self.fieldSettingWarnings(settings, fields: board.info.fields)
      // A big board's tables are hundreds of megabytes: freed on the other core while the site is written (its
      // last step runs on one), rather than by the kernel as the process ends, on the build's wall time (35 ms at
      // 100,000 tasks). Nothing here uses them after.
      let rendered = (renderer, feeds, loaded, board, tables, jobs)
      DispatchQueue.global(qos: .utility).async { withExtendedLifetime(rendered) {} }
      let summary = try step("write the site") { try writer.commit(key: key) }
      // The writer's lists are millions of objects: freed on another thread while the report is printed (or never,
      // when the process ends first).
      Task.detached(priority: .background) { withExtendedLifetime(writer) {} }
      return Report(
        out: settings.out, summary: summary, locales: locales, tasks: taskCount, historyEntries: historyCount,
        warnings: warnings)
    } catch {
      opened?.discard()
      throw error
    }
  }

  /// The writer of the site at `--out`, its old manifests read and its staging folder ready.
  func openWriter(stores: [String]? = nil) throws -> SiteWriter {
    let out = URL(fileURLWithPath: settings.out, relativeTo: workingDirectory).standardizedFileURL
    let trust = outTrust(stores: stores ?? storeLocations())
    let writer = try SiteWriter(out: out, trust: trust, verify: verify) {
      POSIX.writeStandardError("waiting for another build into \(settings.out) to finish\n")
    }
    if case .store(let store) = source {
      do { try writer.refuseStore(store.location, workingDirectory: workingDirectory) } catch {
        writer.discard()
        throw error
      }
    }
    return writer
  }

  /// The board's page renderer and feeds, with the board's files under `addresses` and its absolute links from
  /// `baseURL` (a board of a many-board site: the site's and its folder). Their "as of" is `lastChange`, the
  /// newest published change, unless the build's moment is pinned (``BuildMoment/settled(lastChange:)``).
  func renderers(
    board: BoardSnapshot, tables: BoardTables, theme: TemplateChecker.Checked, locales: [String],
    moment: BuildMoment, lastChange: Int64?, addresses: SiteAddresses = SiteAddresses(), baseURL: String? = nil
  ) -> (SiteRenderer, SiteFeeds) {
    let moment = moment.settled(lastChange: lastChange)
    let renderer = makeRenderer(
      board: board, tables: tables, theme: theme, locales: locales, moment: moment, addresses: addresses,
      baseURL: baseURL)
    var feeds = SiteFeeds(
      snapshot: board, tables: tables, catalogs: theme.catalogs, locales: locales,
      defaultLocale: renderer.defaultLocale, moment: moment, baseURL: renderer.baseURL, policy: settings.publish,
      lastChange: lastChange)
    feeds.wipLimits = settings.wipLimits
    feeds.calendarWindow = settings.calendar
    feeds.taskPages = settings.taskPages
    feeds.addresses = addresses
    return (renderer, feeds)
  }

  func makeRenderer(
    board: BoardSnapshot, tables: BoardTables, theme: TemplateChecker.Checked, locales: [String],
    moment: BuildMoment, addresses: SiteAddresses = SiteAddresses(), baseURL: String? = nil
  ) -> SiteRenderer {
    let pageSettings = PageSettings(settings, baseURL: baseURL)
    var renderer = SiteRenderer(
      snapshot: board, tables: tables, theme: theme, locales: locales,
      defaultLocale: settings.defaultLocale ?? locales[0], moment: moment, settings: pageSettings)
    renderer.addresses = addresses
    renderer.siteFingerprint = Self.siteFingerprint(
      theme: theme, pageSettings: pageSettings, locales: locales, defaultLocale: renderer.defaultLocale,
      info: board.info, moment: moment)
    return renderer
  }

  /// The "validate templates" step alone, for `pmboard check`.
  public func checkTheme() throws -> TemplateChecker.Checked {
    var storePath: String?
    if case .store(let store) = source { storePath = store.location }
    try Theme.checkPublicFolder(
      settings.publicDir, out: settings.out, store: storePath, workingDirectory: workingDirectory)
    let theme = try Theme.load(
      templatesDir: settings.templates, publicDir: settings.publicDir, workingDirectory: workingDirectory)
    guard theme.hasBuiltInTemplates else { return try TemplateChecker().check(theme) }
    // The site's public files may still be its own: only the templates and catalogs are checked.
    var checked = try BuiltInTheme.checked.get()
    checked.assets = theme.assets
    return checked
  }

  /// The board, its tables (prepared while the store reads, see ``SnapshotHandlers``), the build's moment, and
  /// the check of its text when the handlers made it (each half checked on its reader's thread while the other
  /// half still loads). Without `prepare` (the publish policy cuts the board first) the tables are left to be
  /// made after. With `dressingEveryCard` (a build with no last site, which renders every page) every card's
  /// dress is made with the tables; otherwise each as a page that shows it is rendered (``CardDresses``).
  func loadBoard(
    now: Date, prepare: Bool, dressingEveryCard: Bool = true
  ) async throws -> (BoardSnapshot, BoardTables?, BuildMoment, Result<Void, BuildSettingsError>?) {
    switch source {
    case .store(let store) where !prepare:
      let snapshot = try await store.snapshot()
      return (snapshot, nil, moment(for: snapshot.info, now: now), nil)
    case .store(let store):
      let halves = PreparedHalves()
      let snapshot = try await store.snapshot(
        handlers: SnapshotHandlers(
          tasks: { info, tasks in
            let moment = moment(for: info, now: now)
            let (cards, problem) = CardTables.checked(
              tasks: tasks, fields: info.fields, today: moment.today, cutsExcerpts: settings.taskPages,
              dressingEveryCard: dressingEveryCard, orderBy: settings.orderBy)
            halves.state.withLock { $0.cards = (cards, moment, problem) }
          },
          history: { info, history in
            let (tables, problem) = HistoryTables.checked(history: history, zone: info.timeZone)
            halves.state.withLock { $0.history = (tables, problem) }
          }))
      let (cards, history) = halves.state.withLock { ($0.cards, $0.history) }
      guard let cards, let history else { return tables(of: snapshot, now: now) }
      // A task's problem is named first, as the one to fix.
      let checked = (cards.problem ?? history.problem).map { Result<Void, BuildSettingsError>.failure($0) }
      return (
        snapshot, BoardTables(cards: cards.tables, history: history.tables), cards.moment, checked ?? .success(())
      )
    case .demo:
      // Anchored to --today when given, so demo builds are reproducible like store builds.
      let pinned = settings.today.map { Date(timeIntervalSince1970: Double($0.daysSinceEpoch * 86_400 + 3 * 3600)) }
      let demo = BoardSnapshot(
        DemoBoard.make(info: BoardInfo(title: DemoBoard.title, timeZoneID: "Asia/Seoul"), now: pinned ?? now))
      guard prepare else { return (demo, nil, moment(for: demo.info, now: now), nil) }
      return tables(of: demo, now: now)
    }
  }

  /// The tables made from a whole snapshot, for a board whose store did not hand its halves over.
  private func tables(
    of snapshot: BoardSnapshot, now: Date
  ) -> (BoardSnapshot, BoardTables?, BuildMoment, Result<Void, BuildSettingsError>?) {
    let moment = moment(for: snapshot.info, now: now)
    let tables = BoardTables(
      snapshot: snapshot, today: moment.today, cutsExcerpts: settings.taskPages, orderBy: settings.orderBy)
    return (snapshot, tables, moment, nil)
  }

  func moment(for info: BoardInfo, now: Date) -> BuildMoment {
    BuildMoment(info: info, now: now, pinnedToday: settings.today, environment: environment, offline: settings.offline)
  }

  func chooseLocales(available: [String]) throws -> [String] {
    let preferred = ["ko", "en", "ja"]
    let all = preferred.filter(available.contains) + available.filter { !preferred.contains($0) }.sorted()
    let chosen = settings.locales ?? all
    for code in chosen where !available.contains(code) {
      throw BuildSettingsError(
        "locale `\(code)` has no catalog (Templates/locales/\(code).yml); available: \(all.joined(separator: ", "))")
    }
    guard !chosen.isEmpty else { throw BuildSettingsError("--locales is empty; name at least one locale") }
    if let main = settings.defaultLocale, !chosen.contains(main) {
      throw BuildSettingsError(
        "--default-locale `\(main)` is not one of the built locales (\(chosen.joined(separator: ", ")))")
    }
    return chosen
  }

  /// Two lists of jobs, each heaviest first, as one heaviest first (pages before feeds of equal weight). The
  /// feeds render with the pages, not after them: the workers then stay busy to the end together, where a stage
  /// of its own left one waiting for the other twice.
  static func merge(_ pages: [SiteRenderer.Job], _ feeds: [SiteRenderer.Job]) -> [SiteRenderer.Job] {
    var merged: [SiteRenderer.Job] = []
    merged.reserveCapacity(pages.count + feeds.count)
    var (page, feed) = (0, 0)
    while page < pages.count || feed < feeds.count {
      if feed == feeds.count || (page < pages.count && pages[page].weight >= feeds[feed].weight) {
        merged.append(pages[page])
        page += 1
      } else {
        merged.append(feeds[feed])
        feed += 1
      }
    }
    return merged
  }

  static func run(
    _ jobs: [SiteRenderer.Job], into writer: SiteWriter, log: Logger, progress: BuildProgress?
  ) async throws {
    let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
    let done = PageCount()
    @Sendable func perform(_ job: SiteRenderer.Job) throws {
      let start = ContinuousClock.now
      try job.write(writer)
      if let progress {
        let count = done.value.withLock { count in
          count += 1
          return count
        }
        progress.page(count, jobs.count)
      }
      let elapsed = ContinuousClock.now - start
      if elapsed > .milliseconds(100) {
        log.debug("  \(job.path): \(elapsed.formatted(.units(allowed: [.milliseconds])))")
      }
    }
    // One task per core takes the next job until none is left: a big board has a job per task page, and a task
    // per job cost more than reusing a page does.
    let next = JobCounter()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<min(width, jobs.count) {
        group.addTask {
          while case let index = next.take(), index < jobs.count {
            try perform(jobs[index])
          }
        }
      }
      try await group.waitForAll()
    }
  }

  func step<T>(_ name: String, _ body: () async throws -> T) async throws -> T {
    progress?.step(name)
    let start = ContinuousClock.now
    defer { trace(name, since: start) }
    do { return try await body() } catch { throw BuildError(step: name, underlying: error) }
  }

  /// Throws only what `body` throws, named by the step: a step that cannot fail needs no `try`.
  func step<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
    progress?.step(name)
    let start = ContinuousClock.now
    defer { trace(name, since: start) }
    do { return try body() } catch { throw BuildError(step: name, underlying: error) }
  }

  private func trace(_ name: String, since start: ContinuousClock.Instant) {
    log.debug("\(name): \((ContinuousClock.now - start).formatted(.units(allowed: [.milliseconds])))")
  }
}

/// The index of the next job to run, shared by the workers.
private final class JobCounter: Sendable {
  private let next = Atomic(0)
  func take() -> Int { next.add(1, ordering: .relaxed).oldValue }
}

/// How many pages are written so far.
private final class PageCount: Sendable {
  let value = Mutex(0)
}

/// The two halves of a build's tables as the store's readers finish them.
private final class PreparedHalves: Sendable {
  typealias Cards = (tables: CardTables, moment: BuildMoment, problem: BuildSettingsError?)
  let state = Mutex<(cards: Cards?, history: (tables: HistoryTables, problem: BuildSettingsError?)?)>((nil, nil))
}

/// Where a build reports how far it is.
public struct BuildProgress: Sendable {
  /// A step starts (its name, as errors name it).
  public var step: @Sendable (String) -> Void
  /// `done` of `total` page jobs are written (a job may write a page and its root twin).
  public var page: @Sendable (_ done: Int, _ total: Int) -> Void

  public init(step: @escaping @Sendable (String) -> Void, page: @escaping @Sendable (Int, Int) -> Void) {
    self.step = step
    self.page = page
  }
}
