import Foundation
import PMBoardCore
import PMBoardStore

/// Steps 2–9 of a build for one board, written once for a one-board site and for each board of many.
extension SiteBuilder {
  /// One board of a build: where it comes from, and its folder in the site ("" for a one-board site's root).
  struct BoardPlan: Sendable {
    var source: Source
    var path: String

    var store: (any BoardStore)? {
      guard case .store(let store) = source else { return nil }
      return store
    }

    /// Where its files go: under its folder, or at the root.
    var addresses: SiteAddresses { path.isEmpty ? SiteAddresses() : SiteAddresses(prefix: path + "/") }
  }

  /// The templates and catalogs, checked once for every board (started beside the first board's load).
  typealias ThemeCheck = Task<Result<TemplateChecker.Checked, any Error>, Never>

  /// The site's one writer: opened beside the first board's view models, or when first needed (a board kept whole,
  /// the index of the boards).
  struct WriterSlot {
    let open: @Sendable () throws -> SiteWriter
    private var opening: Task<Result<SiteWriter, any Error>, Never>?

    init(open: @escaping @Sendable () throws -> SiteWriter) { self.open = open }

    var isOpening: Bool { opening != nil }

    /// Starts to open it, unless a board did already.
    mutating func start() {
      guard opening == nil else { return }
      let open = self.open
      opening = Task { Result { try open() } }
    }

    mutating func writer() async throws -> SiteWriter {
      start()
      guard let opening else { return try open() }
      return try await opening.value.get()
    }

    /// Throws the staging folder away, when it was made.
    func discard() async {
      guard let opening, case .success(let writer) = await opening.value else { return }
      writer.discard()
    }
  }

