import PMBoardBytes
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
    var columns = TaskColumns(tables: tables, taskPages: taskPages)
    // First a move's two columns, and an edit's task's column now (a later move would be a newer entry). Then, for
    // a column still unplaced (a history that does not show every move, as an import's may not), any entry about
    // a task in it now.
    for byTask in [false, true] where left > 0 {
      for index in tables.entries.indices where left > 0 {
        let entry = tables.entries[index]
        let named = byTask ? [] : [entry.from, entry.to]
        let now = byTask || entry.action == .edited ? columns.now(ofEntry: index) : nil
        for state in (named + [now]).compactMap({ $0 }) where found[state.order] == nil {
          found[state.order] = entry.utcSeconds
          left -= 1
        }
      }
    }
    seconds = found
  }
}

/// The column an entry's task is in now: from the task pages' tables when the site has them, else by its id.
private struct TaskColumns {
  let tables: BoardTables
  let taskPages: TaskPageTables
  /// Made only after a few lookups by scan: most builds need one or two.
  private var index: IDPages?
  private var scans = 0

  init(tables: BoardTables, taskPages: TaskPageTables) {
    self.tables = tables
    self.taskPages = taskPages
  }

  mutating func now(ofEntry entry: Int) -> TaskState? {
    let card: Int
    if taskPages.pageCount > 0 {
      card = Int(taskPages.entryPage[entry])
    } else {
      card = self.card(of: tables.entries[entry].task)
    }
    return card >= 0 && card < tables.cards.count ? tables.cards[card].state : nil
  }

  private mutating func card(of task: RawRef) -> Int {
    let history = tables.historyBytes
    if index == nil, scans < 16, let key = history.shortKey(task) {
      scans += 1
      return tables.cards.indices.first { tables.cardBytes.shortKey(tables.cards[$0].id.raw) == key } ?? -1
    }
    if index == nil {
      var made = IDPages(capacity: tables.cards.count)
      for card in tables.cards.indices.reversed() { made[tables.cards[card].id.raw, tables.cardBytes] = Int32(card) }
      index = made
    }
    return Int(index?[task, history] ?? -1)
  }
}
