import Foundation
import PMBoardBytes
import PMBoardCore
import PMBoardMustache
import PMBoardStore

/// The "render pages per locale" stage: builds view models from the board and renders each page with the
/// checked templates. Work shared by all locales (sorting, local times) is done once; pages are independent
/// jobs so the builder can run them on every core.
public struct SiteRenderer: Sendable {
  /// The script `live-dates: true` adds, under `assets/`.
  public static let liveDatesScript = "live-dates.js"

  public var snapshot: BoardSnapshot
  public var theme: TemplateChecker.Checked
  public var locales: [String]
  public var defaultLocale: String
  /// Today and the "as of" instant (nil: show today only, for reproducible builds with `--today`).
  public var moment: BuildMoment
  /// The settings the pages read (``PageSettings``), fixed when the renderer is made: the cards due soon and aged
  /// are worked out from them then, and the kept pages' fingerprints start from them.
  public let settings: PageSettings
  /// The site's absolute address, ending in a slash (``PageSettings/baseURL``).
  public var baseURL: String? { settings.baseURL }
  /// Where the board's files are (``SiteAddresses``).
  public var addresses = SiteAddresses()
  /// What the build publishes: the pages link the feeds only when they are written.
  public var publish: PublishPolicy { settings.publish }
  /// The board's tables, usually prepared by the store's handlers while it read (``SnapshotHandlers``).
  public let tables: BoardTables
  /// Which task pages the build writes, and each one's history entries.
  public let taskPages: TaskPageTables
  /// How many cards a column of the board page shows before its "Show all" link (`column-limit`).
  public var cardLimit: Int { settings.columnLimit }
  /// Task pages go in the order of their ids (the old manifest's) rather than the board's: a rebuild keeps most
  /// of them, finding each one's line next to the last one's, where a fresh build renders them all and reads the
  /// cards best in the order they are laid out.
  public var taskPagesByID = false
  /// Work-in-progress limits by column (`wip-limits`), shown on the board and column pages.
  public var wipLimits: [Int?] { settings.wipLimits }
  /// How many days ahead an open task counts as due soon (`due-soon`; 0: no such flags, count or page).
  public var dueSoon: Int { settings.dueSoon }
  /// The cards due soon: by column and by card.
  public let dueSoonCards: DueSoonCards
  /// Days in DOING from which a card says how long it has been there (`aging`; 0: never).
  public var aging: Int { settings.aging }
  /// The DOING cards past ``aging``.
  public let agingCards: AgingCards
  /// The site-wide inputs of its pages (theme, settings, the binary), set by a build that keeps page fingerprints
  /// in its manifest so that the next one skips pages whose inputs did not change; nil renders every page.
  public var siteFingerprint: Fingerprint?
  /// Whether the site has a page per task (`task-pages`); without them cards and history entries link nowhere,
  /// and ``taskPages`` is not worked out at all.
  public var writesTaskPages: Bool { settings.taskPages }
  /// `live-dates: true`: the pages load a script that re-marks due dates with the viewer's date.
  public var liveDates: Bool { settings.liveDates }
  /// For the live-dates script: how many open tasks fall due on each day from today on, as JSON ("" without it).
  let dueCountsJSON: String
  /// Each locale's ``PageWords`` for the board's overdue count.
  let pageWordsCache: [String: PageWords]
  /// When each column last changed, which its page shows in place of the build's "as of".
  let columnChanges: ColumnChanges
  /// Where each card stands in a capped column's lead, for the board's columns and every name page's.
  let cardLeads: CardLeads
  /// Each name page's columns, worked out for the first of its locales and kept for the others.
  let nameColumnsCache = NameColumnsCache()
  /// The insights, made by the first page or feed that asks.
  let insightsCache = MadeOnce<FlowInsights>()
  /// The column pages' cuts, made by the first page or feed that asks.
  let columnPagesCache = MadeOnce<ColumnPages>()

  /// One file of the site and how to render and write it.
  public struct Job: Sendable {
    public var path: String
    public var weight: Int
    public var write: @Sendable (SiteWriter) throws -> Void
  }

