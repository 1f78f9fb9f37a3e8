import Foundation
import PMBoardBytes
import PMBoardCore
import PMBoardMustache
import PMBoardStore
import PMBoardValidation

/// A string kept in a ``ByteArena``: its UTF-8 at `start`, followed by its HTML-escaped form when that differs.
public struct TextRef: Sendable {
  public var start: Int
  public var rawCount: UInt32
  public var escapedCount: UInt32

  public static let empty = TextRef(start: 0, rawCount: 0, escapedCount: 0)

  public var escapedStart: Int { rawCount == escapedCount ? start : start + Int(rawCount) }
}

/// Collects strings into one ``ByteArena``.
public struct ArenaBuilder: ~Copyable {
  private var writer: ByteWriter
  /// Where the writer's first byte sits in the arena the references point into.
  private let offset: Int

  public init() {
    writer = ByteWriter(capacity: 1 << 16)
    offset = 0
  }

  /// Fills `region`, the bytes from `offset` of a reserved ``ByteArena``, which must have room for
  /// ``worstCase(rawCount:)`` of the texts stored.
  public init(region: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
    writer = unsafe ByteWriter(region: region)
    self.offset = offset
  }

  /// The most bytes `text(utf8:)` stores for texts of `rawCount` bytes in all: each as it is, then escaped,
  /// where a byte becomes at most six (`&quot;`).
  public static func worstCase(rawCount: Int) -> Int { rawCount * 7 }

  /// Stores `text` and its escaped form (once if they are the same).
  public mutating func text(_ text: String) -> TextRef {
    var text = text
    return text.withUTF8 { unsafe self.text(utf8: $0) }
  }

  /// Stores the (valid) UTF-8 `utf8` and its escaped form (once if they are the same).
  public mutating func text(utf8: UnsafeBufferPointer<UInt8>) -> TextRef {
    let start = writer.count
    unsafe writer.appendBytes(utf8)
    guard unsafe HTMLEscaper.appendEscapedIfNeeded(utf8: utf8, into: &writer) else {
      return TextRef(start: offset + start, rawCount: UInt32(utf8.count), escapedCount: UInt32(utf8.count))
    }
    let escaped = writer.count - start - utf8.count
    if escaped == utf8.count {
      // Only specials that join a neighbouring character, which escaping leaves alone.
      writer.truncate(to: start + utf8.count)
    }
    return TextRef(start: offset + start, rawCount: UInt32(utf8.count), escapedCount: UInt32(escaped))
  }

  /// Stores `text` only as it is; for text that is composed into other text, never shown alone.
  public mutating func raw(_ text: String) -> RawRef {
    var text = text
    var ref = text.withUTF8 { unsafe writer.appendRef($0) }
    ref.start += offset
    return ref
  }

  public consuming func finish() -> ByteArena { ByteArena(writer) }
}

/// A fixed array with a stable address, readable without reference counting while its owner lives.
@safe public final class FixedArray<Element>: @unchecked Sendable {
  public let base: UnsafeMutableBufferPointer<Element>

  public init(_ elements: [Element]) {
    unsafe base = unsafe Self.allocate(elements.count)
    _ = unsafe base.initialize(from: elements)
  }

  /// `count` elements made by `element(i)` in order, written in place (no intermediate array).
  public init(count: Int, _ element: (Int) -> Element) {
    unsafe base = unsafe Self.allocate(count)
    for index in 0..<count {
      // swift-format-ignore: NeverForceUnwrap
      unsafe (base.baseAddress! + index).initialize(to: element(index))
    }
  }

  /// Room for `count` elements, and a real address even for none (so `pointer` is valid). `base.count` must be
  /// `count`, not the capacity: an empty table with one uninitialised slot was read as garbage (a build of a
  /// board without history crashed now and then).
  private static func allocate(_ count: Int) -> UnsafeMutableBufferPointer<Element> {
    unsafe UnsafeMutableBufferPointer(start: .allocate(capacity: max(count, 1)), count: count)
  }

  deinit {
    // swift-format-ignore: NeverForceUnwrap
    unsafe base.baseAddress!.deallocate()
  }

  // swift-format-ignore: NeverForceUnwrap
  public var pointer: UnsafePointer<Element> { unsafe UnsafePointer(base.baseAddress!) }
}

