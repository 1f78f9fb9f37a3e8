import Foundation
import PMBoardBytes
import PMBoardCore

/// One kind of page of the site (the board, a column, …), in a file of its own under `Pages/`: which pages of it
/// a locale has and where, what each one shows, how long it takes to render and how a rebuild keeps it. The
/// renderer knows no kind by name: it asks ``SiteRenderer/pageKinds`` for the plans and each plan's kind for the
/// rest. The members are static and called once a page (never once a card or a value), so that a kind costs no
/// allocation and its dynamic dispatch is lost in the page's render.
///
/// Adding a page kind:
/// 1. A file `Pages/<Name>Page.swift` with an enum conforming to `PageKind` (its plans, template name, weight,
///    ``PageInfo`` and, when a rebuild may keep its pages unrendered, ``keptFingerprint(of:_:_:)`` from the same
///    inputs its page info and render read).
/// 2. A case of ``SiteRenderer/PagePlan/Kind`` for the page's own parameters, mapped to the file in
///    ``SiteRenderer/PagePlan/Kind/page``, and the kind in ``SiteRenderer/pageKinds`` (its place there is its
///    place among a locale's pages). Both sit in this file.
/// 3. Its template `Templates/<template>.mustache` (every theme must then have one: ``Theme/pageTemplates``) and,
///    when it reads new values, their ``SiteKey``s and ``PageInfo`` fields (a field a kept page shows goes into
///    the page's fingerprint too: `SiteRenderer+Fingerprints.swift`).
/// 4. Its words in every catalog under `Templates/locales/` (and in ``LocaleCatalog/requiredKeys`` and
///    ``LocaleCatalog/placeholders`` when the Swift side formats them).
/// 5. Tests: its reference context in `Tests/PMBoardTestSupport/ReferencePages.swift` (the parity tests render
///    every plan both ways), the golden sites re-recorded, and `PAGE_TYPES` in `scripts/check_pages.py`.
protocol PageKind: Sendable {
  /// The template its pages render with.
  static var template: String { get }

  /// Its pages in locale `code`, in the order they are written (``twin(of:_:)``s left out).
  static func plans(_ site: SiteRenderer, code: String) -> [SiteRenderer.PagePlan]

  /// A page rendered right after `plan` from the same template, copying every section of `plan`'s bytes that read
  /// the same values on both (the root index, twin of the default locale's board); nil for most pages.
  static func twin(of plan: SiteRenderer.PagePlan, _ site: SiteRenderer) -> SiteRenderer.PagePlan?

  /// About how long `plan`'s page (and its twin) take to render, in history entries' worth: the biggest pages
  /// start first.
  static func weight(of plan: SiteRenderer.PagePlan, _ site: SiteRenderer) -> Int

  /// The page-level values `plan`'s page shows in the locale with `catalog` and `formatter`.
  static func pageInfo(
    of plan: SiteRenderer.PagePlan, _ site: SiteRenderer, catalog: LocaleCatalog, formatter: LocaleFormatter,
    overdueCount: Int
  ) -> PageInfo

  /// The fingerprint of everything `plan`'s page shows, by which a rebuild keeps the old page without rendering
  /// it when the two match; nil renders it every time.
  static func keptFingerprint(
    of plan: SiteRenderer.PagePlan, _ site: SiteRenderer, _ prepared: SiteRenderer.Prepared
  ) -> UInt64?

  /// The jobs that write every page of the kind in every locale of `codes`, each with its rank among jobs of equal
  /// weight, for a kind with too many small pages for a job each; nil makes a job of every page and its twin.
  static func batchedJobs(
    _ site: SiteRenderer, _ prepared: SiteRenderer.Prepared, codes: [String]
  ) -> [(job: SiteRenderer.Job, rank: Int)]?
}

extension PageKind {
  static func twin(of plan: SiteRenderer.PagePlan, _ site: SiteRenderer) -> SiteRenderer.PagePlan? { nil }

  static func keptFingerprint(
    of plan: SiteRenderer.PagePlan, _ site: SiteRenderer, _ prepared: SiteRenderer.Prepared
  ) -> UInt64? { nil }

  static func batchedJobs(
    _ site: SiteRenderer, _ prepared: SiteRenderer.Prepared, codes: [String]
  ) -> [(job: SiteRenderer.Job, rank: Int)]? { nil }
}

extension SiteRenderer {
  /// Every kind of page, in the order a locale's pages come (``pagePlans()``, and the templates a theme needs).
  static let pageKinds: [any PageKind.Type] = [
    BoardPage.self, HistoryPage.self, ColumnPage.self, OverduePage.self, TaskPage.self, NameIndexPage.self,
    NamePage.self, MilestoneIndexPage.self, InsightsPage.self, DueSoonPage.self, SearchPage.self,
  ]

  /// One page of the site: where it goes, its locale, and which page of which kind it is.
  public struct PagePlan: Sendable {
    /// A page's kind with the parameters that single it out among the kind's pages.
    public enum Kind: Sendable {
      case board(atRoot: Bool)
      case history(page: Int, of: Int)
      /// Page `page` (in reading order, ``ColumnPages``) of the column of one state: the whole column when it is
      /// short.
      case column(TaskState, page: Int)
      /// Page `page` of the overdue list (``ColumnPages/overdue``): the whole list when it is short.
      case overdue(page: Int)
      /// Task page number `page` of ``TaskPageTables``.
      case task(page: Int)
      /// The index of labels and people.
      case names
      /// The page of name `name` of ``CardNames/names``.
      case name(Int32)
      /// The index of milestones with their progress.
      case milestones
      case insights
      /// Page `page` of the due-soon list (``ColumnPages/dueSoon``).
      case dueSoon(page: Int)
      case search

      /// The file that makes pages of this kind.
      var page: any PageKind.Type {
        switch self {
        case .board: BoardPage.self
        case .history: HistoryPage.self
        case .column: ColumnPage.self
        case .overdue: OverduePage.self
        case .task: TaskPage.self
        case .names: NameIndexPage.self
        case .name: NamePage.self
        case .milestones: MilestoneIndexPage.self
        case .insights: InsightsPage.self
        case .dueSoon: DueSoonPage.self
        case .search: SearchPage.self
        }
      }
    }

    public var path: String
    public var code: String
    public var kind: Kind

    public var template: String { kind.page.template }
  }
}

extension PageKind {
  /// How a kept page that shows page-level words starts its fingerprint: the site's (settings, theme, binary),
  /// `label` naming the page, then its whole ``PageInfo``; the kind adds the cards it shows. Nil when the build
  /// keeps no fingerprints. The page info comes back for what the kind reads off it (live dates on or off).
  static func pagePrint(
    of plan: SiteRenderer.PagePlan, _ site: SiteRenderer, _ prepared: SiteRenderer.Prepared, label: String
  ) -> (print: Fingerprint, info: PageInfo)? {
    guard var print = site.keptPageFingerprint, let locale = prepared.locales[plan.code] else { return nil }
    let info = pageInfo(
      of: plan, site, catalog: locale.catalog, formatter: locale.formatter, overdueCount: prepared.tables.overdueCount)
    print.add(label)
    site.add(page: info, to: &print)
    return (print, info)
  }
}