  /// Makes the board's tables from `snapshot`.
  public init(
    snapshot: BoardSnapshot, theme: TemplateChecker.Checked, locales: [String], defaultLocale: String,
    moment: BuildMoment, settings: PageSettings = PageSettings()
  ) {
    self.init(
      snapshot: snapshot,
      tables: BoardTables(
        snapshot: snapshot, today: moment.today, cutsExcerpts: settings.taskPages, orderBy: settings.orderBy),
      theme: theme,
      locales: locales, defaultLocale: defaultLocale, moment: moment, settings: settings)
  }

  /// What the settings turn on is worked out here, and only when it is on.
  public init(
    snapshot: BoardSnapshot, tables: BoardTables, theme: TemplateChecker.Checked, locales: [String],
    defaultLocale: String, moment: BuildMoment, settings: PageSettings = PageSettings()
  ) {
    self.snapshot = snapshot
    self.tables = tables
    self.settings = settings
    self.taskPages = settings.taskPages ? TaskPageTables(tables: tables) : TaskPageTables(noPagesFor: tables)
    self.dueSoonCards = DueSoonCards(tables: tables, today: moment.today, window: settings.dueSoon)
    self.agingCards = AgingCards(tables: tables, today: moment.today, threshold: settings.aging)
    self.cardLeads = CardLeads(tables: tables, today: moment.today)
    self.columnChanges = ColumnChanges(tables: tables, taskPages: self.taskPages)
    self.dueCountsJSON = settings.liveDates ? Self.dueCounts(tables, today: moment.today) : ""
    self.pageWordsCache = theme.catalogs.mapValues { catalog in
      PageWords(
        formatter: LocaleFormatter(catalog: catalog, timeZone: snapshot.info.timeZone), snapshot: snapshot,
        moment: moment, overdueCount: tables.overdueCount)
    }
    self.theme = theme
    self.locales = locales
    self.defaultLocale = defaultLocale
    self.moment = moment
  }

  /// Writes `group`'s page: kept from the old site when its kind's fingerprint of it matches, else rendered (and its
  /// fingerprint kept for the next build).
  func write(_ group: RenderGroup, _ prepared: Prepared, into writer: SiteWriter) throws {
    if let print = group.plan.kind.page.keptFingerprint(of: group.plan, self, prepared) {
      if writer.reuse(group.plan.path, fingerprint: print) { return }
      writer.keep(fingerprint: print, for: group.plan.path)
    }
    try render(group, prepared, chunk: Self.outputChunk) { path, produce in try writer.write(path, streaming: produce) }
  }

  /// Bytes a page render holds before handing them to the file (board pages are 70 MB at 100,000 tasks).
  public static let outputChunk = 1 << 19

  /// Every file of the site, largest first.
  public func jobs() -> [Job] {
    let prepared = prepare()
    let renderer = self
    let codes = pageLocales
    let batches = Self.pageKinds.map { $0.batchedJobs(self, prepared, codes: codes) }
    // Pages of equal weight alternate between locales (ko 1, en 1, ja 1, ko 2, …): the two workers then create
    // files in different folders, and neither waits for the other's folder lock.
    var pagesSoFar: [String: Int] = [:]
    var ranked: [(job: Job, rank: Int)] = []
    for group in renderGroups(skipping: batches.map { $0 != nil }) {
      let rank = pagesSoFar[group.plan.code, default: 0]
      pagesSoFar[group.plan.code] = rank + 1
      let kind = group.plan.kind.page
      let job = Job(path: group.plan.path, weight: kind.weight(of: group.plan, self)) { writer in
        try renderer.write(group, prepared, into: writer)
      }
      ranked.append((job, rank))
    }
    ranked += batches.lazy.compactMap { $0 }.joined()
    ranked += searchJobs().map { ($0, 0) }
    // The live-dates and search scripts are written only for a site whose pages load them.
    for (path, file) in theme.assets.sorted(by: { $0.key < $1.key })
    where (liveDates || path != Self.liveDatesScript) && (publish.search || path != Self.searchScript) {
      let bytes = [UInt8](file.data)
      let file = addresses.atRoot(SiteAddresses.asset(path))
      ranked.append((Job(path: file, weight: 1) { try $0.write(file, bytes) }, 0))
    }
    return ranked.enumerated().sorted { a, b in
      (a.element.job.weight, b.element.rank, b.offset) > (b.element.job.weight, a.element.rank, a.offset)
    }.map(\.element.job)
  }