/// One card in board order, as plain values.
public struct CardRecord {
  public var id: TextRef
  public var title: TextRef
  public var body: TextRef
  /// Index into the build's distinct due dates; -1 without a due date.
  public var dueIndex: Int32
  public var state: TaskState
  public var overdue: Bool
  public var dueToday: Bool
}

/// One history entry (newest first), as plain values.
public struct EntryRecord {
  /// Seconds since 1970, rounded down, UTC.
  public var utcSeconds: Int
  /// The same on the board's wall clock.
  public var localSeconds: Int
  public var title: RawRef
  /// Index into the build's distinct wall-clock days.
  public var dayIndex: Int32
  /// Index into ``BoardTables/isoDays`` of the UTC day; -1 outside years 0–9999.
  public var utcDayIndex: Int32
  public var fieldsStart: Int32
  public var fieldsCount: Int32
  public var action: HistoryAction
  public var from: TaskState?
  public var to: TaskState?
  /// The title has nothing to escape, so a sentence with it needs escaping only if its locale's words do.
  public var titleIsPlain: Bool
}

/// What every locale's pages read, computed once per build: cards sorted into board order, history newest first
/// with wall-clock times, all text as bytes. Its independent pieces are made on every core (``concurrentMap``).
public final class BoardTables: @unchecked Sendable {
  public let cardBytes: ByteArena
  public let cards: FixedArray<CardRecord>
  /// Column `order` is `cards[columnStarts[order]..<columnStarts[order + 1]]`.
  public let columnStarts: FixedArray<Int>
  public let dueDates: [CalendarDate]
  public let overdueCount: Int
  public let historyBytes: ByteArena
  public let entries: FixedArray<EntryRecord>
  public let fields: FixedArray<TaskField>
  /// Every wall-clock day (days since 1970) a history entry falls on.
  public let days: [Int]
  /// `YYYY-MM-DD` of every UTC day a history entry falls on, 10 bytes each: the date of each entry's `at`,
  /// formatted once for all locales.
  public let isoDays: FixedArray<UInt8>

  /// Both halves at once: the cards' pieces and the history on every core.
  public convenience init(snapshot: BoardSnapshot, today: CalendarDate) {
    let halves = concurrentMap(2) { half -> Half in
      half == 0
        ? .cards(CardTables(tasks: snapshot.tasks, today: today))
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
    columnStarts = cards.columnStarts
    dueDates = cards.dueDates
    overdueCount = cards.overdueCount
    historyBytes = history.bytes
    entries = history.entries
    fields = history.fields
    days = history.days
    isoDays = history.isoDays
  }

  private enum Half {
    case cards(CardTables)
    case history(HistoryTables)
  }
}

/// The card half of ``BoardTables``: every card in board order, its text raw and escaped.
public struct CardTables: @unchecked Sendable {
  public let bytes: ByteArena
  public let records: FixedArray<CardRecord>
  /// Column `order` is `records[columnStarts[order]..<columnStarts[order + 1]]`.
  public let columnStarts: FixedArray<Int>
  public let dueDates: [CalendarDate]
  public let overdueCount: Int

  /// Two rounds on every core: the order of each column, then the escaped text of slices of the cards in that
  /// order. Sorting first lays the arena out in board order, so that a board page copies card text from its front
  /// to its back; in store order every card was a jump to elsewhere in a 40 MB arena (at 100,000 tasks the cache
  /// and TLB misses of those copies were the largest single cost of rendering).
  public init(tasks: BoardSnapshot.Tasks, today: CalendarDate) {
    let columns = TaskState.allCases
    let orders = concurrentMap(columns.count) { Self.columnOrder(columns[$0], of: tasks) }
    let order = Array(orders.joined())
    let count = order.count
    let sliceCount = max(1, min(8, count / 4096))
    let bounds = (0...sliceCount).map { $0 * count / sliceCount }
    // Each slice escapes into its own stretch of one arena, sized for its worst case: no slice waits for
    // another, and none is copied after (joining them was a single-threaded 40 MB copy at 100,000 tasks).
    let regionStarts = (0..<sliceCount).reduce(into: [0]) { starts, slice in
      let rawCount = order[bounds[slice]..<bounds[slice + 1]].reduce(0) { sum, index in
        let task = tasks.records[Int(index)]
        return sum + Int(task.id.count) + Int(task.title.count) + Int(task.body.count)
      }
      starts.append(starts[slice] + ArenaBuilder.worstCase(rawCount: rawCount))
    }
    let arena = ByteArena(reserving: regionStarts[sliceCount])
    let slices = concurrentMap(sliceCount) { slice in
      unsafe CardSlice(
        tasks: tasks, order: order[bounds[slice]..<bounds[slice + 1]], today: today,
        arena: ArenaBuilder(
          region: arena.region(regionStarts[slice]..<regionStarts[slice + 1]), at: regionStarts[slice]))
    }
    let cards = JoinedCards(slices: slices)
    bytes = arena
    records = cards.records
    columnStarts = FixedArray(
      orders.reduce(into: [0]) { starts, order in starts.append((starts.last ?? 0) + order.count) })
    dueDates = cards.dueDates
    overdueCount = cards.overdueCount
  }

