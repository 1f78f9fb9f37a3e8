import Foundation
import PMBoardBytes
import PMBoardCore

/// The card half of ``BoardTables``: every card in board order, its text raw and escaped.
public struct CardTables: Sendable {
  public let bytes: ByteArena
  public let records: FixedArray<CardRecord>
  /// Column `order` is `records[columnStarts[order]..<columnStarts[order + 1]]`.
  public let columnStarts: FixedArray<Int>
  public let dueDates: [CalendarDate]
  public let overdueCount: Int
  /// By card: a fingerprint of what the card shows (its text, due day, column and flags), for the pages a rebuild
  /// keeps by fingerprint. Worked out with the card, while its text is at hand.
  public let prints: FixedArray<UInt64>
  /// The cards' labels, assignees and links.
  public let names: CardNames
  /// What each card shows of its body beyond the text, made when a page that shows the card is rendered.
  public let dresses: CardDresses
  /// With `dressingEveryCard`, every card's dress in board order (``CardDresses/everyDress()``), read without a
  /// search by the pages of a build that renders them all.
  public let everyDress: FixedArray<CardDress>?
  /// By card: its id's 128 bits (nil for an id that is not a UUID), read with the card on every core, for the walks
  /// that match history entries to cards (done days, aging, the label and person feeds).
  let keys: FixedArray<UUIDKey?>
  /// By card: whether its id is its key in lowercase text, so that a rebuild can compare it without its bytes.
  let idIsLowercaseKey: FixedArray<Bool>

  /// Two rounds on every core: the order of each column, then the escaped text of slices of the cards in that
  /// order. Sorting first lays the arena out in board order, so that a board page copies card text from its front
  /// to its back; in store order every card was a jump to elsewhere in a 40 MB arena (at 100,000 tasks the cache
  /// and TLB misses of those copies were the largest single cost of rendering).
  /// Without `cutsExcerpts` (a site without task pages, where a cut body could link nowhere) a card's excerpt is
  /// its whole body.
  /// With `dressingEveryCard` each slice dresses its cards as it copies them (``CardDresses``): for a build that
  /// renders every page; otherwise a card is dressed when a page that shows it is rendered.
  /// `fields` are the board's declarations, whose select, multi-select and milestone values become names;
  /// `orderBy` the key of the field whose option order leads each column's (``BoardOrder/orderingField(_:in:)``).
  public init(
    tasks: BoardSnapshot.Tasks, fields: BoardFields = .none, today: CalendarDate, cutsExcerpts: Bool = true,
    dressingEveryCard: Bool = true, orderBy: String? = nil
  ) {
    var unchecked: Int?
    self.init(
      tasks: tasks, fields: fields, today: today, cutsExcerpts: cutsExcerpts, dressingEveryCard: dressingEveryCard,
      orderBy: orderBy, checkingText: false, firstProblem: &unchecked)
  }

  /// The tables and the first task (in the store's order) with a control character, as the error that names it
  /// (``StoredTextCheck``): each slice checks its cards as it copies them, on every core.
  static func checked(
    tasks: BoardSnapshot.Tasks, fields: BoardFields, today: CalendarDate, cutsExcerpts: Bool,
    dressingEveryCard: Bool = true, orderBy: String? = nil
  ) -> (tables: CardTables, problem: BuildSettingsError?) {
    var first: Int?
    let tables = CardTables(
      tasks: tasks, fields: fields, today: today, cutsExcerpts: cutsExcerpts, dressingEveryCard: dressingEveryCard,
      orderBy: orderBy, checkingText: true, firstProblem: &first)
    return (tables, first.flatMap { StoredTextCheck.problem(inTask: $0, of: tasks) })
  }

