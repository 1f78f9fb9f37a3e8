import Foundation
import PMBoardCore

/// What a capped column leads with on the board page (``ColumnLead``), and the line that says so.
extension SiteRenderer {
  /// By column (`TaskState.order`): the cards the board page shows, in the order it shows them, for a column with
  /// more cards than ``cardLimit``; empty for a column shown whole (in board order).
  func columnLeads() -> [[Int32]] {
    let today = moment.today
    return TaskState.allCases.map { state in
      let column = tables.columnStarts[state.order]..<tables.columnStarts[state.order + 1]
      guard column.count > cardLimit else { return [] }
      let keyed = column.map { card -> (group: Int, order: Int64, card: Int) in
        let record = tables.cards[card]
        let due = record.dueIndex < 0 ? nil : tables.dueDates[Int(record.dueIndex)]
        let done = tables.doneSeconds[card] == .min ? nil : tables.doneSeconds[card]
        let key = ColumnLead.key(state: state, due: due, doneAt: done, today: today)
        return (key.group, key.order, card)
      }
      // Board order breaks ties: the card's place in the column.
      return keyed.sorted { ($0.group, $0.order, $0.card) < ($1.group, $1.order, $1.card) }.prefix(cardLimit)
        .map { Int32($0.card) }
    }
  }

  /// By column: the line above a capped column that says what leads and how many a reader should find (due this
  /// week and overdue; done this week), in the locale's words; empty for a column shown whole.
  func leadNotes(formatter: LocaleFormatter) -> [String] {
    let today = moment.today
    return TaskState.allCases.map { state in
      let column = tables.columnStarts[state.order]..<tables.columnStarts[state.order + 1]
      guard column.count > cardLimit else { return "" }
      var (soon, overdue, recent) = (0, 0, 0)
      for card in column {
        let record = tables.cards[card]
        let due = record.dueIndex < 0 ? nil : tables.dueDates[Int(record.dueIndex)]
        let doneDay = tables.doneDayIndex[card] < 0 ? nil : tables.doneDays[Int(tables.doneDayIndex[card])]
        guard ColumnLead.isRecent(state: state, due: due, doneDay: doneDay, today: today) else { continue }
        if state == .done {
          recent += 1
        } else if record.overdue {
          overdue += 1
        } else {
          soon += 1
        }
      }
      return state == .done
        ? formatter.message("board.lead_done", ["recent": String(recent)])
        : formatter.message("board.lead_open", ["soon": String(soon), "overdue": String(overdue)])
    }
  }
}
