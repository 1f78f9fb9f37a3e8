import Foundation
import PMBoardBytes
import PMBoardCore

/// What every page's render reads, prepared once a build before the jobs run.
extension SiteRenderer {
  /// What every page of a build reads: the template keys as site keys, the board's tables, each locale's tables.
  struct Prepared: Sendable {
    var keys: FixedArray<SiteKey>
    var tables: BoardTables
    var locales: [String: LocaleTables]
    /// ``archivePrints(half:)`` of both halves, by history page number - 1; none when the build keeps no
    /// fingerprints.
    var archivePrints: [UInt64]
    /// ``entryPrints(_:)`` of every history entry; none when the build keeps no fingerprints.
    var entryPrints: [UInt64]
    /// ``columnLeads()``: the board pages' capped columns.
    var leads: ColumnCards
  }

  /// Every locale's tables and the two halves of the archived history pages' and of the entries' fingerprints, all
  /// on every core in one round (a round each left a core idle at the end of both).
  func prepare() -> Prepared {
    let tables = self.tables
    let catalogs = locales.compactMap { code in theme.catalogs[code].map { (code, $0) } }
    let (zone, keyNames) = (snapshot.info.timeZone, theme.templates.keyNames)
    let entryCount = tables.entries.count
    // The fingerprints only for a build that keeps them.
    let pieces = concurrentMap(catalogs.count + (siteFingerprint == nil ? 0 : 4)) { index -> PreparedPiece in
      if index >= catalogs.count + 2 {
        let half = index - catalogs.count - 2
        return .entryPrints(entryPrints(half == 0 ? 0..<entryCount / 2 : entryCount / 2..<entryCount))
      }
      guard index < catalogs.count else { return .archivePrints(archivePrints(half: index - catalogs.count)) }
      let (code, catalog) = catalogs[index]
      return .locale(
        LocaleTables(
          code: code, catalog: catalog, formatter: LocaleFormatter(catalog: catalog, timeZone: zone),
          tables: tables, keyNames: keyNames, dueSoon: dueSoon, agingDays: agingCards.days))
    }
    var locales: [String: LocaleTables] = [:]
    var archives: [UInt64] = []
    var entries: [UInt64] = []
    for piece in pieces {
      switch piece {
      case .locale(let locale): locales[locale.code] = locale
      case .archivePrints(let prints): archives += prints
      case .entryPrints(let prints): entries += prints
      }
    }
    return Prepared(
      keys: FixedArray(keyNames.map(SiteKey.init(name:))), tables: tables, locales: locales, archivePrints: archives,
      entryPrints: entries, leads: columnLeads())
  }

  /// The cards of `plan`'s page when it is a column page (``columnPageCards(_:page:)``); else the board's order.
  private func columnCards(of plan: PagePlan) -> ColumnCards {
    guard case .column(let state, let page) = plan.kind else { return .board }
    return columnPageCards(state, page: page)
  }

  private enum PreparedPiece {
    case locale(LocaleTables)
    case archivePrints([UInt64])
    case entryPrints([UInt64])
  }

  /// Calls `body` with the view model of `plan`'s page, keeping the tables it points into alive meanwhile.
  func withModel<Result>(
    for plan: PagePlan, _ prepared: Prepared, _ body: (SiteModel) throws -> Result
  ) rethrows -> Result {
    // Every plan's locale was prepared: plans are made from the same locale list.
    guard let locale = prepared.locales[plan.code] else { preconditionFailure("no tables for locale \(plan.code)") }
    let info = pageInfo(
      for: plan, catalog: locale.catalog, formatter: locale.formatter, overdueCount: prepared.tables.overdueCount)
    let page = PageTables(info)
    let view = SiteView(
      keys: prepared.keys, board: prepared.tables, locale: locale, page: page, taskPages: taskPages,
      columns: info.name.map(columnCards(ofName:)) ?? (info.isBoard ? prepared.leads : columnCards(of: plan)),
      lanes: info.isBoard ? boardLanes() : [], dueSoon: dueSoonCards, aging: agingCards,
      pagedLinks: info.isTaskPage ? nil : pagedCardLinks())
    return try Borrowed.with(view) { try body(SiteModel($0)) }
  }
}
