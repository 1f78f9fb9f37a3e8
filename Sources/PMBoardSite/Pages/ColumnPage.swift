import Foundation
import PMBoardCore

/// The whole column of one published state, `<code>/<state>.html`, "as of" the column's last change: TODO and
/// DOING in board order, DONE newest first (``SiteRenderer/columnPageCards(_:)``). A rebuild keeps it while its
/// words and its cards, in their order, stay the same.
enum ColumnPage: PageKind {
  static let template = "column"

  static func plans(_ site: SiteRenderer, code: String) -> [SiteRenderer.PagePlan] {
    TaskState.allCases.filter { site.publish.states.contains($0) }.map { state in
      SiteRenderer.PagePlan(
        path: site.addresses.inLocale(code, SiteAddresses.column(state)), code: code, kind: .column(state))
    }
  }

  static func weight(of plan: SiteRenderer.PagePlan, _ site: SiteRenderer) -> Int {
    let order = state(of: plan).order
    return (site.tables.columnStarts[order + 1] - site.tables.columnStarts[order]) * 3
  }

  static func pageInfo(
    of plan: SiteRenderer.PagePlan, _ site: SiteRenderer, catalog: LocaleCatalog, formatter: LocaleFormatter,
    overdueCount: Int
  ) -> PageInfo {
    let state = state(of: plan)
    var info = site.page(
      .column(state), code: plan.code, formatter: formatter, overdueCount: overdueCount,
      path: SiteAddresses.column(state),
      place: .locale, title: "\(site.snapshot.info.title) · \(formatter.label(state))")
    if let seconds = site.columnChanges.seconds[state.order] {
      let changed = Date(timeIntervalSince1970: Double(seconds))
      info.asOf = formatter.message("column.changed", ["when": formatter.timestamp(changed)])
      info.asOfISO = Instant.format(changed)
    } else {
      // A column no history entry touched (empty since the history began) is as of today.
      (info.asOf, info.asOfISO) = site.asOfToday(formatter)
    }
    return site.withoutBoardWideWords(info)
  }

  /// Its page-level words (the column's last change, the board's overdue count in the nav, the live dates' day and
  /// due counts, the links) and every card of the column. A change elsewhere on the board leaves it, and the
  /// rebuild keeps the page without rendering it.
  static func keptFingerprint(
    of plan: SiteRenderer.PagePlan, _ site: SiteRenderer, _ prepared: SiteRenderer.Prepared
  ) -> UInt64? {
    let state = state(of: plan)
    guard var (print, _) = pagePrint(of: plan, site, prepared, label: "column \(state.rawValue)") else { return nil }
    let column = site.tables.columnStarts[state.order]..<site.tables.columnStarts[state.order + 1]
    let shown = site.columnPageCards(state).shown
    guard state.order < shown.count, !shown[state.order].isEmpty else {
      site.addCards(column, to: &print)
      return print.value
    }
    // DONE's cards in the order the page shows them: a card done again moves without its own print changing.
    for card in shown[state.order] { print.add(word: site.cardPrint(Int(card))) }
    print.add(shown[state.order].count)
    return print.value
  }

  private static func state(of plan: SiteRenderer.PagePlan) -> TaskState {
    guard case .column(let state) = plan.kind else { preconditionFailure("not a column page: \(plan.path)") }
    return state
  }
}
