import PMBoardBytes
import PMBoardCore
import PMBoardMustache

/// A grouped board page's lanes (`group-by`, ``SiteRenderer/Lane``): each lane's heading, link and count, and its
/// columns, which answer what a board column does from the lane's cards.
extension SiteView {
  func laneValue(_ key: SiteKey, _ index: Int) -> SiteValue? {
    let lane = lanes[index]
    switch key {
    case .name: return lane.name.map { .nameText(cardNames.names[Int($0)].text) } ?? .pageText(page.noValueLane)
    case .href: return lane.name.map { .nameHref(cardNames.names[Int($0)].path) } ?? .bool(false)
    case .count: return .number(lane.count)
    case .laneId: return .number(index + 1)
    case .columns: return .laneColumnList(Int32(index))
    default: return nil
    }
  }

  /// A lane's column: its cards led and capped as the board's, "Show all" to the option's page (the column's page
  /// for the cards without a value), and no work-in-progress limit, which is the whole column's.
  func laneColumnValue(_ key: SiteKey, lane index: Int, _ state: TaskState) -> SiteValue? {
    let lane = lanes[index]
    let count = lane.cards.counts?[state.order] ?? 0
    switch key {
    case .state: return .localeText(stateNames[state.order])
    case .label: return .localeText(stateLabels[state.order])
    case .count: return .number(count)
    case .isEmpty: return .bool(count == 0)
    case .cards: return .laneCardList(lane: Int32(index), order: Int32(state.order))
    case .hasMore: return .bool(count > page.cardLimit)
    case .columnHref:
      return lane.name.map { .nameHref(cardNames.names[Int($0)].path) } ?? .pageText(page.columnHrefs[state.order])
    case .leadNote: return .pageText(page.laneLeadNotes[index][state.order])
    case .hasLeadNote: return .bool(page.laneLeadNotes[index][state.order].rawCount > 0)
    case .wipLimit, .hasWipLimit, .overWipLimit: return .bool(false)
    default: return nil
    }
  }

  /// The cards lane `lane`'s column `order` shows.
  func laneCards(_ lane: Int32, _ order: Int32) -> [Int32] {
    lanes[Int(lane)].cards.shown[Int(order)]
  }
}
