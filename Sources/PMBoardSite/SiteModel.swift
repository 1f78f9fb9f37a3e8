import Foundation
import PMBoardBytes
import PMBoardCore
import PMBoardMustache

/// The site's pages as a ``RenderModel``: the same names and values as README's variable tables, which the tests'
/// reference view model (`PageContext` and the contexts under it) answers the plain way (the parity tests hold
/// the two to the same output), read from ``BoardTables``, ``LocaleTables`` and
/// ``PageTables`` through a ``SiteView``. Make it with ``SiteRenderer/withModel(for:_:_:)``, which keeps the
/// view and its tables alive.
///
/// One reference and nothing else: the renderer copies its model before each call on it (it is a stored
/// property of the renderer, which is being mutated), and copying the 233 bytes of tables this used to hold was
/// 6 % of a build's instructions. The reference is unmanaged, so neither copies nor calls count references (two
/// threads rendering pages of one board made those counts bounce a cache line between cores).
@safe public struct SiteModel: RenderModel {
  private let view: Unmanaged<SiteView>

  public init(_ view: SiteView) {
    unsafe self.view = unsafe .passUnretained(view)
  }

  public var root: SiteValue { .page }

  public func lookup(_ key: Int, in frame: SiteValue) -> SiteValue? {
    unsafe view._withUnsafeGuaranteedRef { $0.lookup(key, in: frame) }
  }

  public func behaviour(of value: SiteValue) -> SectionBehaviour {
    unsafe view._withUnsafeGuaranteedRef { $0.behaviour(of: value) }
  }

  public func item(_ index: Int, of list: SiteValue) -> SiteValue {
    unsafe view._withUnsafeGuaranteedRef { $0.item(index, of: list) }
  }

  public func write(_ value: SiteValue, escaped: Bool, into output: inout ByteWriter) {
    unsafe view._withUnsafeGuaranteedRef { $0.write(value, escaped: escaped, into: &output) }
  }

  public func isPageLevel(_ value: SiteValue) -> Bool {
    unsafe view._withUnsafeGuaranteedRef { $0.isPageLevel(value) }
  }

  /// Every list of the site is a table: which keys an item answers, and with what kind of value, depends only on
  /// the list (``SiteView/lookup(_:in:)`` switches on the key alone for each kind of item).
  public func itemsShareShape(_ list: SiteValue) -> Bool { true }

  /// Whether page-level key number `key` (-1: the page itself) reads the same here as in `other`, a page of the
  /// same board and locale: so a section that read only such keys renders the same bytes on both pages.
  public func samePageValue(_ key: Int32, as other: SiteModel) -> Bool {
    unsafe view.takeUnretainedValue().samePageValue(key, as: other.view.takeUnretainedValue())
  }
}

/// What ``SiteModel`` answers from: the tables of one page, as plain pointers. The owners must outlive it.
@safe public final class SiteView {
  private let keys: UnsafePointer<SiteKey>
  private unowned(unsafe) let board: BoardTables
  private unowned(unsafe) let locale: LocaleTables
  private unowned(unsafe) let page: PageTables
  private let cardBytes: UnsafePointer<UInt8>
  private let historyBytes: UnsafePointer<UInt8>
  private let localeBytes: UnsafePointer<UInt8>
  private let pageBytes: UnsafePointer<UInt8>
  private let cards: UnsafePointer<CardRecord>
  private let columnStarts: UnsafePointer<Int>
  private let entries: UnsafePointer<EntryRecord>
  private let fields: UnsafePointer<TaskField>
  private let stateNames: UnsafePointer<TextRef>
  private let stateLabels: UnsafePointer<TextRef>
  private let stateLabelsRaw: UnsafePointer<RawRef>
  private let actionNames: UnsafePointer<TextRef>
  private let dueTexts: UnsafePointer<TextRef>
  private let dueISO: UnsafePointer<TextRef>
  private let dayTexts: UnsafePointer<RawRef>
  private let isoDays: UnsafePointer<UInt8>
  private let catalogTable: UnsafePointer<SiteValue?>
  private let keyCount: Int
  private let parts: UnsafePointer<MessagePart>
  private let messages: UnsafePointer<Range<Int>>
  private let fieldNames: UnsafePointer<RawRef>
  private let links: UnsafePointer<PageTables.Link>
  private let sentenceIsPlain: Bool
  private let timestampIsPlain: Bool