  /// What sorting compares: due day, the title's first 16 bytes (big-endian, zero-padded), and which task it is,
  /// with whether its title is certainly in NFC in the top bit. 24 bytes, as the key with an 8-byte prefix was:
  /// titles often share their first word, and every tie the prefix leaves is a `memcmp` of two titles far apart
  /// in memory (cache misses, most of the sort's time at 100,000 tasks).
  private struct SortKey {
    public var prefix: UInt64
    public var prefix2: UInt64
    /// Days since 1970; `Int32.max` without a due date (last).
    public var due: Int32
    public var taskAndPlain: UInt32

    public var task: Int { Int(taskAndPlain & 0x7FFF_FFFF) }
    public var plain: Bool { taskAndPlain & 0x8000_0000 != 0 }
  }

  /// The indices of the tasks in `state`'s column, in board order: due date (none last), title in code point
  /// order (= UTF-8 byte order), id. Each comparison answers exactly as `BoardOrder.withinColumn` does, so the
  /// same sort gives the same order. Titles are equal for `==` when canonically equivalent; two titles in NFC
  /// are that only if their bytes are equal, otherwise `==` on `String`s decides.
  private static func columnOrder(_ state: TaskState, of tasks: BoardSnapshot.Tasks) -> [Int32] {
    let text = tasks.text
    var keys: [SortKey] = []
    for (index, task) in tasks.records.enumerated() where task.state == state {
      let title = unsafe text.bytes(task.title)
      var prefixes: (UInt64, UInt64) = (0, 0)
      unsafe withUnsafeMutableBytes(of: &prefixes) { raw in
        // Big-endian words compare like the bytes they hold.
        unsafe raw.copyMemory(from: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: title.prefix(16))))
      }
      keys.append(
        SortKey(
          prefix: UInt64(bigEndian: prefixes.0), prefix2: UInt64(bigEndian: prefixes.1),
          due: task.due.map { Int32($0.daysSinceEpoch) } ?? .max,
          taskAndPlain: unsafe UInt32(index) | (certainlyNFC(title) ? 0x8000_0000 : 0)))
    }
    let base = unsafe text.base
    func compare(_ a: RawRef, _ b: RawRef) -> Int32 {
      let common = Int(min(a.count, b.count))
      let order = unsafe memcmp(base + a.start, base + b.start, common)
      return order != 0 ? order : a.count < b.count ? -1 : a.count > b.count ? 1 : 0
    }
    unsafe tasks.records.withUnsafeBufferPointer { records in
      keys.sort { lhs, rhs in
        if lhs.due != rhs.due { return lhs.due < rhs.due }
        let titleOrder: Int32
        if lhs.prefix != rhs.prefix {
          titleOrder = lhs.prefix < rhs.prefix ? -1 : 1
        } else if lhs.prefix2 != rhs.prefix2 {
          titleOrder = lhs.prefix2 < rhs.prefix2 ? -1 : 1
        } else {
          titleOrder = unsafe compare(records[lhs.task].title, records[rhs.task].title)
        }
        // Different bytes of two titles in NFC: different titles, decided without touching the records.
        if titleOrder != 0 && lhs.plain && rhs.plain { return titleOrder < 0 }
        let left = unsafe records[lhs.task]
        let right = unsafe records[rhs.task]
        if titleOrder != 0 && text.string(left.title) != text.string(right.title) { return titleOrder < 0 }
        return compare(left.id, right.id) < 0
      }
    }
    return keys.map { Int32($0.task) }
  }

  /// The cards `order` lists (indices into `tasks.records`), their text (raw and escaped) stored by `arena`.
  private struct CardSlice {
    public var records: [CardRecord]
    /// `records[i].dueIndex` indexes these until the slices are joined.
    public var dueDates: [CalendarDate]
    public var overdueCount: Int

    public init(
      tasks: BoardSnapshot.Tasks, order: ArraySlice<Int32>, today: CalendarDate, arena: consuming ArenaBuilder
    ) {
      records = []
      records.reserveCapacity(order.count)
      var dueDates = Interner<CalendarDate>()
      overdueCount = 0
      for index in order {
        let task = tasks.records[Int(index)]
        let record = unsafe CardRecord(
          id: arena.text(utf8: tasks.text.bytes(task.id)), title: arena.text(utf8: tasks.text.bytes(task.title)),
          body: arena.text(utf8: tasks.text.bytes(task.body)), dueIndex: task.due.map { dueDates.number($0) } ?? -1,
          state: task.state,
          overdue: BoardTask.isOverdue(due: task.due, state: task.state, today: today),
          dueToday: BoardTask.isDueToday(due: task.due, state: task.state, today: today))
        if record.overdue { overdueCount += 1 }
        records.append(record)
      }
      self.dueDates = dueDates.values
    }
  }

  /// The slices' records as one table, with one due-date list.
  private struct JoinedCards {
    public var records: FixedArray<CardRecord>
    public var dueDates: [CalendarDate]
    public var overdueCount: Int

    public init(slices: [CardSlice]) {
      var dueDates = Interner<CalendarDate>()
      var overdueCount = 0
      var all: [CardRecord] = []
      all.reserveCapacity(slices.reduce(0) { $0 + $1.records.count })
      for slice in slices {
        let dueMap = slice.dueDates.map { dueDates.number($0) }
        for var record in slice.records {
          if record.dueIndex >= 0 { record.dueIndex = dueMap[Int(record.dueIndex)] }
          all.append(record)
        }
        overdueCount += slice.overdueCount
      }
      self.dueDates = dueDates.values
      self.overdueCount = overdueCount
      records = FixedArray(all)
    }
  }

  /// Whether the (valid) UTF-8 `text` is certainly in NFC: every scalar is ASCII or a common Hangul, CJK, kana or
  /// quotation scalar, all of which are NFC quick-check "yes", combining class 0, and never compose with a
  /// neighbour. All of those beyond ASCII are three bytes long.
  fileprivate static func certainlyNFC(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    while index < text.count {
      let lead = unsafe text[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      guard lead & 0xF0 == 0xE0, index + 2 < text.count else { return false }
      let scalar =
        unsafe UInt32(lead & 0x0F) << 12 | UInt32(text[index + 1] & 0x3F) << 6 | UInt32(text[index + 2] & 0x3F)
      switch scalar {
      case 0xAC00...0xD7A3, 0x4E00...0x9FFF, 0x3041...0x3096, 0x30A1...0x30FA, 0x30FC, 0x3001...0x3002,
        0x300C...0x300F, 0x2018...0x201D:
        index += 3
      default:
        return false
      }
    }
    return true
  }
}

