import Foundation
import PMBoardBytes
import PMBoardCore

/// A locale's due-soon list, `<code>/due-soon.html`: the open tasks due in the next `due-soon` days (tomorrow and
/// after; today's and overdue ones have their own flags and page), in board order. With live dates it lists every
/// open task due after today, those not yet due soon hidden, so the script can show what a later day brings. Only
/// with a window (`due-soon: 0` turns it off).
enum DueSoonPage: PageKind {
  static let template = "due-soon"

  static func plans(_ site: SiteRenderer, code: String) -> [SiteRenderer.PagePlan] {
    guard site.dueSoon > 0 else { return [] }
    return site.columnPages().dueSoonFiles.enumerated().map { page, file in
      SiteRenderer.PagePlan(path: site.addresses.inLocale(code, file), code: code, kind: .dueSoon(page: page))
    }
  }

  static func weight(of plan: SiteRenderer.PagePlan, _ site: SiteRenderer) -> Int {
    site.columnPages().dueSoon[page(of: plan)].count * 3
  }

  /// A long list is cut as the overdue list is (``SiteRenderer/listPageInfo(_:titleKey:page:files:items:count:code:catalog:formatter:overdueCount:)``).
  static func pageInfo(
    of plan: SiteRenderer.PagePlan, _ site: SiteRenderer, catalog: LocaleCatalog, formatter: LocaleFormatter,
    overdueCount: Int
  ) -> PageInfo {
    let paging = site.columnPages()
    return site.listPageInfo(
      .dueSoon, titleKey: "nav.due_soon", page: page(of: plan), files: paging.dueSoonFiles, items: paging.dueSoon,
      count: \.dueSoonCount, code: plan.code, catalog: catalog, formatter: formatter, overdueCount: overdueCount)
  }

  /// Its words and its cards, as the overdue page's.
  static func keptFingerprint(
    of plan: SiteRenderer.PagePlan, _ site: SiteRenderer, _ prepared: SiteRenderer.Prepared
  ) -> UInt64? {
    guard let (start, info) = pagePrint(of: plan, site, prepared, label: "due soon \(page(of: plan))") else {
      return nil
    }
    var print = start
    let shown = ColumnPages.cards(of: site.dueSoonCards.list(live: info.live != nil), at: info.listItems)
    for card in shown { print.add(word: site.cardPrint(card)) }
    print.add(shown.count)
    return print.value
  }

  private static func page(of plan: SiteRenderer.PagePlan) -> Int {
    guard case .dueSoon(let page) = plan.kind else { preconditionFailure("not a due-soon page: \(plan.path)") }
    return page
  }
}

/// Which cards are due soon: in each open column (sorted by due date) a run of cards, after the overdue ones and
/// today's.
public struct DueSoonCards: Sendable {
  /// By column (`TaskState.order`): the cards due in the window, and (for live dates) every card due after today.
  public let soon: [Range<Int>]
  public let later: [Range<Int>]
  /// By card in board order: the days until its due date when it is due soon, else 0.
  public let days: FixedArray<Int8>

  public init(tables: BoardTables, today: CalendarDate, window: Int) {
    var soon: [Range<Int>] = []
    var later: [Range<Int>] = []
    var days = [Int8](repeating: 0, count: tables.cards.count)
    for state in TaskState.allCases {
      let column = tables.columnStarts[state.order]..<tables.columnStarts[state.order + 1]
      guard state != .done, window > 0 else {
        soon.append(column.lowerBound..<column.lowerBound)
        later.append(column.lowerBound..<column.lowerBound)
        continue
      }
      func daysUntil(_ card: Int) -> Int? {
        let due = tables.cards[card].dueIndex
        return due < 0 ? nil : tables.dueDates[Int(due)].daysSinceEpoch - today.daysSinceEpoch
      }
      // Cards without a due date come last; those due by today first.
      let first = column.first { (daysUntil($0) ?? .max) > 0 } ?? column.upperBound
      let end = column[first...].first { (daysUntil($0) ?? .max) > window } ?? column.upperBound
      let dated = column[first...].first { daysUntil($0) == nil } ?? column.upperBound
      for card in first..<end { days[card] = Int8(daysUntil(card) ?? 0) }
      soon.append(first..<end)
      later.append(first..<dated)
    }
    (self.soon, self.later, self.days) = (soon, later, FixedArray(days))
  }

  /// The cards the due-soon page lists, by column.
  public func list(live: Bool) -> [Range<Int>] { live ? later : soon }

  public var count: Int { soon.reduce(0) { $0 + $1.count } }
}