  public init(keys: FixedArray<SiteKey>, board: BoardTables, locale: LocaleTables, page: PageTables) {
    unsafe self.keys = unsafe keys.pointer
    unsafe self.board = board
    unsafe self.locale = locale
    unsafe self.page = page
    unsafe cardBytes = unsafe board.cardBytes.base
    unsafe historyBytes = unsafe board.historyBytes.base
    unsafe localeBytes = unsafe locale.bytes.base
    unsafe pageBytes = unsafe page.bytes.base
    unsafe cards = unsafe board.cards.pointer
    unsafe columnStarts = unsafe board.columnStarts.pointer
    unsafe entries = unsafe board.entries.pointer
    unsafe fields = unsafe board.fields.pointer
    unsafe stateNames = unsafe locale.stateNames.pointer
    unsafe stateLabels = unsafe locale.stateLabels.pointer
    unsafe stateLabelsRaw = unsafe locale.stateLabelsRaw.pointer
    unsafe actionNames = unsafe locale.actionNames.pointer
    unsafe dueTexts = unsafe locale.dueTexts.pointer
    unsafe dueISO = unsafe locale.dueISO.pointer
    unsafe dayTexts = unsafe locale.dayTexts.pointer
    unsafe isoDays = unsafe board.isoDays.pointer
    unsafe catalogTable = unsafe locale.catalogTable.pointer
    keyCount = locale.keyCount
    unsafe parts = unsafe locale.parts.pointer
    unsafe messages = unsafe locale.messages.pointer
    unsafe fieldNames = unsafe locale.fieldNames.pointer
    unsafe links = unsafe page.links.pointer
    sentenceIsPlain = locale.sentenceIsPlain
    timestampIsPlain = locale.timestampIsPlain
  }

  // MARK: - Lookup

  public func lookup(_ key: Int, in frame: SiteValue) -> SiteValue? {
    switch frame {
    case .card(let index): unsafe cardValue(keys[key], cards[Int(index)])
    case .entry(let index): unsafe entryValue(keys[key], Int32(index))
    case .column(let index): unsafe columnValue(keys[key], TaskState.allCases[Int(index)])
    case .page: unsafe pageValue(keys[key])
    case .catalog(let node): unsafe catalogTable[Int(node) * keyCount + key]
    case .link(let index): unsafe linkValue(keys[key], links[Int(index)])
    default: nil
    }
  }

  private func pageValue(_ key: SiteKey) -> SiteValue? {
    switch key {
    case .lang: unsafe .pageText(page.lang)
    case .t: .catalog(0)
    case .root: unsafe .pageText(page.root)
    case .boardTitle: unsafe .pageText(page.boardTitle)
    case .pageTitle: unsafe .pageText(page.pageTitle)
    case .asOf: unsafe .pageText(page.asOf)
    case .asOfISO: unsafe .pageText(page.asOfISO)
    case .summary: unsafe .pageText(page.summary)
    case .boardHref: unsafe .pageText(page.boardHref)
    case .historyHref: unsafe .pageText(page.historyHref)
    case .isBoard: unsafe .bool(page.isBoard)
    case .isHistory: unsafe .bool(!page.isBoard)
    case .canonical: unsafe page.canonical.map(SiteValue.pageText) ?? .bool(false)
    case .locales: .linkList
    default: unsafe page.isBoard ? boardValue(key) : historyValue(key)
    }
  }

  private func boardValue(_ key: SiteKey) -> SiteValue? {
    key == .columns ? .columnList : nil
  }

  private func historyValue(_ key: SiteKey) -> SiteValue? {
    switch key {
    case .entries: .entryList
    case .isEmpty: unsafe .bool(page.entries.isEmpty)
    case .pageLabel: unsafe .pageText(page.pageLabel)
    case .hasPager: unsafe .bool(page.prevHref != nil || page.nextHref != nil)
    case .prevHref: unsafe page.prevHref.map(SiteValue.pageText) ?? .bool(false)
    case .nextHref: unsafe page.nextHref.map(SiteValue.pageText) ?? .bool(false)
    default: nil
    }
  }

  private func columnValue(_ key: SiteKey, _ state: TaskState) -> SiteValue? {
    let count = unsafe columnStarts[state.order + 1] - columnStarts[state.order]
    switch key {
    case .state: return unsafe .localeText(stateNames[state.order])
    case .label: return unsafe .localeText(stateLabels[state.order])
    case .count: return .number(count)
    case .isEmpty: return .bool(count == 0)
    case .cards: return .cardList(Int32(state.order))
    default: return nil
    }
  }

