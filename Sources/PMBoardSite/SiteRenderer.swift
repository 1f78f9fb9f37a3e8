import Foundation
import PMBoardBytes
import PMBoardCore
import PMBoardMustache
import PMBoardStore

/// The "render pages per locale" stage: builds view models from the board and renders each page with the
/// checked templates. Work shared by all locales (sorting, local times) is done once; pages are independent
/// jobs so the builder can run them on every core.
public struct SiteRenderer: Sendable {
  public static let historyPageSize = 1000

  public var snapshot: BoardSnapshot
  public var theme: TemplateChecker.Checked
  public var locales: [String]
  public var defaultLocale: String
  /// Today and the "as of" instant (nil: show today only, for reproducible builds with `--today`).
  public var moment: BuildMoment
  public var baseURL: String?
  /// What the build publishes: the pages link the feeds only when they are written.
  public var publish = PublishPolicy.everything
  /// The board's tables, usually prepared by the store's handlers while it read (``SnapshotHandlers``).
  public let tables: BoardTables

  /// One file of the site and how to render and write it.
  public struct Job: Sendable {
    public var path: String
    public var weight: Int
    public var write: @Sendable (SiteWriter) throws -> Void
  }

  /// Makes the board's tables from `snapshot`.
  public init(
    snapshot: BoardSnapshot, theme: TemplateChecker.Checked, locales: [String], defaultLocale: String,
    moment: BuildMoment, baseURL: String?
  ) {
    self.init(
      snapshot: snapshot, tables: BoardTables(snapshot: snapshot, today: moment.today), theme: theme,
      locales: locales, defaultLocale: defaultLocale, moment: moment, baseURL: baseURL)
  }

  public init(
    snapshot: BoardSnapshot, tables: BoardTables, theme: TemplateChecker.Checked, locales: [String],
    defaultLocale: String, moment: BuildMoment, baseURL: String?
  ) {
    self.snapshot = snapshot
    self.tables = tables
    self.theme = theme
    self.locales = locales
    self.defaultLocale = defaultLocale
    self.moment = moment
    self.baseURL = baseURL.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
  }

  /// Bytes a page render holds before handing them to the file (board pages are 70 MB at 100,000 tasks).
  public static let outputChunk = 1 << 19

  /// Every file of the site, largest first.
  public func jobs() -> [Job] {
    let prepared = prepare()
    let renderer = self
    // Pages of equal weight alternate between locales (ko 1, en 1, ja 1, ko 2, …): the two workers then create
    // files in different folders, and neither waits for the other's folder lock.
    var pagesSoFar: [String: Int] = [:]
    var ranked: [(job: Job, rank: Int)] = renderGroups().map { group in
      let rank = pagesSoFar[group.plan.code, default: 0]
      pagesSoFar[group.plan.code] = rank + 1
      // A card costs about three history entries; the root index, mostly copied from its twin, a quarter of a
      // board more.
      let weight =
        group.plan.isBoard ? snapshot.taskCount * (group.root == nil ? 12 : 15) : Self.historyPageSize * 4
      let job = Job(path: group.plan.path, weight: weight) {
        writer in
        try renderer.render(group, prepared, chunk: Self.outputChunk) { path, produce in
          try writer.write(path, streaming: produce)
        }
      }
      return (job, rank)
    }
    for (path, file) in theme.assets.sorted(by: { $0.key < $1.key }) {
      let bytes = [UInt8](file.data)
      ranked.append((Job(path: "assets/\(path)", weight: 1) { try $0.write("assets/\(path)", bytes) }, 0))
    }
    return ranked.enumerated().sorted { a, b in
      (a.element.job.weight, b.element.rank, b.offset) > (b.element.job.weight, a.element.rank, a.offset)
    }.map(\.element.job)
  }

  /// A page, and the root index when the page is the default locale's board: the root is rendered right after
  /// it, copying what that page wrote.
  private struct RenderGroup: Sendable {
    var plan: PagePlan
    var root: PagePlan?
  }

  private func renderGroups() -> [RenderGroup] {
    let plans = pagePlans()
    let root = plans.first(where: \.isRoot)
    return plans.filter { !$0.isRoot }.map { plan in
      RenderGroup(plan: plan, root: plan.isBoard && plan.code == root?.code ? root : nil)
    }
  }

  /// Where a render puts a file: `write(path) { emit, copy in … }`, as `SiteWriter.write(_:streaming:)` takes it.
  public typealias FileSink = (
    _ path: String,
    _ produce: (_ emit: (Span<UInt8>) -> Void, _ copy: (String, Range<Int>) -> Void) -> Void
  ) throws -> Void