/// The history half of ``BoardTables``: history newest first. Titles stay where the snapshot keeps them:
/// sentences escape them as they are composed.
public struct HistoryTables: @unchecked Sendable {
  public let bytes: ByteArena
  public let entries: FixedArray<EntryRecord>
  public let fields: FixedArray<TaskField>
  public let days: [Int]
  public let isoDays: FixedArray<UInt8>

  public init(history: BoardSnapshot.History, zone: TimeZone) {
    var clock = WallClock(zone: zone)
    var days = Interner<Int>()
    var utcDays = Interner<Int>()
    // Entries come in time order, so most share the previous entry's UTC day (and its year check).
    var (lastUTCDay, lastUTCIndex) = (Int.min, Int32(-1))
    let records = history.records
    let entries = FixedArray<EntryRecord>(count: records.count) { index in
      let entry = records[records.count - 1 - index]
      let seconds = Int(entry.at)
      let local = clock.localSeconds(utc: seconds)
      let utcDay = Instant.day(ofSecond: seconds).day
      if utcDay != lastUTCDay {
        let year = CalendarDate(daysSinceEpoch: utcDay).year
        (lastUTCDay, lastUTCIndex) = (utcDay, (0...9999).contains(year) ? utcDays.number(utcDay) : -1)
      }
      return unsafe EntryRecord(
        utcSeconds: seconds, localSeconds: local, title: entry.title,
        dayIndex: days.number(Instant.day(ofSecond: local).day),
        utcDayIndex: lastUTCIndex,
        fieldsStart: entry.fieldsStart, fieldsCount: entry.fieldsCount, action: entry.action, from: entry.from,
        to: entry.to, titleIsPlain: !HTMLEscaper.needsEscaping(history.text.bytes(entry.title)))
    }
    bytes = history.text
    self.entries = entries
    self.fields = FixedArray(history.fields)
    self.days = days.values
    isoDays = FixedArray(utcDays.values.flatMap { Array(CalendarDate(daysSinceEpoch: $0).description.utf8) })
  }
}

