import Foundation
import PMBoardBytes
import PMBoardCore

/// When each done card was done: the newest history entry that put its task in DONE (a move, or an add straight
/// into DONE; not one a sync found nothing to apply to), as a time to order by (``ColumnLead``) and a day to show
/// ("Done Nov 20"). A done card with no such entry (history cut by the publish policy, or imported without it) has
/// neither. In the same walk, the day each DOING card last went into DOING (its aging: "12 days in DOING").
struct DoneDays: Sendable {
  /// By card (board order): seconds since 1970, UTC; `Int64.min` for none.
  let seconds: [Int64]
  /// By card: index into ``days``; -1 for none.
  let dayIndex: [Int32]
  /// Wall-clock days (in the board's zone) some card was done on.
  let days: [CalendarDate]
  /// By card: the wall-clock day (days since 1970) a DOING card last went into DOING; `Int32.min` for none.
  let doingSince: [Int32]

  init(cards: CardTables, history: HistoryTables) {
    let done = cards.columnStarts[TaskState.done.order]..<cards.columnStarts[TaskState.done.order + 1]
    let doing = cards.columnStarts[TaskState.doing.order]..<cards.columnStarts[TaskState.doing.order + 1]
    var seconds = [Int64](repeating: .min, count: cards.records.count)
    var doingSince = [Int32](repeating: .min, count: cards.records.count)
    var dayIndex = [Int32](repeating: -1, count: cards.records.count)
    var days = Interner<Int>()
    // Keyed by the ids' 128 bits: a done card and an entry are matched without a `String` for either.
    var cardOf = UUIDTable(capacity: done.count + doing.count)
    for column in [doing, done] {
      for card in column {
        if let key = cards.keys[card] { cardOf.set(key, Int32(card)) }
      }
    }
    // Newest first: each done (doing) card takes the first entry that puts it in DONE (DOING), and the walk stops
    // once all have one.
    for entry in history.entries where !cardOf.isEmpty && (entry.to == .done || entry.to == .doing) {
      guard entry.resolution != .lost, let key = entry.taskKey, let card = cardOf[key].map(Int.init),
        cards.records[card].state == entry.to
      else { continue }
      cardOf.remove(key)
      if entry.to == .doing {
        doingSince[card] = Int32(clamping: history.days[Int(entry.dayIndex)])
        continue
      }
      seconds[card] = Int64(entry.utcSeconds)
      dayIndex[card] = days.number(history.days[Int(entry.dayIndex)])
    }
    self.seconds = seconds
    self.dayIndex = dayIndex
    self.days = days.values.map { CalendarDate(daysSinceEpoch: $0) }
    self.doingSince = doingSince
  }
}
