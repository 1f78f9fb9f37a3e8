import PMBoardBytes
import PMBoardCore

extension CalendarFeed {
  /// Each name's calendar's fingerprint, by name (indices into the cards' names), from what
  /// ``renderNames(_:names:emit:)`` reads for it: the site's print (`site`: theme and its words, settings, the
  /// board's title and zone), the window and the day, the name, and for each of its events in board order the
  /// card as it shows (`cardPrint`: its text, due day, state, names, and the page its link leads to), its column
  /// and its DTSTAMP. A rebuild keeps a calendar whose print is the last build's without making it: the name
  /// calendars were a tenth of a one-change rebuild's CPU at 100,000 tasks, every name's made again for one task.
  func namePrints(site: Fingerprint, cardPrint: (Int) -> UInt64) -> [UInt64] {
    let names = tables.cardNames
    var start = site
    start.add("name calendar \(today) \(window.daysBack ?? -1) \(window.daysAhead ?? -1) \(window.events ?? -1)")
    var prints = names.names.map { name in
      var print = start
      print.add(name.text.raw, of: names.bytes)
      return print
    }
    let cards = FixedTable(tables.cards)
    let open = tables.columnStarts[TaskState.todo.order]..<tables.columnStarts[TaskState.doing.order + 1]
    for index in open where cards[index].dueIndex >= 0 && window.contains(due: dueDay(of: cards[index]), today: today) {
      var event = Fingerprint()
      event.add(word: cardPrint(index))
      event.add(cards[index].state.order)
      event.add(stamps[index])
      for slot in Int(names.starts[index])..<Int(names.starts[index + 1]) {
        prints[Int(names.cardNames[slot])].add(word: event.value)
      }
    }
    return prints.map(\.value)
  }
}
