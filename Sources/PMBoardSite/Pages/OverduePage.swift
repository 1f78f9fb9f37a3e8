import Foundation
import PMBoardCore

/// A locale's overdue list, `<code>/overdue.html` (with live dates, every open card with a due date, which the
/// script narrows to the viewer's day), "as of" the build's day. A long list is cut into pages as a long column is
/// (``ColumnPages/overdue``): `overdue.html` first, then `overdue-2.html`, …, each later page an archive that counts
/// its own cards. A rebuild keeps a page while its words and its cards stay the same.
enum OverduePage: PageKind {
  static let template = "overdue"

  static func plans(_ site: SiteRenderer, code: String) -> [SiteRenderer.PagePlan] {
    site.columnPages().overdueFiles.enumerated().map { page, file in
      SiteRenderer.PagePlan(path: site.addresses.inLocale(code, file), code: code, kind: .overdue(page: page))
    }
  }

  static func weight(of plan: SiteRenderer.PagePlan, _ site: SiteRenderer) -> Int {
    site.columnPages().overdue[page(of: plan)].count * 3
  }

  static func pageInfo(
    of plan: SiteRenderer.PagePlan, _ site: SiteRenderer, catalog: LocaleCatalog, formatter: LocaleFormatter,
    overdueCount: Int
  ) -> PageInfo {
    let paging = site.columnPages()
    return site.listPageInfo(
      .overdue, titleKey: "nav.overdue", page: page(of: plan), files: paging.overdueFiles, items: paging.overdue,
      count: \.overdueCount, code: plan.code, catalog: catalog, formatter: formatter, overdueCount: overdueCount)
  }

  /// As a column page's: its words and its cards (the ones that lead each column: overdue, or with live dates every
  /// due one), the page's share of them on a long list.
  static func keptFingerprint(
    of plan: SiteRenderer.PagePlan, _ site: SiteRenderer, _ prepared: SiteRenderer.Prepared
  ) -> UInt64? {
    guard let (start, info) = pagePrint(of: plan, site, prepared, label: "overdue \(page(of: plan))") else {
      return nil
    }
    var print = start
    let runs = ColumnPages.overdueRuns(
      leads: site.tables.overdueList(live: info.live != nil), starts: site.tables.columnStarts)
    let shown = ColumnPages.cards(of: runs, at: info.listItems)
    for card in shown { print.add(word: site.cardPrint(card)) }
    print.add(shown.count)
    return print.value
  }

  private static func page(of plan: SiteRenderer.PagePlan) -> Int {
    guard case .overdue(let page) = plan.kind else { preconditionFailure("not an overdue page: \(plan.path)") }
    return page
  }
}
