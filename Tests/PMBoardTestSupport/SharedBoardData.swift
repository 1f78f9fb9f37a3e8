import Foundation
import PMBoardCore
import PMBoardSite

/// What every locale's reference pages need, computed once per site: cards in board order with their overdue flags,
/// history newest first with wall-clock times. Locales then only add their words.
package final class SharedBoardData: Sendable {
  package let columns: [[CardData]]
  package let newestFirst: [EntryData]
  package let overdueCount: Int
  /// Every calendar day (on the board's wall clock) that a history entry falls on.
  package let historyDays: Set<Int>
  /// Every distinct due date.
  package let dueDates: Set<CalendarDate>
  /// How many tasks carry each name, keyed by its field's folder and the name (``NameField/countKey(_:)``).
  package let nameCounts: [String: Int]
  /// The board's fields whose values are names, from their declarations.
  package let nameFields: [NameField]
  /// The board's declared text, number and date fields, in its order.
  package let valueFields: [FieldDefinition]
  /// The ids of the tasks with a page: those on the board, and those whose last change removed them.
  package let taskPageIDs: Set<String>

  /// `orderBy`: the key of the field whose option order leads each column's order (`order-by`).
  package init(board: Board, today: CalendarDate, orderBy: String? = nil) {
    // When each task was last put in DONE by an applied change: the plain walk the site's `DoneDays` mirrors.
    var doneAt: [UUID: Date] = [:]
    for entry in board.history where entry.to == .done && entry.resolution != .lost { doneAt[entry.taskID] = entry.at }
    // And when each went into DOING last: a DOING card's aging counts from that day.
    var doingAt: [UUID: Date] = [:]
    for entry in board.history where entry.to == .doing && entry.resolution != .lost {
      doingAt[entry.taskID] = entry.at
    }
    var columns: [[CardData]] = [[], [], []]
    var overdue = 0
    var dueDates = Set<CalendarDate>()
    for task in board.tasks {
      let done = task.state == .done ? doneAt[task.id] : nil
      let card = CardData(
        task, today: today, doneAt: done, doingAt: task.state == .doing ? doingAt[task.id] : nil,
        zone: board.info.timeZone)
      if card.overdue { overdue += 1 }
      if let due = task.due { dueDates.insert(due) }
      columns[task.state.order].append(card)
    }
    if let field = BoardOrder.orderingField(orderBy, in: board.info.fields) {
      self.columns = columns.map { column in
        column.sorted { lhs, rhs in
          let (left, right) = (
            BoardOrder.rank(of: lhs.task.values, by: field), BoardOrder.rank(of: rhs.task.values, by: field)
          )
          return left != right ? left < right : CardData.precedes(lhs, rhs)
        }
      }
    } else {
      self.columns = columns.map { $0.sorted(by: CardData.precedes) }
    }
    var counts: [String: Int] = [:]
    let fields = NameField.all(of: board.info.fields)
    for task in board.tasks {
      for field in fields {
        for name in field.names(of: task) { counts[field.countKey(name), default: 0] += 1 }
      }
    }
    (nameCounts, nameFields) = (counts, fields)
    valueFields = board.info.fields.valued.filter { [.text, .number, .date].contains($0.type) }
    overdueCount = overdue
    self.dueDates = dueDates
    var clock = WallClock(zone: board.info.timeZone)
    var days = Set<Int>()
    newestFirst = board.history.reversed().map { entry in
      let local = clock.localSeconds(entry.at)
      days.insert(Instant.day(ofSecond: local).day)
      return EntryData(entry: entry, localSeconds: local)
    }
    historyDays = days
    var lastAction: [UUID: HistoryAction] = [:]
    for entry in board.history { lastAction[entry.taskID] = entry.action }
    taskPageIDs = Set(board.tasks.map(\.idString)).union(
      lastAction.filter { $0.value == .removed }.map(\.key.lowercaseString))
  }
}

/// One task as every locale shows it; the id string and flags are computed once per site.
package final class CardData: Sendable {
  package let task: BoardTask
  package let id: String
  package let dueISO: String
  package let overdue: Bool
  package let dueToday: Bool
  /// For a done task, when the last change that put it in DONE was made, and that day in the board's zone.
  package let doneAt: Date?
  package let doneDay: CalendarDate?
  /// For a task in DOING, how many days on the board's clock since the last change that put it there.
  package let daysInDoing: Int?

  package init(
    _ task: BoardTask, today: CalendarDate, doneAt: Date? = nil, doingAt: Date? = nil, zone: TimeZone = .utc
  ) {
    self.task = task
    id = task.idString
    dueISO = task.due?.description ?? ""
    overdue = task.isOverdue(today: today)
    dueToday = task.isDueToday(today: today)
    self.doneAt = doneAt
    doneDay = doneAt.map { CalendarDate($0, in: zone) }
    daysInDoing = doingAt.map { today.daysSinceEpoch - CalendarDate($0, in: zone).daysSinceEpoch }
  }

  /// Board order within a column (``BoardOrder``).
  package static func precedes(_ lhs: CardData, _ rhs: CardData) -> Bool {
    BoardOrder.withinColumn(lhs.task, rhs.task)
  }
}

/// One history entry with its instant formatted once and its wall-clock time in the board's zone.
package final class EntryData: Sendable {
  package let entry: HistoryEntry
  package let at: String
  package let localSeconds: Int

  package init(entry: HistoryEntry, localSeconds: Int) {
    self.entry = entry
    at = Instant.format(entry.at)
    self.localSeconds = localSeconds
  }
}