  /// Steps 2–9 for `board` into the site's writer; its record for the manifest and the index of the boards. With
  /// `revision`, read before the board, the board's key takes it; otherwise the one read with the board. A board
  /// `rebuilding` (the last build had it) renders only its changed pages: its cards are dressed as their pages are
  /// rendered, and its task pages go in the old manifest's order (``SiteRenderer/taskPagesByID``).
  func build(
    _ plan: BoardPlan, revision: String?, rebuilding: Bool, theme: ThemeCheck, now: Date, writer: inout WriterSlot
  ) async throws -> SiteManifest.BoardRecord {
    var one = self
    one.source = plan.source
    let (loaded, prepared, moment, textChecked) = try await step(
      plan.path.isEmpty ? "load the store" : "load the store \(plan.path)"
    ) {
      try await one.loadBoard(now: now, prepare: !settings.publish.leavesOutContent, dressingEveryCard: !rebuilding)
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
    let checkedTheme = await theme.value
    let checked = try step("validate templates") { try checkedTheme.get() }
    let locales = try step("choose locales") { try chooseLocales(available: Array(checked.catalogs.keys)) }
    // Opened only now: read beside the store's load, the old manifests slowed it as much as they gained. Beside
    // the view models, laid out on this one thread, they use the other core.
    writer.start()
    var (renderer, feeds) = one.renderers(
      board: board, tables: tables, theme: checked, locales: locales, moment: moment, lastChange: lastChange,
      addresses: plan.addresses, baseURL: plan.path.isEmpty ? nil : settings.baseURL.map { Self.under($0, plan.path) })
    renderer.taskPagesByID = rebuilding
    let jobs = step("prepare view models") { Self.merge(renderer.jobs(), feeds.jobs()) }
    let opened = try await step("prepare the output directory") { try await writer.writer() }
    try await step("render pages and feeds") { try await Self.run(jobs, into: opened, log: log, progress: progress) }
    // Read before the board when there was a key to compare with; else read with it.
    let key = (revision ?? loaded.revision).map {
      Self.buildKey(
        theme: checked, settings: settings, locales: locales, defaultLocale: renderer.defaultLocale,
        info: loaded.info, moment: moment, revision: $0)
    }
    let record = SiteManifest.BoardRecord(
      path: plan.path, key: key, tasks: board.taskCount, historyEntries: board.historyCount,
      warnings: feeds.warnings + Self.fieldSettingWarnings(settings, fields: board.info.fields),
      index: plan.path.isEmpty
        ? nil : indexLine(plan.path, board: board, tables: tables, lastChange: lastChange, renderer, feeds))
    // A big board's tables are hundreds of megabytes: freed on the other core while the site is written (its
    // last step runs on one), rather than by the kernel as the process ends, on the build's wall time (35 ms at
    // 100,000 tasks). Nothing here uses them after.
    let rendered = (renderer, feeds, loaded, board, tables, jobs)
    DispatchQueue.global(qos: .utility).async { withExtendedLifetime(rendered) {} }
    return record
  }

  /// A board of many whose key is the last build's (`last`'s record of it): its files kept as they are, unread, and
  /// its record the last build's; nil when it has to be built (a key changed or unknown, a file of it missing or
  /// changed by hand).
  func kept(
    _ plan: BoardPlan, key: String?, last: SiteManifest.BuildRecord?, writer: inout WriterSlot
  ) async throws -> SiteManifest.BoardRecord? {
    guard let record = Self.keepable(plan, key: key, last: last) else { return nil }
    let opened = try await opened(&writer)
    return try step("keep the board \(plan.path)") {
      guard try opened.keep(folder: plan.path) else { return nil }
      if opened.runs.contains(where: { $0.folder == plan.path }) { log.debug("kept whole: \(plan.path)") }
      return record
    }
  }

  /// The last build's record of a board of many whose key (`key`) is the one it recorded: a board to keep.
  static func keepable(
    _ plan: BoardPlan, key: String?, last: SiteManifest.BuildRecord?
  ) -> SiteManifest.BoardRecord? {
    guard !plan.path.isEmpty, let key, let record = last?.boards?.first(where: { $0.path == plan.path }),
      record.key == key, record.index != nil
    else { return nil }
    return record
  }

  /// The boards to keep (``keepable(_:key:last:)``) whose lines in the old manifest the writer may leave unread, by
  /// folder: those whose record says what the manifest holds of them.
  static func wholeBoards(
    _ boards: [BoardPlan], keys: [BoardKey], last: SiteManifest.BuildRecord?
  ) -> [String: SiteManifest.RunShape] {
    var whole: [String: SiteManifest.RunShape] = [:]
    for (board, key) in zip(boards, keys) {
      guard let record = keepable(board, key: key.key, last: last), let files = record.files,
        let folders = record.folders
      else { continue }
      whole[board.path] = SiteManifest.RunShape(files: files, folders: folders)
    }
    return whole
  }

  /// The site's writer, opened in the step "prepare the output directory" when no board opened it yet.
  func opened(_ writer: inout WriterSlot) async throws -> SiteWriter {
    // A board that started to open it waited for it in that step.
    if writer.isOpening { return try await writer.writer() }
    return try await step("prepare the output directory") { try await writer.writer() }
  }

  /// What the index of the boards shows of `board`, built under `path`.
  private func indexLine(
    _ path: String, board: BoardSnapshot, tables: BoardTables, lastChange: Int64?, _ renderer: SiteRenderer,
    _ feeds: SiteFeeds
  ) -> SiteIndexPage.Board {
    let starts = tables.columnStarts
    let counts = TaskState.allCases.map { state in
      settings.publish.states.contains(state) ? starts[state.order + 1] - starts[state.order] : nil
    }
    let badges = feeds.badges().map { SiteIndexPage.Badge(name: $0.0, text: "\($0.1.label) \($0.1.value)") }
    return SiteIndexPage.Board(
      path: path, title: board.info.title, counts: counts, overdue: tables.overdueCount,
      dueSoon: settings.dueSoon > 0 ? renderer.dueSoonCards.count : nil, lastChange: lastChange,
      badges: settings.publish.feeds ? badges : [], zone: board.info.timeZone)
  }
}
