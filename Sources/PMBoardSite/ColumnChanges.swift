import PMBoardCore

/// When each column last changed: the newest history entry that moved a task into it or out of it, or that is
/// about a task in it now (added, edited). A column page says this instead of the build's "as of", so that a change
/// elsewhere on the board leaves it byte for byte as it was (a cron job's rsync or CDN upload then skips it).
struct ColumnChanges: Sendable {
  /// Seconds since 1970 (UTC) by ``TaskState/order``; nil for a column no entry touched.
  let seconds: [Int?]

  /// Walks the history from the newest entry until every column is placed: usually a handful of entries.
  init(tables: BoardTables, taskPages: TaskPageTables) {
    var found = [Int?](repeating: nil, count: TaskState.allCases.count)
    var left = found.count
    // Without task pages there is no entry → card table; one is made only if the walk needs it.
    var cardOfTask: IDPages?
    for index in tables.entries.indices where left > 0 {
      let entry = tables.entries[index]
      var card = -1
      if taskPages.pageCount > 0 {
        card = Int(taskPages.entryPage[index])
      } else {
        if cardOfTask == nil { cardOfTask = Self.cardIndex(tables) }
        card = Int(cardOfTask?[entry.task, tables.historyBytes] ?? -1)
      }
      let now: TaskState? = card >= 0 && card < tables.cards.count ? tables.cards[card].state : nil
      for state in [entry.from, entry.to, now].compactMap({ $0 }) where found[state.order] == nil {
        found[state.order] = entry.utcSeconds
        left -= 1
      }
    }
    seconds = found
  }

  private static func cardIndex(_ tables: BoardTables) -> IDPages {
    var index = IDPages(capacity: tables.cards.count)
    for card in tables.cards.indices.reversed() {
      index[tables.cards[card].id.raw, tables.cardBytes] = Int32(card)
    }
    return index
  }
}