  private init(
    tasks: BoardSnapshot.Tasks, fields: BoardFields, today: CalendarDate, cutsExcerpts: Bool, dressingEveryCard: Bool,
    orderBy: String? = nil, checkingText: Bool, firstProblem: inout Int?
  ) {
    let columns = TaskState.allCases
    let ranks = BoardOrder.orderingField(orderBy, in: fields).map { Self.ranks(of: tasks, by: $0) }
    let orders = concurrentMap(columns.count) { Self.columnOrder(columns[$0], of: tasks, ranks: ranks) }
    let order = Array(orders.joined())
    let count = order.count
    let sliceCount = max(1, min(8, count / 4096))
    // Slices end at a chunk's end (``CardDresses/chunkSize``), so that each slice dresses whole chunks.
    let bounds = (0...sliceCount).map {
      min(count, ($0 * count / sliceCount + CardDresses.chunkSize - 1) & -CardDresses.chunkSize)
    }
    // Each slice escapes into its own stretch of one arena, sized for its worst case: no slice waits for
    // another, and none is copied after (joining them was a single-threaded 40 MB copy at 100,000 tasks).
    let regionStarts = (0..<sliceCount).reduce(into: [0]) { starts, slice in
      let rawCount = order[bounds[slice]..<bounds[slice + 1]].reduce(0) { sum, index in
        let task = tasks.records[Int(index)]
        return sum + ArenaBuilder.worstCase(rawCount: Int(task.id.count + task.title.count + task.body.count))
      }
      starts.append(starts[slice] + rawCount)
    }
    // After the slices' text, a stretch per chunk of cards for their dresses (``CardDresses``), filled when a
    // page that shows one of them is rendered; a stretch never filled is address space only.
    let chunkSize = CardDresses.chunkSize
    let dressStarts = stride(from: 0, to: count, by: chunkSize).reduce(into: [regionStarts[sliceCount]]) {
      starts, first in
      let room = order[first..<min(count, first + chunkSize)].reduce(0) { sum, index in
        sum + CardDresses.worstCase(body: Int(tasks.records[Int(index)].body.count), cutsExcerpts: cutsExcerpts)
      }
      starts.append((starts.last ?? 0) + room)
    }
    let arena = ByteArena(reserving: dressStarts.last ?? 0)
    let dresses = CardDresses(
      tasks: tasks, order: order, arena: arena, regions: zip(dressStarts, dressStarts.dropFirst()).map { $0..<$1 },
      cutsExcerpts: cutsExcerpts)
    var dueDates = Interner<CalendarDate>()
    let (records, slices) = FixedArray<CardRecord>.made(
      count: count, parts: (0..<sliceCount).map { bounds[$0]..<bounds[$0 + 1] },
      fill: { slice, writer in
        CardSlice(
          tasks: tasks, order: order[bounds[slice]..<bounds[slice + 1]], today: today, checkingText: checkingText,
          dressing: dressingEveryCard ? dresses : nil,
          arena: ArenaBuilder(filling: arena, regionStarts[slice]..<regionStarts[slice + 1]), into: &writer)
      },
      adjust: { slices, slice in
        // Each slice numbered its due dates; the table numbers them in board order.
        let numbers = slices[slice].dueDates.map { dueDates.number($0) }
        return { record in
          if record.dueIndex >= 0 { record.dueIndex = numbers[Int(record.dueIndex)] }
        }
      })
    firstProblem = slices.compactMap(\.firstProblem).min()
    bytes = arena
    self.records = records
    columnStarts = FixedArray(
      orders.reduce(into: [0]) { starts, order in starts.append((starts.last ?? 0) + order.count) })
    self.dueDates = dueDates.values
    overdueCount = slices.reduce(0) { $0 + $1.overdueCount }
    prints = FixedArray(slices.flatMap(\.prints))
    keys = FixedArray(slices.flatMap(\.keys))
    idIsLowercaseKey = FixedArray(slices.flatMap(\.lowercase))
    names = CardNames.made(tasks: tasks, order: order, fields: fields)
    self.dresses = dresses
    everyDress = dressingEveryCard ? dresses.everyDress() : nil
  }

  /// ``CardDress/titleLang``'s number for a language code.
  static func langNumber(_ code: String?) -> UInt8 {
    switch code {
    case "ko": 1
    case "ja": 2
    default: 0
    }
  }

  /// What sorting compares: due day, the title's first 16 bytes (big-endian, zero-padded), and which task it is.
  /// 24 bytes, as the key with an 8-byte prefix was:
  /// titles often share their first word, and every tie the prefix leaves is a `memcmp` of two titles far apart
  /// in memory (cache misses, most of the sort's time at 100,000 tasks).
  private struct SortKey {
    var prefix: UInt64
    var prefix2: UInt64
    /// Days since 1970; `Int32.max` without a due date (last).
    var due: Int32
    var taskIndex: UInt32

    var task: Int { Int(taskIndex) }
  }

  /// The indices of the tasks in `state`'s column, in board order: due date (none last), title in code point
  /// order (= UTF-8 byte order), id. Each comparison answers exactly as `BoardOrder.withinColumn` does, so the
  /// same sort gives the same order.
  /// Each task's place by the ordering field (``BoardOrder/rank(of:by:)``), by store index.
  private static func ranks(of tasks: BoardSnapshot.Tasks, by field: FieldDefinition) -> [Int] {
    tasks.records.map { record in
      guard record.values.count > 0, let values = FieldValues(storedText: tasks.text.string(record.values)) else {
        return .max
      }
      return BoardOrder.rank(of: values, by: field)
    }
  }

