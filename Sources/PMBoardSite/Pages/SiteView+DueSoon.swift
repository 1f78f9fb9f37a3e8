import PMBoardBytes
import PMBoardCore

/// What cards and pages say about tasks due soon (``DueSoonCards``): a card's "Due in 2 days", the header's count
/// and link, and the due-soon page's list; and a card's "12 days in DOING" (``AgingCards``).
extension SiteView {
  func dueSoonValue(_ key: SiteKey, card: Int) -> SiteValue? {
    let days = Int(dueSoon?.days[card] ?? 0)
    switch key {
    case .dueSoon: return .bool(days > 0)
    case .dueSoonText: return .localeText(days > 0 ? locale.dueSoonTexts[days - 1] : .empty)
    case .aged: return .bool((aging?.index[card] ?? -1) >= 0)
    case .agedText:
      let at = aging?.index[card] ?? -1
      return .localeText(at >= 0 ? locale.agingTexts[Int(at)] : .empty)
    default: return nil
    }
  }

  func dueSoonPageValue(_ key: SiteKey) -> SiteValue? {
    switch key {
    case .dueSoonHref: page.dueSoonHref.map(SiteValue.pageText) ?? .bool(false)
    case .dueSoonCount: .number(page.dueSoonCount)
    case .hasDueSoon: .bool(page.dueSoonCount > 0)
    case .isDueSoonPage: .bool(page.isDueSoonPage)
    case .dueSoonDays: .number(page.dueSoonDays)
    case .dueSoonCards: page.isDueSoonPage ? .dueSoonList : nil
    default: nil
    }
  }

  /// The due-soon page's cards, by column.
  var dueSoonListed: [Range<Int>] { dueSoon?.list(live: page.live != nil) ?? [] }

  /// The card of due-soon item `index`.
  func dueSoonCard(_ index: Int) -> Int {
    var rest = index
    for range in dueSoonListed {
      if rest < range.count { return range.lowerBound + rest }
      rest -= range.count
    }
    preconditionFailure("due-soon item \(index) past the list")
  }
}