  /// Renders a group's pages into `write`. The root index is the board again with other links, so it copies what
  /// the board wrote for each section that read the same values on both pages (the columns: nearly all of it).
  private func render(_ group: RenderGroup, _ prepared: Prepared, chunk: Int, into write: FileSink) throws {
    let plan = group.plan
    // The sink's `produce` cannot throw, so a render that went too deep is carried out of it and thrown after.
    var failure: TemplateRenderError?
    try withModel(for: plan, prepared) { model in
      var sections: [SectionSpan] = []
      try write(plan.path) { emit, _ in
        do throws(TemplateRenderError) {
          sections = try theme.templates.render(
            plan.template, model: model, chunk: chunk, twin: group.root == nil ? .none : .record, emit: emit)
        } catch {
          failure = error
        }
      }
      guard let root = group.root, failure == nil else { return }
      try withModel(for: root, prepared) { rootModel in
        let reusable = sections.filter { section in
          section.pageKeys.allSatisfy { model.samePageValue($0, as: rootModel) }
        }
        let spans = Dictionary(uniqueKeysWithValues: reusable.map { ($0.op, $0.bytes) })
        try write(root.path) { emit, copy in
          withoutActuallyEscaping(copy) { copy in
            do throws(TemplateRenderError) {
              try theme.templates.render(
                root.template, model: rootModel, chunk: chunk, twin: .reuse(spans, copy: { copy(plan.path, $0) }),
                emit: emit)
            } catch {
              failure = error
            }
          }
        }
      }
    }
    // Reported like the template check's problems: one line at the tag, and nothing is built.
    if let failure { throw TemplateCheckError(diagnostics: [failure.diagnostic]) }
  }

  /// What every page of a build reads: the template keys as site keys, the board's tables, each locale's tables.
  private struct Prepared: Sendable {
    var keys: FixedArray<SiteKey>
    var tables: BoardTables
    var locales: [String: LocaleTables]
  }

  /// The board's tables, then every locale's on every core.
  private func prepare() -> Prepared {
    let tables = self.tables
    let catalogs = locales.compactMap { code in theme.catalogs[code].map { (code, $0) } }
    let (zone, keyNames) = (snapshot.info.timeZone, theme.templates.keyNames)
    let prepared = concurrentMap(catalogs.count) { index in
      let (code, catalog) = catalogs[index]
      return LocaleTables(
        code: code, catalog: catalog, formatter: LocaleFormatter(catalog: catalog, timeZone: zone),
        tables: tables, keyNames: keyNames)
    }
    return Prepared(
      keys: FixedArray(keyNames.map(SiteKey.init(name:))), tables: tables,
      locales: Dictionary(uniqueKeysWithValues: prepared.map { ($0.code, $0) }))
  }

  /// Calls `body` with the view model of `plan`'s page, keeping the tables it points into alive meanwhile.
  private func withModel<Result>(
    for plan: PagePlan, _ prepared: Prepared, _ body: (SiteModel) throws -> Result
  ) rethrows -> Result {
    // Every plan's locale was prepared: plans are made from the same locale list.
    guard let locale = prepared.locales[plan.code] else { preconditionFailure("no tables for locale \(plan.code)") }
    let info = pageInfo(
      for: plan, catalog: locale.catalog, formatter: locale.formatter, overdueCount: prepared.tables.overdueCount)
    let page = PageTables(info)
    let view = SiteView(keys: prepared.keys, board: prepared.tables, locale: locale, page: page)
    return try Borrowed.with(view) { try body(SiteModel($0)) }
  }

  /// History pages are numbered from the oldest entry, so a full page keeps its number, entries and bytes for
  /// good (a rebuild after one change rewrites only the newest page). `history.html` is the newest page; it is
  /// also written as `history-N.html` once there are older pages, so that their "newer" links never change.
  public static func historyFile(_ page: Int) -> String { "history-\(page).html" }

  /// One page of the site: where it goes, and which locale's board or history page it is.
  public struct PagePlan: Sendable {
    public enum Kind: Sendable {
      case board(atRoot: Bool)
      case history(page: Int, of: Int)
    }

    public var path: String
    public var code: String
    public var kind: Kind

    public var isBoard: Bool { if case .board = kind { true } else { false } }
    public var isRoot: Bool { if case .board(atRoot: true) = kind { true } else { false } }
    public var template: String { isBoard ? "board" : "history" }
  }

  /// Every page, locale by locale: the board (and the root index for the default locale), then the history pages.
  public func pagePlans() -> [PagePlan] {
    let historyPages = max(1, (snapshot.historyCount + Self.historyPageSize - 1) / Self.historyPageSize)
    var plans: [PagePlan] = []
    for code in locales where theme.catalogs[code] != nil {
      for atRoot in code == defaultLocale ? [false, true] : [false] {
        plans.append(
          PagePlan(path: atRoot ? "index.html" : "\(code)/index.html", code: code, kind: .board(atRoot: atRoot)))
      }
      plans.append(
        PagePlan(path: "\(code)/history.html", code: code, kind: .history(page: historyPages, of: historyPages)))
      for page in stride(from: historyPages, through: 1, by: -1) where historyPages > 1 {
        plans.append(
          PagePlan(
            path: "\(code)/\(Self.historyFile(page))", code: code, kind: .history(page: page, of: historyPages)))
      }
    }
    return plans
  }