  private static func columnOrder(_ state: TaskState, of tasks: BoardSnapshot.Tasks, ranks: [Int]?) -> [Int32] {
    let text = tasks.text
    var keys: [SortKey] = []
    for (index, task) in tasks.records.enumerated() where task.state == state {
      let prefixes = text.prefixWords(task.title)
      keys.append(
        SortKey(
          prefix: prefixes.0, prefix2: prefixes.1,
          due: task.due.map { Int32($0.daysSinceEpoch) } ?? .max,
          taskIndex: UInt32(index)))
    }
    let records = tasks.records
    keys.sort { lhs, rhs in
      if let ranks, ranks[lhs.task] != ranks[rhs.task] { return ranks[lhs.task] < ranks[rhs.task] }
      if lhs.due != rhs.due { return lhs.due < rhs.due }
      let titleOrder: Int32
      if lhs.prefix != rhs.prefix {
        titleOrder = lhs.prefix < rhs.prefix ? -1 : 1
      } else if lhs.prefix2 != rhs.prefix2 {
        titleOrder = lhs.prefix2 < rhs.prefix2 ? -1 : 1
      } else {
        titleOrder = text.compare(records[lhs.task].title, records[rhs.task].title)
      }
      if titleOrder != 0 { return titleOrder < 0 }
      return text.compare(records[lhs.task].id, records[rhs.task].id) < 0
    }
    return keys.map { Int32($0.task) }
  }

  /// The cards `order` lists (indices into `tasks.records`), written in that order with their text (raw and
  /// escaped) stored by `arena`.
  private struct CardSlice {
    /// The records' `dueIndex` numbers these until the table numbers them again.
    var dueDates: [CalendarDate]
    var overdueCount: Int
    var prints: [UInt64] = []
    var keys: [UUIDKey?] = []
    var lowercase: [Bool] = []
    /// With `checkingText`: the smallest store index of the slice's tasks with a control character.
    var firstProblem: Int?

    /// With `dressing`, each chunk's cards are dressed as soon as they are copied, while their text is at hand.
    init(
      tasks: BoardSnapshot.Tasks, order: ArraySlice<Int32>, today: CalendarDate, checkingText: Bool,
      dressing: CardDresses?, arena: consuming ArenaBuilder, into records: inout FixedArrayPart<CardRecord>
    ) {
      prints.reserveCapacity(order.count)
      keys.reserveCapacity(order.count)
      let printedFields = TaskField.cardPrintFields
      var dueDates = Interner<CalendarDate>()
      overdueCount = 0
      for index in order {
        let task = tasks.records[Int(index)]
        let record = CardRecord(
          id: arena.text(copying: task.id, from: tasks.text), title: arena.text(copying: task.title, from: tasks.text),
          body: arena.text(copying: task.body, from: tasks.text), dueIndex: task.due.map { dueDates.number($0) } ?? -1,
          state: task.state,
          overdue: BoardTask.isOverdue(due: task.due, state: task.state, today: today),
          dueToday: BoardTask.isDueToday(due: task.due, state: task.state, today: today))
        if record.overdue { overdueCount += 1 }
        records.append(record)
        let card = records.range.lowerBound + records.count - 1
        if let dressing, card & (CardDresses.chunkSize - 1) == CardDresses.chunkSize - 1 || card == order.endIndex - 1 {
          dressing.dress(chunkOf: card)
        }
        prints.append(Self.print(of: task, fields: printedFields, in: tasks.text, record))
        let key = tasks.text.withBytes(task.id, UUIDKey.init)
        keys.append(key)
        lowercase.append(key != nil && tasks.text.withBytes(task.id, UUIDKey.isLowercase))
        if checkingText, Int(index) < firstProblem ?? .max,
          StoredTextCheck.problem(inTask: Int(index), of: tasks) != nil
        {
          firstProblem = Int(index)
        }
      }
      self.dueDates = dueDates.values
    }

    /// The task's id, its `fields` (``TaskField/cardPrintFields``, declared there, not listed here) and the card's
    /// flags. The card's raw text is the task's, byte for byte: hashed where the task keeps it.
    static func print(
      of task: BoardSnapshot.Tasks.Record, fields: [TaskField], in text: ByteArena, _ card: CardRecord
    ) -> UInt64 {
      var print = Fingerprint()
      print.add(task.id, of: text)
      for field in fields { task.add(field, of: text, to: &print) }
      print.add((card.overdue ? 1 : 0) + (card.dueToday ? 2 : 0))
      return print.value
    }
  }
}
