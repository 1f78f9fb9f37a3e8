import PMBoardBytes
import PMBoardCore

/// Which events a calendar holds (``CalendarWindow``) and what each is stamped with.
extension CalendarFeed {
  /// By card, its event's DTSTAMP (seconds since 1970): the newest history entry about its task, so that a change
  /// to another task, or to one outside the window, leaves the event's bytes, and a calendar without it, as they
  /// were; a task without a published entry (`history: off`) takes its due day's start. -1 for a card without an
  /// event in the window.
  static func eventStamps(tables: BoardTables, window: CalendarWindow, today: Int) -> [Int] {
    let cards = FixedTable(tables.cards)
    var stamps = [Int](repeating: -1, count: cards.count)
    let open = tables.columnStarts[TaskState.todo.order]..<tables.columnStarts[TaskState.doing.order + 1]
    var cardOf = UUIDTable(capacity: 0)
    for index in open where cards[index].dueIndex >= 0 {
      let due = tables.dueDates[Int(cards[index].dueIndex)].daysSinceEpoch
      guard window.contains(due: due, today: today) else { continue }
      stamps[index] = due * 86_400
      if let key = tables.cardKeys[index] { cardOf.set(key, Int32(index)) }
    }
    var seen = [Bool](repeating: false, count: cards.count)
    for entry in tables.entries {
      guard let key = entry.taskKey, let card = cardOf[key].map(Int.init) else { continue }
      stamps[card] = seen[card] ? max(stamps[card], entry.utcSeconds) : entry.utcSeconds
      seen[card] = true
    }
    return stamps
  }

  /// The due day of `card` (which has one), in days since 1970.
  func dueDay(of card: CardRecord) -> Int {
    tables.dueDates[Int(card.dueIndex)].daysSinceEpoch
  }

  /// Where card `number`'s event stands when a calendar keeps the nearest the day (``CalendarWindow/Key``).
  func key(of card: CardRecord, number: Int) -> CalendarWindow.Key {
    let day = dueDay(of: card)
    return CalendarWindow.Key(distance: abs(day - today), day: day, card: number)
  }
}