  private func cardValue(_ key: SiteKey, _ card: CardRecord) -> SiteValue? {
    switch key {
    case .id: .cardText(card.id)
    case .title: .cardText(card.title)
    case .body: .cardText(card.body)
    case .hasBody: .bool(card.body.rawCount > 0)
    case .due: unsafe .localeText(card.dueIndex < 0 ? .empty : dueISO[Int(card.dueIndex)])
    case .hasDue: .bool(card.dueIndex >= 0)
    case .dueText: unsafe .localeText(card.dueIndex < 0 ? .empty : dueTexts[Int(card.dueIndex)])
    case .state: unsafe .localeText(stateNames[card.state.order])
    case .overdue: .bool(card.overdue)
    case .dueToday: .bool(card.dueToday)
    default: nil
    }
  }

  private func entryValue(_ key: SiteKey, _ index: Int32) -> SiteValue? {
    switch key {
    case .action: unsafe .localeText(actionNames[entries[Int(index)].action.position])
    case .at: .entryAt(index)
    case .timeText: .entryTime(index)
    case .sentence: .entrySentence(index)
    default: nil
    }
  }

  private func linkValue(_ key: SiteKey, _ link: PageTables.Link) -> SiteValue? {
    switch key {
    case .code: .pageText(link.code)
    case .name: .pageText(link.name)
    case .href: .pageText(link.href)
    case .url: .pageText(link.url)
    case .current: .bool(link.current)
    default: nil
    }
  }

  // MARK: - Twin pages

  public func isPageLevel(_ value: SiteValue) -> Bool {
    if case .page = value { true } else { false }
  }

  public func samePageValue(_ key: Int32, as other: SiteView) -> Bool {
    guard key >= 0, unsafe board === other.board, unsafe locale === other.locale else { return key < 0 }
    switch (lookup(Int(key), in: .page), other.lookup(Int(key), in: .page)) {
    case (nil, nil): return true
    case (.pageText(let mine)?, .pageText(let theirs)?):
      return unsafe Self.same(mine, pageBytes, theirs, other.pageBytes)
    case (.bool(let mine)?, .bool(let theirs)?): return mine == theirs
    case (.number(let mine)?, .number(let theirs)?): return mine == theirs
    // The locale's catalog and the board's columns: the same tables on both pages.
    case (.catalog(let mine)?, .catalog(let theirs)?): return mine == theirs
    case (.columnList?, .columnList?): return unsafe page.isBoard && other.page.isBoard
    default: return false
    }
  }

  private static func same(
    _ a: TextRef, _ aBase: UnsafePointer<UInt8>, _ b: TextRef, _ bBase: UnsafePointer<UInt8>
  ) -> Bool {
    unsafe a.rawCount == b.rawCount && a.escapedCount == b.escapedCount
      && memcmp(aBase + a.start, bBase + b.start, Int(a.rawCount)) == 0
      && memcmp(aBase + a.escapedStart, bBase + b.escapedStart, Int(a.escapedCount)) == 0
  }

  // MARK: - Sections

  public func behaviour(of value: SiteValue) -> SectionBehaviour {
    switch value {
    case .bool(let flag): flag ? .trueFlag : .falseFlag
    case .columnList: .list(count: TaskState.allCases.count)
    case .cardList(let order): unsafe .list(count: columnStarts[Int(order) + 1] - columnStarts[Int(order)])
    case .entryList: unsafe .list(count: page.entries.count)
    case .linkList: unsafe .list(count: page.linkCount)
    default: .value
    }
  }

  public func item(_ index: Int, of list: SiteValue) -> SiteValue {
    switch list {
    case .columnList: .column(Int32(index))
    case .cardList(let order): unsafe .card(Int32(columnStarts[Int(order)] + index))
    case .entryList: unsafe .entry(Int32(page.entries.lowerBound + index))
    case .linkList: .link(Int32(index))
    default: preconditionFailure("not a list")
    }
  }

  // MARK: - Output

  public func write(_ value: SiteValue, escaped: Bool, into output: inout ByteWriter) {
    switch value {
    case .cardText(let text): unsafe Self.write(text, from: cardBytes, escaped: escaped, into: &output)
    case .localeText(let text): unsafe Self.write(text, from: localeBytes, escaped: escaped, into: &output)
    case .pageText(let text): unsafe Self.write(text, from: pageBytes, escaped: escaped, into: &output)
    case .bool(let flag): output.appendStatic(flag ? "true" : "false")
    case .number(let number): output.appendDecimal(number)
    case .entryAt(let index):
      // Digits, `-`, `:`, `T` and `Z` only: nothing to escape.
      unsafe writeInstant(entries[Int(index)], into: &output)
    case .entryTime(let index):
      compose(escaped: escaped && !timestampIsPlain, into: &output) {
        unsafe writeTimestamp(entries[Int(index)], into: &$0)
      }
    case .entrySentence(let index):
      let entry = unsafe entries[Int(index)]
      compose(escaped: escaped && !(sentenceIsPlain && entry.titleIsPlain), into: &output) {
        writeSentence(entry, into: &$0)
      }
    default:
      return
    }
  }

