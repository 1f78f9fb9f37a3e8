import Foundation
import PMBoardCore

/// A locale's board, `<code>/index.html`: every published column's first cards, the summary and the build's time.
/// The default locale's board has a twin, the root `index.html`, which copies nearly all of its bytes.
enum BoardPage: PageKind {
  static let template = "board"

  static func plans(_ site: SiteRenderer, code: String) -> [SiteRenderer.PagePlan] {
    [
      SiteRenderer.PagePlan(
        path: site.addresses.inLocale(code, SiteAddresses.board), code: code, kind: .board(atRoot: false))
    ]
  }

  static func twin(of plan: SiteRenderer.PagePlan, _ site: SiteRenderer) -> SiteRenderer.PagePlan? {
    guard plan.code == site.defaultLocale, case .board(atRoot: false) = plan.kind else { return nil }
    return SiteRenderer.PagePlan(
      path: site.addresses.atRoot(SiteAddresses.rootIndex), code: plan.code, kind: .board(atRoot: true))
  }

  /// A card costs about three history entries; the root index, mostly copied from its twin, a quarter of a board
  /// more.
  static func weight(of plan: SiteRenderer.PagePlan, _ site: SiteRenderer) -> Int {
    min(site.snapshot.taskCount, site.cardLimit * 3) * (twin(of: plan, site) == nil ? 3 : 4)
  }

  static func pageInfo(
    of plan: SiteRenderer.PagePlan, _ site: SiteRenderer, catalog: LocaleCatalog, formatter: LocaleFormatter,
    overdueCount: Int
  ) -> PageInfo {
    let atRoot = if case .board(atRoot: true) = plan.kind { true } else { false }
    var info = site.page(
      .board, code: plan.code, formatter: formatter, overdueCount: overdueCount, path: SiteAddresses.board,
      place: atRoot ? .root : .locale, title: "\(site.snapshot.info.title) · \(catalog.string("nav.board"))")
    info.cardLimit = site.cardLimit
    info.columns = site.publish.stateList
    info.leadNotes = site.leadNotes(formatter: formatter)
    if let field = site.laneField {
      info.laneLeadNotes = site.boardLanes().map { site.leadNotes(formatter: formatter, counts: $0.leadCounts) }
      let fieldName = site.tables.cardNames.fields[field].definition.displayName(in: plan.code)
      info.noValueLane = formatter.message("board.no_value", ["field": "\u{2068}\(fieldName)\u{2069}"])
      // A theme's catalog from before lanes has no `board.no_value`: the lane still says what it holds.
      if info.noValueLane.isEmpty { info.noValueLane = "\u{2068}\(fieldName)\u{2069}: —" }
    }
    return info
  }
}