  /// Renders every page into `write`, one after another, each root index right after the board it copies from:
  /// what ``jobs()`` does without a ``SiteWriter``, for a caller that keeps the pages elsewhere (the parity tests
  /// keep them in memory). `chunk` is how many bytes a render holds before handing them on.
  /// - Throws: ``TemplateCheckError`` at the first page that nests partials too deep; the pages before it are
  ///   written.
  public func renderPages(chunk: Int = outputChunk, into write: FileSink) throws {
    let prepared = prepare()
    for group in renderGroups() {
      try render(group, prepared, chunk: chunk, into: write)
    }
  }

  /// The page-level values of `plan`'s page in the locale with `catalog` and `formatter`, from which the build
  /// makes the page's ``PageTables``.
  public func pageInfo(
    for plan: PagePlan, catalog: LocaleCatalog, formatter: LocaleFormatter, overdueCount: Int
  ) -> PageInfo {
    switch plan.kind {
    case .board(let atRoot):
      boardPageInfo(
        code: plan.code, catalog: catalog, formatter: formatter, overdueCount: overdueCount, atRoot: atRoot)
    case .history(let page, let count):
      historyPageInfo(
        page, of: count, file: (plan.path as NSString).lastPathComponent, code: plan.code, catalog: catalog,
        formatter: formatter, overdueCount: overdueCount)
    }
  }

  private func boardPageInfo(
    code: String, catalog: LocaleCatalog, formatter: LocaleFormatter, overdueCount: Int, atRoot: Bool
  ) -> PageInfo {
    page(
      code: code, formatter: formatter, overdueCount: overdueCount, path: "index.html", atRoot: atRoot,
      isBoard: true, title: "\(snapshot.info.title) · \(catalog.string("nav.board"))")
  }

  /// Page `number` (counted from the oldest) holds entries `(number - 1) * 1000 ..< number * 1000` oldest first,
  /// shown newest first; `prevHref` leads to newer changes, `nextHref` to older ones. An archived (full, not newest)
  /// page shows nothing that changes with the board: no "as of", no counts.
  private func historyPageInfo(
    _ number: Int, of count: Int, file: String, code: String, catalog: LocaleCatalog, formatter: LocaleFormatter,
    overdueCount: Int
  ) -> PageInfo {
    let total = snapshot.historyCount
    let oldest = min((number - 1) * Self.historyPageSize, total)
    let newest = min(oldest + Self.historyPageSize, total)
    let label = formatter.message("history.page", ["page": String(number), "pages": String(count)])
    var info = page(
      code: code, formatter: formatter, overdueCount: overdueCount, path: file, atRoot: false, isBoard: false,
      title: "\(snapshot.info.title) · \(catalog.string("nav.history"))" + (count > 1 ? " (\(label))" : ""))
    // The tables keep history newest first.
    info.entries = (total - newest)..<(total - oldest)
    info.pageLabel = label
    info.isArchive = number < count
    info.prevHref = number < count ? Self.historyFile(number + 1) : nil
    info.nextHref = number > 1 ? Self.historyFile(number - 1) : nil
    return info
  }

  private func page(
    code: String, formatter: LocaleFormatter, overdueCount: Int, path: String, atRoot: Bool, isBoard: Bool,
    title: String
  ) -> PageInfo {
    let root = atRoot ? "" : "../"
    let here = atRoot ? "\(code)/" : ""
    let links = locales.compactMap { other -> LocaleLink? in
      guard let catalog = theme.catalogs[other] else { return nil }
      let href = atRoot ? "\(other)/index.html" : "../\(other)/\(path)"
      return LocaleLink(
        code: other, name: catalog.string("locale.name"), href: href,
        url: baseURL.map { "\($0)\(other)/\(path)" } ?? href, current: other == code && !atRoot)
    }
    let when: String
    let whenISO: String
    if let asOf = moment.asOf {
      when = formatter.timestamp(asOf)
      whenISO = Instant.format(asOf)
    } else {
      when = formatter.longDate(moment.today)
      whenISO = moment.today.description
    }
    let summary = formatter.message(
      "board.summary", ["total": String(snapshot.taskCount), "overdue": String(overdueCount)])
    let offline = moment.offline.map { copy in
      copy.lastSync.map { formatter.message("board.offline", ["when": formatter.timestamp($0)]) }
        ?? formatter.message("board.offline_never", [:])
    }
    return PageInfo(
      lang: code, root: root, boardTitle: snapshot.info.title, pageTitle: title,
      asOf: formatter.message("board.as_of", ["when": when]), asOfISO: whenISO, offline: offline, summary: summary,
      boardHref: here + "index.html", historyHref: here + "history.html", isBoard: isBoard,
      canonical: atRoot ? (baseURL.map { "\($0)\(code)/index.html" } ?? "\(code)/index.html") : nil,
      locales: links, atomHref: publish.feeds && publish.history != .off ? here + "history.atom" : nil,
      calendarHref: publish.feeds ? calendarHref(code: code, here: here) : nil)
  }

  /// `webcal://` makes a phone offer to subscribe; it needs the absolute https address.
  private func calendarHref(code: String, here: String) -> String {
    guard let baseURL, baseURL.lowercased().hasPrefix("https://") else { return here + "calendar.ics" }
    return "webcal://" + baseURL.dropFirst("https://".count) + "\(code)/calendar.ics"
  }
}
