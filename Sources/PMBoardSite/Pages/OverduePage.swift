import Foundation
import PMBoardCore

/// A locale's overdue list, `<code>/overdue.html` (with live dates, every open card with a due date, which the
/// script narrows to the viewer's day), "as of" the build's day. A rebuild keeps it while its words and its cards
/// stay the same.
enum OverduePage: PageKind {
  static let template = "overdue"

  static func plans(_ site: SiteRenderer, code: String) -> [SiteRenderer.PagePlan] {
    [SiteRenderer.PagePlan(path: site.addresses.inLocale(code, SiteAddresses.overdue), code: code, kind: .overdue)]
  }

  static func weight(of plan: SiteRenderer.PagePlan, _ site: SiteRenderer) -> Int {
    site.tables.overdueList(live: site.liveDates).reduce(0, +) * 3
  }

  static func pageInfo(
    of plan: SiteRenderer.PagePlan, _ site: SiteRenderer, catalog: LocaleCatalog, formatter: LocaleFormatter,
    overdueCount: Int
  ) -> PageInfo {
    var info = site.page(
      .overdue, code: plan.code, formatter: formatter, overdueCount: overdueCount, path: SiteAddresses.overdue,
      place: .locale,
      title: "\(site.snapshot.info.title) · \(catalog.string("nav.overdue"))")
    // Which tasks are overdue changes with the day, not with the hour of the build.
    (info.asOf, info.asOfISO) = site.asOfToday(formatter)
    return site.withoutBoardWideWords(info)
  }

  /// As a column page's: its words and its cards (the ones that lead each column: overdue, or with live dates every
  /// due one).
  static func keptFingerprint(
    of plan: SiteRenderer.PagePlan, _ site: SiteRenderer, _ prepared: SiteRenderer.Prepared
  ) -> UInt64? {
    guard let (start, info) = pagePrint(of: plan, site, prepared, label: "overdue") else { return nil }
    var print = start
    let leads = site.tables.overdueList(live: info.live != nil)
    for state in TaskState.allCases {
      let start = site.tables.columnStarts[state.order]
      site.addCards(start..<(start + leads[state.order]), to: &print)
    }
    return print.value
  }
}