  private static func write(
    _ text: TextRef, from base: UnsafePointer<UInt8>, escaped: Bool, into output: inout ByteWriter
  ) {
    if escaped {
      unsafe output.appendBytes(base + text.escapedStart, count: Int(text.escapedCount))
    } else {
      unsafe output.appendBytes(base + text.start, count: Int(text.rawCount))
    }
  }

  private func append(_ text: RawRef, from base: UnsafePointer<UInt8>, into output: inout ByteWriter) {
    unsafe output.appendBytes(base + text.start, count: Int(text.count))
  }

  /// Writes composed text, then escapes it as a whole (exactly like escaping the `String` it spells).
  private func compose(escaped: Bool, into output: inout ByteWriter, _ body: (inout ByteWriter) -> Void) {
    let start = output.count
    body(&output)
    guard escaped, unsafe HTMLEscaper.needsEscaping(output.bytes(from: start)) else { return }
    let text = unsafe Array(output.bytes(from: start))
    output.truncate(to: start)
    unsafe text.withUnsafeBufferPointer { unsafe HTMLEscaper.appendEscaped(utf8: $0, into: &output) }
  }

  /// `Instant.format` of the entry's `at`, straight into the output: the date formatted once per build, the
  /// time of day here.
  private func writeInstant(_ entry: EntryRecord, into output: inout ByteWriter) {
    guard entry.utcDayIndex >= 0 else {
      var text = Instant.format(seconds: entry.utcSeconds)
      text.withUTF8 { unsafe output.appendBytes($0) }
      return
    }
    unsafe output.appendBytes(isoDays + Int(entry.utcDayIndex) * 10, count: 10)
    unsafe withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { time in
      unsafe ISOInstantBytes.putTimeOfDay(Instant.day(ofSecond: entry.utcSeconds).secondOfDay, into: time, at: 0)
      unsafe output.appendBytes(UnsafeBufferPointer(time))
    }
  }

  /// As the tests' `LocaleView.timestamp(localSeconds:)`: the `format.timestamp` message with the day's long date.
  private func writeTimestamp(_ entry: EntryRecord, into output: inout ByteWriter) {
    let secondOfDay = Instant.day(ofSecond: entry.localSeconds).secondOfDay
    let start = output.count
    for index in unsafe messages[HistoryAction.allCases.count] {
      switch unsafe parts[index] {
      case .literal(let text): unsafe append(text, from: localeBytes, into: &output)
      case .particle(let particle):
        unsafe output.appendStatic(particle.after(utf8: output.bytes(from: start)))
      case .slot(.date): unsafe append(dayTexts[Int(entry.dayIndex)], from: localeBytes, into: &output)
      case .slot(.hour): output.appendTwoDigits(secondOfDay / 3600)
      case .slot(.minute): output.appendTwoDigits(secondOfDay / 60 % 60)
      case .slot: break
      }
    }
  }

  /// `LocaleFormatter.sentence(_:)`.
  private func writeSentence(_ entry: EntryRecord, into output: inout ByteWriter) {
    let start = output.count
    for index in unsafe messages[entry.action.position] {
      switch unsafe parts[index] {
      case .literal(let text): unsafe append(text, from: localeBytes, into: &output)
      case .particle(let particle):
        unsafe output.appendStatic(particle.after(utf8: output.bytes(from: start)))
      case .slot(.title): unsafe append(entry.title, from: historyBytes, into: &output)
      case .slot(.from):
        if let from = entry.from {
          unsafe append(stateLabelsRaw[from.order], from: localeBytes, into: &output)
        } else {
          output.appendStatic("{from}")
        }
      case .slot(.to):
        if let to = entry.to {
          unsafe append(stateLabelsRaw[to.order], from: localeBytes, into: &output)
        } else {
          output.appendStatic("{to}")
        }
      case .slot(.fields):
        if entry.fieldsCount == 0 {
          unsafe append(locale.unknownFields, from: localeBytes, into: &output)
        } else {
          for offset in 0..<Int(entry.fieldsCount) {
            if offset > 0 {
              unsafe append(locale.separator, from: localeBytes, into: &output)
            }
            unsafe append(
              fieldNames[fields[Int(entry.fieldsStart) + offset].position], from: localeBytes, into: &output)
          }
        }
      case .slot: break
      }
    }
  }
}
