import PMBoardBytes
import PMBoardCore

/// Where each card stands in a capped column's lead (``ColumnLead``) on `today`, worked out once for the board and
/// every label's and person's page: a hundred names of a few thousand cards each then read two small tables by card
/// instead of each card's record, due date and done day again.
struct CardLeads: Sendable {
  /// By card in board order: ``ColumnLead/key(state:due:doneAt:today:)``'s group and order.
  let group: FixedArray<UInt8>
  let order: FixedArray<Int64>
  /// By card: what the line above a capped column counts it as (``Kind``).
  let kind: FixedArray<UInt8>

  /// What a card counts as in a capped column's line.
  enum Kind: UInt8 {
    case none, soon, overdue, recent
  }

  init(tables: BoardTables, today: CalendarDate) {
    let count = tables.cards.count
    var (group, order) = ([UInt8](repeating: 0, count: count), [Int64](repeating: 0, count: count))
    var kind = [UInt8](repeating: Kind.none.rawValue, count: count)
    for state in TaskState.allCases {
      for card in tables.columnStarts[state.order]..<tables.columnStarts[state.order + 1] {
        let record = tables.cards[card]
        let due = record.dueIndex < 0 ? nil : tables.dueDates[Int(record.dueIndex)]
        let doneAt = tables.doneSeconds[card] == .min ? nil : tables.doneSeconds[card]
        let key = ColumnLead.key(state: state, due: due, doneAt: doneAt, today: today)
        (group[card], order[card]) = (UInt8(key.group), key.order)
        let doneDay = tables.doneDayIndex[card] < 0 ? nil : tables.doneDays[Int(tables.doneDayIndex[card])]
        guard ColumnLead.isRecent(state: state, due: due, doneDay: doneDay, today: today) else { continue }
        kind[card] = (state == .done ? Kind.recent : record.overdue ? .overdue : .soon).rawValue
      }
    }
    (self.group, self.order, self.kind) = (FixedArray(group), FixedArray(order), FixedArray(kind))
  }
}
