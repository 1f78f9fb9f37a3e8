import Foundation
import PMBoardBytes
import PMBoardCore
import PMBoardMustache

/// The sections of the view model: which values are lists, how long, and their items.
extension SiteView {
  public func behaviour(of value: SiteValue) -> SectionBehaviour {
    switch value {
    case .bool(let flag): flag ? .trueFlag : .falseFlag
    case .columnList: .list(count: page.columns.count)
    case .cardList(let order):
      .list(
        count: columnCards.counts == nil
          ? min(page.cardLimit, columnStarts[Int(order) + 1] - columnStarts[Int(order)])
          : columnCards.shown[Int(order)].count)
    case .overdueList: .list(count: page.listItems?.count ?? board.overdueList(live: page.live != nil).reduce(0, +))
    case .entryList: .list(count: page.isTaskPage ? taskEntries.count : page.entries.count)
    case .dayList: .list(count: max(0, dayStarts.count - 1))
    case .dueSoonList: .list(count: page.listItems?.count ?? dueSoonListed.reduce(0) { $0 + $1.count })
    case .dayEntryList(let day): .list(count: Int(dayStarts[Int(day) + 1] - dayStarts[Int(day)]))
    case .linkList: .list(count: page.linkCount)
    case .nameList(let card, let field): .list(count: cardNames.range(of: Int(field), card: Int(card)).count)
    case .fieldChips(let card): .list(count: cardNames.declaredRange(card: Int(card)).count)
    case .valueList(let card): .list(count: cardNames.valueRange(card: Int(card)).count)
    case .nameIndex(let field): .list(count: indexNames(field).count)
    case .fieldIndexList: .list(count: cardNames.indexedFields.count)
    case .laneList: .list(count: lanes.count)
    case .laneColumnList: .list(count: page.columns.count)
    case .laneCardList(let lane, let order): .list(count: laneCards(lane, order).count)
    default: .value
    }
  }

  public func item(_ index: Int, of list: SiteValue) -> SiteValue {
    switch list {
    case .columnList: .column(Int32(page.columns[index].order))
    case .cardList(let order):
      Int(order) < columnCards.shown.count && !columnCards.shown[Int(order)].isEmpty
        ? .card(columnCards.shown[Int(order)][index]) : .card(Int32(columnStarts[Int(order)] + index))
    case .entryList: .entry(page.isTaskPage ? taskEntries[index] : Int32(page.entries.lowerBound + index))
    case .dayList: .day(Int32(index))
    case .dayEntryList(let day): .entry(dayStarts[Int(day)] + Int32(index))
    case .overdueList: .card(Int32(overdueCard((page.listItems?.lowerBound ?? 0) + index)))
    case .dueSoonList: .card(Int32(dueSoonCard((page.listItems?.lowerBound ?? 0) + index)))
    case .linkList: .link(Int32(index))
    case .nameList(let card, let field):
      .name(cardNames.cardNames[cardNames.range(of: Int(field), card: Int(card)).lowerBound + index])
    case .fieldChips(let card): .name(cardNames.cardNames[cardNames.declaredRange(card: Int(card)).lowerBound + index])
    case .valueList(let card): .value(Int32(cardNames.valueRange(card: Int(card)).lowerBound + index))
    case .nameIndex(let field): .name(indexNames(field)[index])
    case .fieldIndexList: .fieldIndex(Int32(cardNames.indexedFields[index]))
    case .laneList: .lane(Int32(index))
    case .laneColumnList(let lane): .laneColumn(lane: lane, order: Int32(page.columns[index].order))
    case .laneCardList(let lane, let order): .card(laneCards(lane, order)[index])
    default: preconditionFailure("not a list")
    }
  }

  /// The card of overdue item `index`: the overdue cards (and the due ones) lead each column, so these are each
  /// column's leads.
  private func overdueCard(_ index: Int) -> Int {
    var rest = index
    let leads = board.overdueList(live: page.live != nil)
    for state in TaskState.allCases {
      let lead = leads[state.order]
      if rest < lead { return columnStarts[state.order] + rest }
      rest -= lead
    }
    preconditionFailure("overdue item \(index) past the list")
  }
}
