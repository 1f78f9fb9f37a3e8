import Foundation
import Logging
import PMBoardBytes
import PMBoardCore
import PMBoardStore
import Synchronization

/// `pmboard build` in one line: load the store → validate templates → render pages per locale → write the site.
///
/// One board and many go through the same steps, written once (``build(site:)``), in this order, by the names a
/// failure and the progress line give them (ARCHITECTURE.md walks each one, file by file):
/// 1. the "nothing changed" shortcut, before any step: each store's revision and the settings give its board's
///    build key; when every key is the last build's and the site is intact, nothing is read or written
///    (`SiteBuilder+Shortcut`);
///
/// then for each board (`SiteBuilder+Board`), but a board of many whose key is the last build's: its files stay as
/// they are and its card on the index of the boards comes from the manifest (``SiteManifest/BoardRecord``);
/// 2. "load the store" (the card and history tables are made on the store's reader threads meanwhile);
/// 3. "check the store's text";
/// 4. "apply the publish policy";
/// 5. "validate templates" (started at once, beside the load);
/// 6. "choose locales";
/// 7. "prepare view models" (the pages' and the feeds' jobs, heaviest first);
/// 8. "prepare the output directory" (opened beside the first board's steps 6–7);
/// 9. "render pages and feeds" (one worker per core);
///
/// then once for the site:
/// 10. "write the site" (the manifest, then one swap).
///
/// A failure names its step, and the previous site stays exactly as it was. A site of many boards (`boards:`,
/// ``build(boards:)``) checks its boards' folders against the locales (steps 5–6) before any board is read, and
/// renders the index of the boards before step 10.
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
    try await build(site: [BoardPlan(source: source, path: "")])
  }

  /// The steps of a build of the boards `site` (one at the root, or many each in its folder, with the index of the
  /// boards at the root), in the order the doc comment of ``SiteBuilder`` lists them.
  func build(site boards: [BoardPlan]) async throws -> Report {
    let stores = boards.compactMap(\.store?.location)
    // Templates do not depend on the board, so they are checked while the store loads; a failure still reports
    // the earlier step first.
    let theme = Task { Result { try checkTheme(stores: stores) } }
    let now = BoardClock.now(environment: environment)
    // Before any shortcut: a store inside the site is published whole, and a build must never delete it.
    try refuseStores(stores)
    let many = boards.contains { !$0.path.isEmpty }
    if many { try await checkFolders(of: boards, theme: theme.value) }
    // With a key to compare with, each revision is read before its board (a change made while the board loads
    // then makes the next build's revision differ), and the templates are waited for; otherwise the revision comes
    // with the board and the templates are checked while the store loads.
    let last = verify ? nil : lastBuild()
    let checked = last != nil ? try? await theme.value.get() : nil
    let keys = await lastKeys(of: boards, comparing: last != nil, theme: checked, now: now)
    if let last, let checked, let unchanged = unchangedSite(boards, keys: keys, last: last, theme: checked) {
      return unchanged
    }
    let whole = verify ? [:] : Self.wholeBoards(boards, keys: keys, last: last?.record)
    var writer = WriterSlot(open: { [self] in try openWriter(stores: stores, whole: whole) })
    // With boards kept whole it reads little more than the changed boards' lines: opened at once, beside the first
    // board's load (else beside its view models, ``build(_:revision:rebuilding:theme:now:writer:)``).
    if !whole.isEmpty { writer.start() }
    do {
      var records: [SiteManifest.BoardRecord] = []
      for (board, key) in zip(boards, keys) {
        if let kept = try await kept(board, key: key.key, last: last?.record, writer: &writer) {
          records.append(kept)
          continue
        }
        records.append(
          try await build(
            board, revision: key.revision, rebuilding: last?.record.built(board.path) == true, theme: theme,
            now: now, writer: &writer))
      }
      let opened = try await opened(&writer)
      if many { try renderIndex(of: records, theme: try await theme.value.get(), into: opened) }
      let (tasks, entries) = records.reduce((0, 0)) { ($0.0 + $1.tasks, $0.1 + $1.historyEntries) }
      let key = Self.siteKey(boards.map(\.path), records.map(\.key)).map { "\($0) \(tasks) \(entries)" }
      let locales = try chooseLocales(available: Array(try await theme.value.get().catalogs.keys))
      let summary = try step("write the site") {
        try opened.commit(key: key, boards: many ? records : nil)
      }
      // The writer's lists are millions of objects: freed on another thread while the report is printed (or never,
      // when the process ends first).
      Task.detached(priority: .background) { withExtendedLifetime(opened) {} }
      var warnings = opened.warnings
      for record in records { warnings += record.warnings.filter { !warnings.contains($0) } }
      return Report(
        out: settings.out, summary: summary, locales: locales, tasks: tasks, historyEntries: entries,
        warnings: warnings)
    } catch {
      await writer.discard()
      throw error
    }
  }

  /// Refuses a store inside the site, and an `--out` another user controls.
  private func refuseStores(_ stores: [String]) throws {
    for store in stores {
      try step("prepare the output directory") {
        try SiteWriter.refuseStore(store, out: settings.out, workingDirectory: workingDirectory)
      }
    }
    try step("prepare the output directory") { _ = try checkOutFolder(stores: stores) }
  }

  /// The writer of the site at `--out`, its old manifests read (without the lines of the boards `whole`, which
  /// the build keeps) and its staging folder ready.
  func openWriter(stores: [String]? = nil, whole: [String: SiteManifest.RunShape] = [:]) throws -> SiteWriter {
    let out = URL(fileURLWithPath: settings.out, relativeTo: workingDirectory).standardizedFileURL
    let trust = outTrust(stores: stores ?? storeLocations())
    let writer = try SiteWriter(out: out, swap: .exchange, trust: trust, verify: verify, whole: whole) {
      POSIX.writeStandardError("waiting for another build into \(settings.out) to finish\n")
    }
    do {
      for store in stores ?? storeLocations() { try writer.refuseStore(store, workingDirectory: workingDirectory) }
    } catch {
      writer.discard()
      throw error
    }
    return writer
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
