import Foundation
import PMBoardBytes
import PMBoardCore
import PMBoardStore

extension SiteBuilder {
  /// One board of a many-board site: its store and its folder under the site (``BuildSettings/BoardEntry``).
  public struct BoardSite: Sendable {
    public var path: String
    public var store: any BoardStore

    public init(path: String, store: any BoardStore) {
      self.path = path
      self.store = store
    }
  }

  /// `pmboard build` with `boards:`: each board's site in its folder, as a one-board build makes it (its locales,
  /// feeds, badges, search index; its pages kept by their fingerprints), board after board into one staging folder;
  /// then the root index of the boards (``SiteIndexPage``) and its assets; then one swap of the whole site. Like a
  /// one-board build it first compares the build key (here every board's, each with its store's revision, read
  /// before any board is loaded) with the last build's, and when the site is intact and no board changed, stops.
  public func build(boards: [BoardSite]) async throws -> Report {
    let now = BoardClock.now(environment: environment)
    for board in boards {
      try step("prepare the output directory") {
        try SiteWriter.refuseStore(board.store.location, out: settings.out, workingDirectory: workingDirectory)
      }
    }
    try step("prepare the output directory") { _ = try checkOutFolder(stores: storeLocations(boards)) }
    let theme = try step("validate templates") {
      // A store inside the public folder would be published as an asset: each board's is refused, as one board's.
      for board in boards {
        try Theme.checkPublicFolder(
          settings.publicDir, out: settings.out, store: board.store.location, workingDirectory: workingDirectory)
      }
      return try checkTheme()
    }
    let locales = try step("choose locales") { try chooseLocales(available: Array(theme.catalogs.keys)) }
    if let problem = BuildSettings.problem(
      ofBoards: boards.map { BuildSettings.BoardEntry(store: $0.store.location, path: $0.path) }, locales: locales)
    {
      throw BuildSettingsError(problem)
    }
    let key = verify ? nil : await key(of: boards, theme: theme, locales: locales, now: now)
    if let key, let (site, found) = lastBuild(), found.key == key,
      let unchanged = unchangedReport(
        site: site, found: found, stores: boards.map(\.store.location), locales: locales)
    {
      return unchanged
    }
    let writer = try step("prepare the output directory") { try openWriter(stores: storeLocations(boards)) }
    do {
      for board in boards {
        try writer.refuseStore(board.store.location, workingDirectory: workingDirectory)
      }
      var index: [SiteIndexPage.Board] = []
      var (tasks, entries, warnings) = (0, 0, [String]())
      for board in boards {
        let made = try await render(board, theme: theme, locales: locales, now: now, into: writer)
        index.append(made.board)
        (tasks, entries) = (tasks + made.tasks, entries + made.entries)
        warnings += made.warnings.filter { !warnings.contains($0) }
      }
      let page = SiteIndexPage(
        boards: index, locales: locales.compactMap { code in theme.catalogs[code].map { (code, $0) } },
        defaultLocale: settings.defaultLocale ?? locales[0])
      try step("render the index of the boards") {
        for (path, html) in page.files() { try writer.write(path, Array(html.utf8)) }
        for name in [SiteAddresses.stylesheet, SiteAddresses.icon] {
          if let file = theme.assets[name] { try writer.write(SiteAddresses.asset(name), [UInt8](file.data)) }
        }
      }
      let summary = try step("write the site") { try writer.commit(key: key.map { $0 + " \(tasks) \(entries)" }) }
      return Report(
        out: settings.out, summary: summary, locales: locales, tasks: tasks, historyEntries: entries,
        warnings: writer.warnings + warnings)
    } catch {
      writer.discard()
      throw error
    }
  }

  /// The build key of the boards: each board's (``buildKey(theme:settings:locales:defaultLocale:info:moment:revision:)``,
  /// its store's revision in it) and path, in order; nil when a store cannot say its revision.
  private func key(
    of boards: [BoardSite], theme: TemplateChecker.Checked, locales: [String], now: Date
  ) async -> String? {
    var print = Fingerprint()
    for board in boards {
      guard let revision = try? await board.store.revision(), let info = try? await board.store.info() else {
        return nil
      }
      print.add(board.path)
      print.add(
        Self.buildKey(
          theme: theme, settings: settings, locales: locales, defaultLocale: settings.defaultLocale ?? locales[0],
          info: info, moment: moment(for: info, now: now), revision: revision))
    }
    return print.hex
  }

  /// One board's site into `writer`, under its folder, and what the root index shows of it.
  private func render(
    _ site: BoardSite, theme: TemplateChecker.Checked, locales: [String], now: Date, into writer: SiteWriter
  ) async throws -> (board: SiteIndexPage.Board, tasks: Int, entries: Int, warnings: [String]) {
    var one = self
    one.source = .store(site.store)
    let (loaded, prepared, moment, textChecked) = try await step("load the store \(site.path)") {
      try await one.loadBoard(now: now, prepare: !settings.publish.leavesOutContent)
    }
    try step("check the store's text") {
      if let textChecked { try textChecked.get() } else { try StoredTextCheck.refuseControlCharacters(in: loaded) }
    }
    let lastChange = settings.publish.lastPublishedChange(in: loaded)
    let board = settings.publish.redact(loaded)
    let tables =
      prepared
      ?? BoardTables(snapshot: board, today: moment.today, cutsExcerpts: settings.taskPages, orderBy: settings.orderBy)
    let (renderer, feeds) = one.renderers(
      board: board, tables: tables, theme: theme, locales: locales, moment: moment, lastChange: lastChange,
      addresses: SiteAddresses(prefix: site.path + "/"), baseURL: settings.baseURL.map { Self.under($0, site.path) })
    let jobs = step("prepare view models") { Self.merge(renderer.jobs(), feeds.jobs()) }
    try await step("render pages and feeds") { try await Self.run(jobs, into: writer, log: log, progress: progress) }
    let starts = tables.columnStarts
    let counts = TaskState.allCases.map { state in
      settings.publish.states.contains(state) ? starts[state.order + 1] - starts[state.order] : nil
    }
    let badges = feeds.badges().map { (name: $0.0, text: "\($0.1.label) \($0.1.value)") }
    let index = SiteIndexPage.Board(
      path: site.path, title: board.info.title, counts: counts, overdue: tables.overdueCount,
      dueSoon: settings.dueSoon > 0 ? renderer.dueSoonCards.count : nil, lastChange: lastChange,
      badges: settings.publish.feeds ? badges : [], zone: board.info.timeZone)
    return (index, board.taskCount, board.historyCount, feeds.warnings)
  }

  /// The board's own address under the site's: `https://x.org/` and `web` make `https://x.org/web/`.
  static func under(_ baseURL: String, _ path: String) -> String {
    (baseURL.hasSuffix("/") ? baseURL : baseURL + "/") + path + "/"
  }
}