/// One step of a compiled catalog message (a history sentence or the timestamp format).
public enum MessagePart {
  case literal(RawRef)
  case slot(MessageSlot)
  case particle(KoreanParticle)
}

/// The values a message can name.
public enum MessageSlot {
  case title, from, to, fields, date, hour, minute
}

/// One locale prepared for a build, as bytes and tables: labels, every due date and history day formatted once,
/// the catalog as a table of the template set's keys, and the history messages compiled.
public final class LocaleTables: @unchecked Sendable {
  public let code: String
  public let catalog: LocaleCatalog
  public let formatter: LocaleFormatter
  public let bytes: ByteArena
  /// By `TaskState.order`.
  public let stateNames: FixedArray<TextRef>
  public let stateLabels: FixedArray<TextRef>
  public let stateLabelsRaw: FixedArray<RawRef>
  /// By `HistoryAction.allCases` position.
  public let actionNames: FixedArray<TextRef>
  /// By due index.
  public let dueTexts: FixedArray<TextRef>
  public let dueISO: FixedArray<TextRef>
  /// By day index.
  public let dayTexts: FixedArray<RawRef>
  /// Catalog node `n` answers key `k` with `catalogTable[n * keyCount + k]`; node 0 is the catalog itself.
  public let catalogTable: FixedArray<SiteValue?>
  public let keyCount: Int
  public let parts: FixedArray<MessagePart>
  /// `parts` ranges: the sentence of each action (by `allCases` position), then the timestamp.
  public let messages: FixedArray<Range<Int>>
  /// By `TaskField.allCases` position.
  public let fieldNames: FixedArray<RawRef>
  public let separator: RawRef
  public let unknownFields: RawRef
  /// Whether every word a history sentence adds to the title (literals, labels, field names) has nothing to
  /// escape; then a sentence whose title has nothing to escape is written without checking it.
  public let sentenceIsPlain: Bool
  /// The same for every timestamp (literals and day names).
  public let timestampIsPlain: Bool

