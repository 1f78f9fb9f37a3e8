import Foundation
import PMBoardCore

/// A locale's search page, `<code>/search.html`: every result of a query (`search.html?q=…`, what Enter in the
/// header's field opens when no result is chosen), drawn by `search.js` as links, so a search can be shared and read
/// whole where the field's list shows the first 50. Without JavaScript it says so and links the pages that narrow
/// the board. Only where the search is published.
enum SearchPage: PageKind {
  static let template = "search"

  static func plans(_ site: SiteRenderer, code: String) -> [SiteRenderer.PagePlan] {
    guard site.publish.search else { return [] }
    return [
      SiteRenderer.PagePlan(path: site.addresses.inLocale(code, SiteAddresses.searchPage), code: code, kind: .search)
    ]
  }

  static func weight(of plan: SiteRenderer.PagePlan, _ site: SiteRenderer) -> Int { 50 }

  static func pageInfo(
    of plan: SiteRenderer.PagePlan, _ site: SiteRenderer, catalog: LocaleCatalog, formatter: LocaleFormatter,
    overdueCount: Int
  ) -> PageInfo {
    let info = site.page(
      .search, code: plan.code, formatter: formatter, overdueCount: overdueCount, path: SiteAddresses.searchPage,
      place: .locale, title: "\(site.snapshot.info.title) · \(catalog.string("search.heading"))")
    return site.withoutBoardWideWords(info)
  }

  /// Kept while its words and links are the same: the results are the script's.
  static func keptFingerprint(
    of plan: SiteRenderer.PagePlan, _ site: SiteRenderer, _ prepared: SiteRenderer.Prepared
  ) -> UInt64? {
    pagePrint(of: plan, site, prepared, label: "search")?.print.value
  }
}
