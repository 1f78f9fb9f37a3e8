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
  /// The script `live-dates: true` adds, under `assets/`.
  public static let liveDatesScript = "live-dates.js"

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
  /// Which task pages the build writes, and each one's history entries.
  public let taskPages: TaskPageTables
  /// How many cards a column of the board page shows before its "Show all" link (`column-limit`).
  public var cardLimit = 50
  /// The site-wide inputs of its pages (theme, settings, the binary), set by a build that keeps page fingerprints
  /// in its manifest so that the next one skips pages whose inputs did not change; nil renders every page.
  public var siteFingerprint: Fingerprint?
  /// Whether the site has a page per task (`task-pages`); without them cards and history entries link nowhere,
  /// and ``taskPages`` is not worked out at all.
  public let writesTaskPages: Bool
  /// `live-dates: true`: the pages load a script that re-marks due dates with the viewer's date.
  public let liveDates: Bool
  /// For the live-dates script: how many open tasks fall due on each day from today on, as JSON ("" without it).
  let dueCountsJSON: String
  /// Each locale's ``PageWords`` for the board's overdue count.
  let pageWordsCache: [String: PageWords]
  /// When each column last changed, which its page shows in place of the build's "as of".
  let columnChanges: ColumnChanges

  /// One file of the site and how to render and write it.
  public struct Job: Sendable {
    public var path: String
    public var weight: Int
    public var write: @Sendable (SiteWriter) throws -> Void
  }

  /// Makes the board's tables from `snapshot`.
  public init(
    snapshot: BoardSnapshot, theme: TemplateChecker.Checked, locales: [String], defaultLocale: String,
    moment: BuildMoment, baseURL: String?, taskPages: Bool = true, liveDates: Bool = false
  ) {
    self.init(
      snapshot: snapshot, tables: BoardTables(snapshot: snapshot, today: moment.today, cutsExcerpts: taskPages),
      theme: theme,
      locales: locales, defaultLocale: defaultLocale, moment: moment, baseURL: baseURL, taskPages: taskPages,
      liveDates: liveDates)
  }

  /// `taskPages` and `liveDates` are settled here, not after: what they need is worked out only when they are on.
  public init(
    snapshot: BoardSnapshot, tables: BoardTables, theme: TemplateChecker.Checked, locales: [String],
    defaultLocale: String, moment: BuildMoment, baseURL: String?, taskPages: Bool = true, liveDates: Bool = false
  ) {
    self.snapshot = snapshot
    self.tables = tables
    self.writesTaskPages = taskPages
    self.liveDates = liveDates
    self.taskPages = taskPages ? TaskPageTables(tables: tables) : TaskPageTables(noPagesFor: tables)
    self.columnChanges = ColumnChanges(tables: tables, taskPages: self.taskPages)
    self.dueCountsJSON = liveDates ? Self.dueCounts(tables, today: moment.today) : ""
    self.pageWordsCache = theme.catalogs.mapValues { catalog in
      PageWords(
        formatter: LocaleFormatter(catalog: catalog, timeZone: snapshot.info.timeZone), snapshot: snapshot,
        moment: moment, overdueCount: tables.overdueCount)
    }
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
    var ranked: [(job: Job, rank: Int)] = []
    for group in renderGroups(withTasks: false) {
      let rank = pagesSoFar[group.plan.code, default: 0]
      pagesSoFar[group.plan.code] = rank + 1
      // A card costs about three history entries; the root index, mostly copied from its twin, a quarter of a
      // board more.
      let job = Job(path: group.plan.path, weight: weight(of: group)) { writer in
        if let print = renderer.keptPageFingerprint(of: group.plan, prepared) {
          if writer.reuse(group.plan.path, fingerprint: print) { return }
          writer.keep(fingerprint: print, for: group.plan.path)
        }
        try renderer.render(group, prepared, chunk: Self.outputChunk) { path, produce in
          try writer.write(path, streaming: produce)
        }
      }
      ranked.append((job, rank))
    }
    // Task pages go in batches of a few hundred tasks, each task's pages in every locale together: most are kept
    // from the old site without rendering, and a job (or a lock) per page would cost more than the page does. A
    // batch names its pages itself, on a worker: laid out here, a big board's were a serial tenth of a second.
    let codes = pageLocales
    let batch = 128
    for start in stride(from: 0, to: codes.isEmpty ? 0 : taskPages.pageCount, by: batch) {
      let pages = start..<min(start + batch, taskPages.pageCount)
      let total = pages.reduce(0) { $0 + taskPageWeight($1) } * codes.count
      let job = Job(path: taskPlan(page: start, code: codes[0]).path, weight: total) { writer in
        let groups = pages.flatMap { page in codes.map { RenderGroup(plan: renderer.taskPlan(page: page, code: $0)) } }
        try renderer.writeTaskPages(groups, prepared, into: writer)
      }
      ranked.append((job, start / batch))
    }
    // The live-dates script is written only for a site whose pages load it.
    for (path, file) in theme.assets.sorted(by: { $0.key < $1.key }) where liveDates || path != Self.liveDatesScript {
      let bytes = [UInt8](file.data)
      ranked.append((Job(path: "assets/\(path)", weight: 1) { try $0.write("assets/\(path)", bytes) }, 0))
    }
    return ranked.enumerated().sorted { a, b in
      (a.element.job.weight, b.element.rank, b.offset) > (b.element.job.weight, a.element.rank, a.offset)
    }.map(\.element.job)
  }

  /// The fingerprint of a page a rebuild keeps without rendering when it matches: a full history page that is not
  /// the newest, a column page or the overdue page; nil for every other page (task pages go in batches, see ``writeTaskPages``).
  private func keptPageFingerprint(of plan: PagePlan, _ prepared: Prepared) -> UInt64? {
    switch plan.kind {
    case .history(let page, let count) where page < count:
      guard page <= prepared.archivePrints.count else { return nil }
      return fingerprint(ofArchivedHistoryPage: page, code: plan.code, content: prepared.archivePrints[page - 1])
    case .column, .overdue:
      guard siteFingerprint != nil, let locale = prepared.locales[plan.code] else { return nil }
      let info = pageInfo(
        for: plan, catalog: locale.catalog, formatter: locale.formatter, overdueCount: prepared.tables.overdueCount)
      if case .column(let state) = plan.kind { return fingerprint(ofColumnPage: info, state: state) }
      return fingerprint(ofOverduePage: info)
    default:
      return nil
    }
  }

  /// About how long a page takes to render, in history entries' worth: the biggest pages start first.
  private func weight(of group: RenderGroup) -> Int {
    switch group.plan.kind {
    case .board: min(snapshot.taskCount, cardLimit * 3) * (group.root == nil ? 3 : 4)
    case .history: Self.historyPageSize * 4
    case .column(let state):
      (tables.columnStarts[state.order + 1] - tables.columnStarts[state.order]) * 3
    case .overdue: tables.overdueList(live: liveDates).reduce(0, +) * 3
    case .task(let page): taskPageWeight(page)
    }
  }

  private func taskPageWeight(_ page: Int) -> Int { 2 + taskPages.entries(ofPage: page).count }

  /// A page, and the root index when the page is the default locale's board: the root is rendered right after
  /// it, copying what that page wrote.
  private struct RenderGroup: Sendable {
    var plan: PagePlan
    var root: PagePlan? = nil
  }

  /// Task pages `groups`: each kept from the old site when its fingerprint matches, else rendered.
  private func writeTaskPages(_ groups: [RenderGroup], _ prepared: Prepared, into writer: SiteWriter) throws {
    var contents: [Int: UInt64] = [:]
    let prints = groups.map { group -> UInt64? in
      guard case .task(let page) = group.plan.kind, siteFingerprint != nil else { return nil }
      let content = contents[page] ?? contentFingerprint(ofTaskPage: page)
      contents[page] = content
      return fingerprint(ofTaskPage: page, code: group.plan.code, content: content)
    }
    let kept = writer.reuse(groups.map(\.plan.path), fingerprints: prints)
    for (index, group) in groups.enumerated() where !kept[index] {
      try render(group, prepared, chunk: Self.outputChunk) { path, produce in
        try writer.write(path, streaming: produce)
      }
      if let print = prints[index] { writer.keep(fingerprint: print, for: group.plan.path) }
    }
  }

  private func renderGroups(withTasks: Bool = true) -> [RenderGroup] {
    let plans = pagePlans(withTasks: withTasks)
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

  /// History pages are numbered from the oldest entry, so a full page keeps its number, entries and bytes for
  /// good (a rebuild after one change rewrites only the newest page). `history.html` is the newest page; it is
  /// also written as `history-N.html` once there are older pages, so that their "newer" links never change.
  public static func historyFile(_ page: Int) -> String { "history-\(page).html" }

  /// One page of the site: where it goes, and which locale's board or history page it is.
  public struct PagePlan: Sendable {
    public enum Kind: Sendable {
      case board(atRoot: Bool)
      case history(page: Int, of: Int)
      /// The whole column of one state.
      case column(TaskState)
      case overdue
      /// Task page number `page` of ``TaskPageTables``.
      case task(page: Int)
    }

    public var path: String
    public var code: String
    public var kind: Kind

    public var isBoard: Bool { if case .board = kind { true } else { false } }
    public var isRoot: Bool { if case .board(atRoot: true) = kind { true } else { false } }
    public var template: String {
      switch kind {
      case .board: "board"
      case .history: "history"
      case .column: "column"
      case .overdue: "overdue"
      case .task: "task"
      }
    }
  }

  /// Every page, locale by locale: the board (and the root index for the default locale), the history pages, the
  /// column and overdue pages, then the task pages.
  public func pagePlans() -> [PagePlan] { pagePlans(withTasks: true) }

  private func pagePlans(withTasks: Bool) -> [PagePlan] {
    let historyPages = max(1, (snapshot.historyCount + Self.historyPageSize - 1) / Self.historyPageSize)
    var plans: [PagePlan] = []
    for code in pageLocales {
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
      for state in TaskState.allCases where publish.states.contains(state) {
        plans.append(PagePlan(path: "\(code)/\(state.rawValue).html", code: code, kind: .column(state)))
      }
      plans.append(PagePlan(path: "\(code)/overdue.html", code: code, kind: .overdue))
      for page in 0..<(withTasks ? taskPages.pageCount : 0) {
        plans.append(taskPlan(page: page, code: code))
      }
    }
    return plans
  }

  /// The locales with a catalog: every page is written once in each.
  private var pageLocales: [String] { locales.filter { theme.catalogs[$0] != nil } }

  private func taskPlan(page: Int, code: String) -> PagePlan {
    PagePlan(path: "\(code)/\(TaskPageTables.file(id: taskPages.ids[page]))", code: code, kind: .task(page: page))
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
