/// What a capped column (a board page that shows only its first cards) leads with, so that a big board shows what a
/// reader needs rather than its oldest work:
/// - TODO and DOING: what falls due in the coming week (today and the six days after, soonest first), then what is
///   overdue (the most recently due first: what just slipped before what slipped months ago), then the rest in
///   board order;
/// - DONE: the most recently done first (by the last history entry that put the task in DONE), then the rest in
///   board order.
/// Ties keep board order. DONE's order is also how every page lists DONE cards, capped or not (the board's column,
/// `done.html`, a label's or person's page): newest first. TODO and DOING column pages, the overdue page, `list`,
/// `board.json`, the search index and the feeds keep board order; the board page says what leads and counts what
/// does not fit.
public enum ColumnLead {
  /// Days from today, today included, that count as "this week".
  public static let soonDays = 7

  /// The group a card leads in (lower first) and its order within it (lower first).
  public static func key(
    state: TaskState, due: CalendarDate?, doneAt: Int64?, today: CalendarDate
  ) -> (group: Int, order: Int64) {
    if state == .done {
      guard let doneAt else { return (1, 0) }
      return (0, -doneAt)
    }
    guard let due else { return (2, 0) }
    let days = due.daysSinceEpoch - today.daysSinceEpoch
    if days >= 0 && days < soonDays { return (0, Int64(days)) }
    if days < 0 { return (1, Int64(-days)) }
    return (2, 0)
  }

  /// Whether a card is one a reader should find on the board page: due in the coming week or overdue (open), or
  /// done in the last `soonDays` days, counted by the day `doneDay` falls on.
  public static func isRecent(state: TaskState, due: CalendarDate?, doneDay: CalendarDate?, today: CalendarDate) -> Bool
  {
    if state == .done {
      guard let doneDay else { return false }
      let days = today.daysSinceEpoch - doneDay.daysSinceEpoch
      return days >= 0 && days < soonDays
    }
    guard let due else { return false }
    return due.daysSinceEpoch - today.daysSinceEpoch < soonDays
  }
}