  public init(
    code: String, catalog: LocaleCatalog, formatter: LocaleFormatter, tables: BoardTables, keyNames: [String]
  ) {
    self.code = code
    self.catalog = catalog
    self.formatter = formatter
    var arena = ArenaBuilder()
    stateNames = FixedArray(TaskState.allCases.map { arena.text($0.rawValue) })
    stateLabels = FixedArray(TaskState.allCases.map { arena.text(formatter.label($0)) })
    stateLabelsRaw = FixedArray(TaskState.allCases.map { arena.raw(formatter.label($0)) })
    actionNames = FixedArray(HistoryAction.allCases.map { arena.text($0.rawValue) })
    dueTexts = FixedArray(tables.dueDates.map { arena.text(formatter.longDate($0)) })
    dueISO = FixedArray(tables.dueDates.map { arena.text($0.description) })
    dayTexts = FixedArray(tables.days.map { arena.raw(formatter.longDate(CalendarDate(daysSinceEpoch: $0))) })
    // The catalog, walked the way `{{t.a.b}}` walks `CatalogContext`, for every key the templates use.
    keyCount = keyNames.count
    var nodes: [CatalogContext] = [CatalogContext(catalog)]
    var nodeNumbers: [ObjectIdentifier: Int32] = [ObjectIdentifier(nodes[0]): 0]
    var table: [SiteValue?] = []
    var node = 0
    while node < nodes.count {
      for name in keyNames {
        switch nodes[node].templateValue(forKey: name) {
        case .object(let child as CatalogContext):
          if let number = nodeNumbers[ObjectIdentifier(child)] {
            table.append(.catalog(number))
          } else {
            let number = Int32(nodes.count)
            nodes.append(child)
            nodeNumbers[ObjectIdentifier(child)] = number
            table.append(.catalog(number))
          }
        case .text(let text):
          table.append(.localeText(arena.text(text)))
        default:
          table.append(nil)
        }
      }
      node += 1
    }
    catalogTable = FixedArray(table)
    var parts: [MessagePart] = []
    var messages: [Range<Int>] = []
    func compile(_ message: CatalogMessage?, slots: [String: MessageSlot], into arena: inout ArenaBuilder) {
      let start = parts.count
      for part in message?.parts ?? [] {
        switch part {
        case .literal(let text): parts.append(.literal(arena.raw(text)))
        case .placeholder(let name):
          parts.append(slots[name].map(MessagePart.slot) ?? .literal(arena.raw("{\(name)}")))
        case .particle(let particle): parts.append(.particle(particle))
        }
      }
      messages.append(start..<parts.count)
    }
    for action in HistoryAction.allCases {
      compile(
        formatter.sentences[action], slots: ["title": .title, "from": .from, "to": .to, "fields": .fields],
        into: &arena)
    }
    compile(formatter.timestampFormat, slots: ["date": .date, "hour": .hour, "minute": .minute], into: &arena)
    self.parts = FixedArray(parts)
    self.messages = FixedArray(messages)
    fieldNames = FixedArray(TaskField.allCases.map { arena.raw(formatter.fieldNames[$0] ?? "") })
    separator = arena.raw(formatter.separator)
    unknownFields = arena.raw(formatter.unknownFields)
    let bytes = arena.finish()
    self.bytes = bytes
    func isPlain(_ text: RawRef) -> Bool { unsafe !HTMLEscaper.needsEscaping(bytes.bytes(text)) }
    func literalsArePlain(_ range: Range<Int>) -> Bool {
      parts[range].allSatisfy { if case .literal(let text) = $0 { isPlain(text) } else { true } }
    }
    let sentenceWords = unsafe Array(stateLabelsRaw.base) + Array(fieldNames.base) + [separator, unknownFields]
    sentenceIsPlain =
      messages.prefix(HistoryAction.allCases.count).allSatisfy(literalsArePlain)
      && sentenceWords.allSatisfy(isPlain)
    timestampIsPlain =
      unsafe literalsArePlain(messages[HistoryAction.allCases.count]) && dayTexts.base.allSatisfy(isPlain)
  }
}

/// The page-level variables of one page as bytes: `PageContext` plus the board or history page's own.
public final class PageTables: @unchecked Sendable {
  public struct Link {
    public var code: TextRef
    public var name: TextRef
    public var href: TextRef
    public var url: TextRef
    public var current: Bool
  }

  public let bytes: ByteArena
  public let lang: TextRef
  public let root: TextRef
  public let boardTitle: TextRef
  public let pageTitle: TextRef
  public let asOf: TextRef
  public let asOfISO: TextRef
  public let summary: TextRef
  public let boardHref: TextRef
  public let historyHref: TextRef
  public let isBoard: Bool
  public let canonical: TextRef?
  public let links: FixedArray<Link>
  public let linkCount: Int
  public let pageLabel: TextRef
  public let prevHref: TextRef?
  public let nextHref: TextRef?
  /// The history entries this page shows.
  public let entries: Range<Int>

  public init(_ info: PageInfo) {
    var arena = ArenaBuilder()
    lang = arena.text(info.lang)
    root = arena.text(info.root)
    boardTitle = arena.text(info.boardTitle)
    pageTitle = arena.text(info.pageTitle)
    asOf = arena.text(info.asOf)
    asOfISO = arena.text(info.asOfISO)
    summary = arena.text(info.summary)
    boardHref = arena.text(info.boardHref)
    historyHref = arena.text(info.historyHref)
    isBoard = info.isBoard
    canonical = info.canonical.map { arena.text($0) }
    links = FixedArray(
      info.locales.map {
        Link(
          code: arena.text($0.code), name: arena.text($0.name), href: arena.text($0.href), url: arena.text($0.url),
          current: $0.current)
      })
    linkCount = info.locales.count
    pageLabel = arena.text(info.pageLabel)
    prevHref = info.prevHref.map { arena.text($0) }
    nextHref = info.nextHref.map { arena.text($0) }
    entries = info.entries
    bytes = arena.finish()
  }
}
