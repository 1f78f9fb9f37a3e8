import PMBoardBytes
import PMBoardCore

/// Which DOING cards have been there too long (`aging`, in days): each card's days in DOING when at or past the
/// threshold, counted from the day it last went into DOING (``BoardTables/doingSince``) to the build's day.
public struct AgingCards: Sendable {
  /// By card in board order: an index into ``days``, or -1.
  public let index: FixedArray<Int32>
  /// The distinct day counts aged cards show, so each locale words each once.
  public let days: [Int]

  public init(tables: BoardTables, today: CalendarDate, threshold: Int) {
    var index = [Int32](repeating: -1, count: tables.cards.count)
    var days = Interner<Int>()
    let doing = TaskState.doing.order
    if threshold > 0 {
      for card in tables.columnStarts[doing]..<tables.columnStarts[doing + 1] where tables.doingSince[card] != .min {
        let count = today.daysSinceEpoch - Int(tables.doingSince[card])
        if count >= threshold { index[card] = days.number(count) }
      }
    }
    (self.index, self.days) = (FixedArray(index), days.values)
  }

  /// Card `card`'s days in DOING when it is aged, else nil.
  public func days(ofCard card: Int) -> Int? {
    let at = index[card]
    return at < 0 ? nil : days[Int(at)]
  }
}
