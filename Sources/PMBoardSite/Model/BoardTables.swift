import Foundation
import PMBoardBytes
import PMBoardCore

/// What every locale's pages read, computed once per build: cards sorted into board order, history newest first
/// with wall-clock times, all text as bytes. Its independent pieces are made on every core (``concurrentMap``).
public final class BoardTables: Sendable {
  public let cardBytes: ByteArena
  public let cards: FixedArray<CardRecord>
  /// By card: ``CardTables/prints``, with the day a done card was done mixed in (``DoneDays``).
  public let cardPrints: FixedArray<UInt64>
  /// By card: when a done card was done (seconds since 1970, `Int64.min` for none) and the day, as an index into
  /// ``doneDays`` (-1 for none).
  public let doneSeconds: [Int64]
  public let doneDayIndex: [Int32]
  public let doneDays: [CalendarDate]
  /// By card: the wall-clock day (days since 1970) a DOING card last went into DOING; `Int32.min` for none.
  public let doingSince: [Int32]
  /// ``CardTables/names``.
  public let cardNames: CardNames
  /// ``CardTables/dresses``: made as pages that show the cards are rendered.
  public let cardDresses: CardDresses
  /// ``CardTables/everyDress``.
  public let everyCardDress: FixedArray<CardDress>?
  /// By card: its id's 128 bits (``CardTables/keys``).
  let cardKeys: FixedArray<UUIDKey?>
  /// By card: whether its id is its key's lowercase text (``CardTables/idIsLowercaseKey``).
  let cardIDIsLowercaseKey: FixedArray<Bool>
  /// Column `order` is `cards[columnStarts[order]..<columnStarts[order + 1]]`.
  public let columnStarts: FixedArray<Int>
  public let dueDates: [CalendarDate]
  public let overdueCount: Int
  /// How many cards at the start of each column (by `TaskState.order`) are overdue: board order puts the earliest
  /// due dates first, so a column's overdue cards lead it.
  public let overdueLeads: [Int]
  /// How many cards at the start of each open column (by `TaskState.order`) have a due date (0 for done): those
  /// lead it too. With live dates the overdue page lists them all, the ones not yet overdue hidden, so that the
  /// script can show the ones a later day makes overdue (``overdueList(live:)``).
  public let dueLeads: [Int]
  public let historyBytes: ByteArena
  public let entries: FixedArray<EntryRecord>
  public let fields: FixedArray<TaskField>
  /// Every wall-clock day (days since 1970) a history entry falls on.
  public let days: [Int]
  /// `YYYY-MM-DD` of every UTC day a history entry falls on, 10 bytes each: the date of each entry's `at`,
  /// formatted once for all locales.
  public let isoDays: FixedArray<UInt8>

  /// Both halves at once: the cards' pieces and the history on every core. `cutsExcerpts`: see ``CardTables``.
  public convenience init(
    snapshot: BoardSnapshot, today: CalendarDate, cutsExcerpts: Bool = true, orderBy: String? = nil
  ) {
    let halves = concurrentMap(2) { half -> Half in
      half == 0
        ? .cards(
          CardTables(
            tasks: snapshot.tasks, fields: snapshot.info.fields, today: today, cutsExcerpts: cutsExcerpts,
            orderBy: orderBy))
        : .history(HistoryTables(history: snapshot.history, zone: snapshot.info.timeZone))
    }
    guard case .cards(let cards) = halves[0], case .history(let history) = halves[1] else {
      preconditionFailure("concurrentMap keeps the order")
    }
    self.init(cards: cards, history: history)
  }

  /// Halves made separately: a store hands the tasks over while it still reads the history.
  public init(cards: CardTables, history: HistoryTables) {
    cardBytes = cards.bytes
    self.cards = cards.records
    let done = DoneDays(cards: cards, history: history)
    (doneSeconds, doneDayIndex, doneDays) = (done.seconds, done.dayIndex, done.days)
    doingSince = done.doingSince
    // A done card shows its day: the pages kept by card fingerprints (the DONE column's) must see it move.
    var prints = Array(cards.prints)
    for card in prints.indices where done.dayIndex[card] >= 0 {
      var print = Fingerprint()
      print.add(word: prints[card])
      print.add(done.days[Int(done.dayIndex[card])].daysSinceEpoch)
      prints[card] = print.value
    }
    cardPrints = FixedArray(prints)
    cardNames = cards.names
    cardDresses = cards.dresses
    everyCardDress = cards.everyDress
    cardKeys = cards.keys
    cardIDIsLowercaseKey = cards.idIsLowercaseKey
    columnStarts = cards.columnStarts
    dueDates = cards.dueDates
    overdueCount = cards.overdueCount
    let (records, starts) = (cards.records, cards.columnStarts)
    overdueLeads = TaskState.allCases.map { state in
      let column = starts[state.order]..<starts[state.order + 1]
      return column.firstIndex { !records[$0].overdue }.map { $0 - column.lowerBound } ?? column.count
    }
    dueLeads = TaskState.allCases.map { state in
      guard state != .done else { return 0 }
      let column = starts[state.order]..<starts[state.order + 1]
      return column.firstIndex { records[$0].dueIndex < 0 }.map { $0 - column.lowerBound } ?? column.count
    }
    historyBytes = history.bytes
    entries = history.entries
    fields = history.fields
    days = history.days
    isoDays = history.isoDays
  }

  /// How many cards of each column the overdue page lists: the overdue ones, or with live dates every open card
  /// with a due date (each column's overdue cards, then the ones a later day may make overdue).
  public func overdueList(live: Bool) -> [Int] { live ? dueLeads : overdueLeads }

  private enum Half {
    case cards(CardTables)
    case history(HistoryTables)
  }
}