  /// A page, and its kind's twin of it (the root index for the default locale's board), rendered right after it
  /// copying what that page wrote.
  struct RenderGroup: Sendable {
    var plan: PagePlan
    var twin: PagePlan? = nil
  }

  /// Every page with its twin, locale by locale and kind by kind (``pageKinds``), but for the kinds whose flag in
  /// `skipping` (by their place in ``pageKinds``) is set.
  private func renderGroups(skipping: [Bool] = []) -> [RenderGroup] {
    var groups: [RenderGroup] = []
    for code in pageLocales {
      for (index, kind) in Self.pageKinds.enumerated() where !skipping.indices.contains(index) || !skipping[index] {
        groups += kind.plans(self, code: code).map { RenderGroup(plan: $0, twin: kind.twin(of: $0, self)) }
      }
    }
    return groups
  }

  /// Where a render puts a file: `write(path) { emit, copy in … }`, as `SiteWriter.write(_:streaming:)` takes it.
  public typealias FileSink = (
    _ path: String,
    _ produce: (_ emit: (Span<UInt8>) -> Void, _ copy: (String, Range<Int>) -> Void) -> Void
  ) throws -> Void

  /// Renders a group's pages into `write`. A twin is the page again with other links (the root index is the board),
  /// so it copies what the page wrote for each section that read the same values on both (the board's columns:
  /// nearly all of it).
  func render(_ group: RenderGroup, _ prepared: Prepared, chunk: Int, into write: FileSink) throws {
    let plan = group.plan
    // The sink's `produce` cannot throw, so a render that went too deep is carried out of it and thrown after.
    var failure: TemplateRenderError?
    try withModel(for: plan, prepared) { model in
      var sections: [SectionSpan] = []
      try write(plan.path) { emit, _ in
        do throws(TemplateRenderError) {
          sections = try theme.templates.render(
            plan.template, model: model, chunk: chunk, twin: group.twin == nil ? .none : .record, emit: emit)
        } catch {
          failure = error
        }
      }
      guard let twin = group.twin, failure == nil else { return }
      try withModel(for: twin, prepared) { twinModel in
        let reusable = sections.filter { section in
          section.pageKeys.allSatisfy { model.samePageValue($0, as: twinModel) }
        }
        let spans = Dictionary(uniqueKeysWithValues: reusable.map { ($0.op, $0.bytes) })
        try write(twin.path) { emit, copy in
          withoutActuallyEscaping(copy) { copy in
            do throws(TemplateRenderError) {
              try theme.templates.render(
                twin.template, model: twinModel, chunk: chunk, twin: .reuse(spans, copy: { copy(plan.path, $0) }),
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

  /// Every page, locale by locale and kind by kind (``pageKinds``): the board (and the root index for the default
  /// locale), the history pages, the column and overdue pages, then the task pages.
  public func pagePlans() -> [PagePlan] {
    renderGroups().flatMap { group in [group.plan] + (group.twin.map { [$0] } ?? []) }
  }

  /// The locales with a catalog: every page is written once in each.
  private var pageLocales: [String] { locales.filter { theme.catalogs[$0] != nil } }

  /// Renders every page into `write`, one after another, each twin right after the page it copies from:
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

  /// `{"2026-11-30":2,…}`: for every day from `today` on, how many tasks not done fall due on it, so the
  /// live-dates script can tell how many are overdue on a later day without every card on the page.
  static func dueCounts(_ tables: BoardTables, today: CalendarDate) -> String {
    var counts: [Int32: Int] = [:]
    for card in tables.cards where card.state != .done && card.dueIndex >= 0 {
      counts[card.dueIndex, default: 0] += 1
    }
    let days = counts.compactMap { index, count -> (CalendarDate, Int)? in
      let day = tables.dueDates[Int(index)]
      return day >= today ? (day, count) : nil
    }.sorted { $0.0 < $1.0 }
    return "{" + days.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
  }
}
