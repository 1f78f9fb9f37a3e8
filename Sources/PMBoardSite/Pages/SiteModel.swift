import Foundation
import PMBoardBytes
import PMBoardCore
import PMBoardMustache

/// The site's pages as a ``RenderModel``: the same names and values as docs/theming.md's variable tables, which
/// the tests' reference view model (`PageContext` and the contexts under it) answers the plain way (the parity
/// tests hold the two to the same output), read from ``BoardTables``, ``LocaleTables`` and ``PageTables`` through
/// a ``SiteView``. Make it with ``SiteRenderer/withModel(for:_:_:)``, which keeps the
/// view and its tables alive.
///
/// One reference and nothing else: the renderer copies its model before each call on it (it is a stored
/// property of the renderer, which is being mutated), and copying the 233 bytes of tables this used to hold was
/// a noticeable share of a build's instructions. The reference is ``Borrowed``, so neither copies nor calls count
/// references (two threads rendering pages of one board made those counts bounce a cache line between cores).
/// Non-escapable, as that reference is: the compiler keeps a model inside ``SiteRenderer/withModel(for:_:_:)``.
public struct SiteModel: RenderModel, ~Escapable {
  let view: Borrowed<SiteView>

  @_lifetime(copy view)
  public init(_ view: Borrowed<SiteView>) {
    self.view = view
  }

  public var root: SiteValue { .page }

  public func lookup(_ key: Int, in frame: SiteValue) -> SiteValue? {
    view.read { $0.lookup(key, in: frame) }
  }

  public func behaviour(of value: SiteValue) -> SectionBehaviour {
    view.read { $0.behaviour(of: value) }
  }

  public func item(_ index: Int, of list: SiteValue) -> SiteValue {
    view.read { $0.item(index, of: list) }
  }

  public func write(_ value: SiteValue, escaped: Bool, into output: inout ByteWriter) {
    view.read { $0.write(value, escaped: escaped, into: &output) }
  }

  public func isPageLevel(_ value: SiteValue) -> Bool {
    view.read { $0.isPageLevel(value) }
  }

  /// Every list of the site is a table: which keys an item answers, and with what kind of value, depends only on
  /// the list (``SiteView/lookup(_:in:)`` switches on the key alone for each kind of item).
  public func itemsShareShape(_ list: SiteValue) -> Bool { true }

  /// Whether page-level key number `key` (-1: the page itself) reads the same here as in `other`, a page of the
  /// same board and locale: so a section that read only such keys renders the same bytes on both pages.
  public func samePageValue(_ key: Int32, as other: SiteModel) -> Bool {
    view.read { mine in other.view.read { mine.samePageValue(key, as: $0) } }
  }
}

/// What ``SiteModel`` answers from: the tables of one page, each read with a bounds check.
public final class SiteView {
  let keys: FixedTable<SiteKey>
  let board: BoardTables
  let locale: LocaleTables
  let page: PageTables
  let taskPages: TaskPageTables
  let entryPage: FixedTable<Int32>
  let taskEntries: FixedTable<Int32>
  let cardBytes: ArenaBytes
  let nameBytes: ArenaBytes
  let cardNames: CardNames
  let historyBytes: ArenaBytes
  let localeBytes: ArenaBytes
  let pageBytes: ArenaBytes
  let cards: FixedTable<CardRecord>
  let columnStarts: FixedTable<Int>
  let entries: FixedTable<EntryRecord>
  let fields: FixedTable<TaskField>
  let stateNames: FixedTable<TextRef>
  let stateLabels: FixedTable<TextRef>
  let stateLabelsRaw: FixedTable<RawRef>
  let actionNames: FixedTable<TextRef>
  let dueTexts: FixedTable<TextRef>
  let dueISO: FixedTable<TextRef>
  let doneTexts: FixedTable<TextRef>
  let langCodes: [TextRef?]
  let doneISO: FixedTable<TextRef>
  let dayTexts: FixedTable<RawRef>
  let isoDays: FixedTable<UInt8>
  let catalogTable: FixedTable<SiteValue?>
  let keyCount: Int
  let parts: FixedTable<MessagePart>
  let messages: FixedTable<Range<Int>>
  let fieldNames: FixedTable<RawRef>
  let links: FixedTable<PageTables.Link>
  let sentenceIsPlain: Bool
  let timestampIsPlain: Bool
  /// On a history page, where each day's entries start (indices into the tables' entries, newest first), and the
  /// end of the last day's.
  let dayStarts: [Int32]

  /// The cards the page's columns show: a capped board column's leads, a name page's cards.
  let columnCards: SiteRenderer.ColumnCards
  /// A grouped board page's lanes (`group-by`); empty on other pages and without lanes.
  let lanes: [SiteRenderer.Lane]
  /// Which cards are due soon; nil without a window.
  let dueSoon: DueSoonCards?
  /// Which DOING cards are aged.
  let aging: AgingCards?
  /// On a site without task pages whose columns are cut into pages: which page each card is on, where its link
  /// leads (``SiteRenderer/pagedCardLinks()``); nil when every card's column is one page.
  let pagedLinks: ColumnPages?
  /// Every card's dress, when the build made them all (a fresh build): read as the cards are.
  let everyDress: FixedTable<CardDress>?
  /// Otherwise the dresses of the cards the page shows (``shownCards(page:columns:board:dueSoon:)``), taken before
  /// the page is rendered.
  let dresses: PageDresses

  public init(
    keys: FixedArray<SiteKey>, board: BoardTables, locale: LocaleTables, page: PageTables, taskPages: TaskPageTables,
    columns: SiteRenderer.ColumnCards = .board, lanes: [SiteRenderer.Lane] = [], dueSoon: DueSoonCards? = nil,
    aging: AgingCards? = nil, pagedLinks: ColumnPages? = nil
  ) {
    everyDress = board.everyCardDress.map(FixedTable.init)
    if everyDress != nil {
      dresses = PageDresses(card: nil, of: board.cardDresses)
    } else if page.isTaskPage {
      // A task page's one card without the arrays of a list.
      dresses = PageDresses(card: page.taskCard, of: board.cardDresses)
    } else {
      let shown = Self.shownCards(page: page, columns: columns, lanes: lanes, board: board, dueSoon: dueSoon)
      dresses = PageDresses(cards: shown, of: board.cardDresses)
    }
    self.columnCards = columns
    self.lanes = lanes
    self.dueSoon = dueSoon
    self.aging = aging
    self.pagedLinks = pagedLinks
    self.keys = FixedTable(keys)
    self.board = board
    self.locale = locale
    self.page = page
    self.taskPages = taskPages
    entryPage = FixedTable(taskPages.entryPage)
    taskEntries = FixedTable(page.taskEntries)
    cardBytes = ArenaBytes(board.cardBytes)
    nameBytes = ArenaBytes(board.cardNames.bytes)
    cardNames = board.cardNames
    historyBytes = ArenaBytes(board.historyBytes)
    localeBytes = ArenaBytes(locale.bytes)
    pageBytes = ArenaBytes(page.bytes)
    cards = FixedTable(board.cards)
    columnStarts = FixedTable(board.columnStarts)
    entries = FixedTable(board.entries)
    fields = FixedTable(board.fields)
    stateNames = FixedTable(locale.stateNames)
    stateLabels = FixedTable(locale.stateLabels)
    stateLabelsRaw = FixedTable(locale.stateLabelsRaw)
    actionNames = FixedTable(locale.actionNames)
    dueTexts = FixedTable(locale.dueTexts)
    dueISO = FixedTable(locale.dueISO)
    doneTexts = FixedTable(locale.doneTexts)
    langCodes = locale.langCodes
    doneISO = FixedTable(locale.doneISO)
    dayTexts = FixedTable(locale.dayTexts)
    isoDays = FixedTable(board.isoDays)
    catalogTable = FixedTable(locale.catalogTable)
    keyCount = locale.keyCount
    parts = FixedTable(locale.parts)
    messages = FixedTable(locale.messages)
    fieldNames = FixedTable(locale.fieldNames)
    links = FixedTable(page.links)
    sentenceIsPlain = locale.sentenceIsPlain
    timestampIsPlain = locale.timestampIsPlain
    dayStarts = page.isHistory && !page.isTaskPage ? Self.dayStarts(of: page.entries, in: board.entries) : []
  }

  // MARK: - Lookup

  public func lookup(_ key: Int, in frame: SiteValue) -> SiteValue? {
    switch frame {
    case .card(let index):
      cardValue(keys[key], cards[Int(index)], number: Int(index)) ?? nameValue(keys[key], card: Int(index))
        ?? dueSoonValue(keys[key], card: Int(index)) ?? cardLinkValue(keys[key], card: Int(index))
    case .name(let index): nameItemValue(keys[key], Int(index))
    case .fieldIndex(let field): fieldIndexValue(keys[key], Int(field))
    case .value(let index): valueItemValue(keys[key], cardNames.values[Int(index)])
    case .entry(let index): entryValue(keys[key], Int32(index))
    case .day(let day): dayValue(keys[key], day)
    case .column(let index): columnValue(keys[key], TaskState.allCases[Int(index)])
    case .lane(let index): laneValue(keys[key], Int(index))
    case .laneColumn(let lane, let order): laneColumnValue(keys[key], lane: Int(lane), TaskState.allCases[Int(order)])
    case .page: pageValue(keys[key])
    case .catalog(let node): catalogTable[Int(node) * keyCount + key]
    case .link(let index): linkValue(keys[key], links[Int(index)])
    default: nil
    }
  }

  private func pageValue(_ key: SiteKey) -> SiteValue? {
    switch key {
    case .lang: .pageText(page.lang)
    case .t: .catalog(0)
    case .root: .pageText(page.root)
    case .boardTitle: .pageText(page.boardTitle)
    case .pageTitle: .pageText(page.pageTitle)
    case .asOf: .pageText(page.asOf)
    case .asOfISO: .pageText(page.asOfISO)
    case .offline: page.offline.map(SiteValue.pageText) ?? .bool(false)
    case .summary: .pageText(page.summary)
    case .boardHref: .pageText(page.boardHref)
    case .historyHref: .pageText(page.historyHref)
    case .isBoard: .bool(page.isBoard)
    case .isArchive: .bool(page.isArchive)
    case .isHistory: .bool(page.isHistory)
    case .canonical: page.canonical.map(SiteValue.pageText) ?? .bool(false)
    case .atomHref: page.atomHref.map(SiteValue.pageText) ?? .bool(false)
    case .calendarHref: page.calendarHref.map(SiteValue.pageText) ?? .bool(false)
    case .locales: .linkList
    case .localeDir: .pageText(page.localeDir)
    case .overdueHref: .pageText(page.overdueHref)
    case .overdueCount: .number(page.overdueCount)
    case .hasOverdue: .bool(page.overdueCount > 0)
    case .isOverduePage: .bool(page.isOverduePage)
    case .isTaskPage: .bool(page.isTaskPage)
    case .hasTaskPages: .bool(page.hasTaskPages)
    case .hasSearch: .bool(page.hasSearch)
    case .isColumnPage: .bool(page.column != nil)
    case .showsSummary: .bool(page.showsSummary)
    case .summaryHead: .pageText(page.summaryHead)
    case .summaryTail: .pageText(page.summaryTail)
    case .live: .bool(page.live != nil)
    case .liveToday: page.live.map { .pageText($0.today) } ?? .bool(false)
    case .liveZone: page.live.map { .pageText($0.zone) } ?? .bool(false)
    case .liveBuilt: page.live?.built.map(SiteValue.pageText) ?? .bool(false)
    case .dueCounts: page.live.map { .pageText($0.dueCounts) } ?? .bool(false)
    default: pageContentValue(key) ?? namePageValue(key)
    }
  }

  /// The values of one kind of page: the board's columns, a column, the overdue cards, a task, history entries.
  private func pageContentValue(_ key: SiteKey) -> SiteValue? {
    switch key {
    case .columns: page.isBoard || page.name != nil ? .columnList : nil
    case .lanes: page.isBoard ? .laneList : nil
    case .hasLanes: .bool(!lanes.isEmpty)
    case .column: page.column.map { .column(Int32($0.order)) } ?? .bool(false)
    case .overdueCards: page.isOverduePage ? .overdueList : nil
    case .task: page.taskCard.map { .card(Int32($0)) } ?? .bool(false)
    case .taskTitle: .pageText(page.taskTitle)
    case .isRemoved: .bool(page.isTaskPage && page.taskCard == nil)
    case .removedText: page.removedText.map(SiteValue.pageText) ?? .bool(false)
    case .timeZone: .pageText(page.timeZone)
    default: page.isBoard ? nil : historyValue(key)
    }
  }

  private func historyValue(_ key: SiteKey) -> SiteValue? {
    switch key {
    case .entries: .entryList
    case .days: page.isTaskPage ? nil : .dayList
    case .isEmpty: .bool(page.isTaskPage ? page.taskEntries.isEmpty : page.entries.isEmpty)
    case .pageLabel: .pageText(page.pageLabel)
    case .hasPager: .bool(page.prevHref != nil || page.nextHref != nil)
    case .prevHref: page.prevHref.map(SiteValue.pageText) ?? .bool(false)
    case .nextHref: page.nextHref.map(SiteValue.pageText) ?? .bool(false)
    case .firstHref: page.firstHref.map(SiteValue.pageText) ?? .bool(false)
    case .pageIndex: .pageHTML(page.pageIndexHTML)
    default: nil
    }
  }

  private func columnValue(_ key: SiteKey, _ state: TaskState) -> SiteValue? {
    let count = columnCards.counts?[state.order] ?? columnStarts[state.order + 1] - columnStarts[state.order]
    switch key {
    case .state: return .localeText(stateNames[state.order])
    case .label: return .localeText(stateLabels[state.order])
    case .count: return .number(count)
    case .isEmpty: return .bool(count == 0)
    case .cards: return .cardList(Int32(state.order))
    case .hasMore: return .bool(count > page.cardLimit)
    case .columnHref: return .pageText(page.columnHrefs[state.order])
    case .leadNote: return .pageText(page.leadNotes[state.order])
    case .hasLeadNote: return .bool(page.leadNotes[state.order].rawCount > 0)
    case .wipLimit: return page.wipLimits[state.order] < 0 ? .bool(false) : .number(page.wipLimits[state.order])
    case .hasWipLimit: return .bool(page.wipLimits[state.order] >= 0)
    case .overWipLimit:
      return .bool(
        page.wipLimits[state.order] >= 0
          && columnStarts[state.order + 1] - columnStarts[state.order] > page.wipLimits[state.order])
    default: return nil
    }
  }

  private func cardValue(_ key: SiteKey, _ card: CardRecord, number: Int) -> SiteValue? {
    switch key {
    case .id: .cardText(card.id)
    case .title: .cardText(card.title)
    case .body: .cardText(card.body)
    case .hasBody: .bool(card.body.rawCount > 0)
    case .due: .localeText(card.dueIndex < 0 ? .empty : dueISO[Int(card.dueIndex)])
    case .hasDue: .bool(card.dueIndex >= 0)
    case .dueText: .localeText(card.dueIndex < 0 ? .empty : dueTexts[Int(card.dueIndex)])
    case .state: .localeText(stateNames[card.state.order])
    case .overdue: .bool(card.overdue)
    case .dueToday: .bool(card.dueToday)
    case .label: .localeText(stateLabels[card.state.order])
    case .excerpt, .bodyHTML, .excerptHTML, .isLong, .hasChecklist, .checklistDone, .checklistTotal, .titleLang,
      .hasTitleLang, .bodyLang, .hasBodyLang:
      if let everyDress {
        dressValue(key, card, everyDress[number])
      } else {
        dressValue(key, card, dresses.dress(of: number) ?? board.cardDresses.dress(of: number))
      }
    default: nil
    }
  }

  private func entryValue(_ key: SiteKey, _ index: Int32) -> SiteValue? {
    switch key {
    case .action: .localeText(actionNames[entries[Int(index)].action.position])
    case .at: .entryAt(index)
    case .timeText: .entryTime(index)
    case .sentence: .entrySentence(index)
    case .sentenceHTML: .entrySentenceHTML(index)
    case .clock: .entryClock(index)
    // Under a history page's day headings the time of day is enough; a task page's entries need the date.
    case .when: page.isHistory ? .entryClock(index) : .entryTime(index)
    case .author: .historyText(entries[Int(index)].author)
    case .hasAuthor: .bool(entries[Int(index)].author.count > 0)
    case .merged: .bool(entries[Int(index)].resolution == .merged)
    case .lost: .bool(entries[Int(index)].resolution == .lost)
    case .taskId: .historyText(entries[Int(index)].task)
    // On a task page every entry is about that page's task: nothing to link.
    case .hasTask: .bool(linksTask(ofEntry: index))
    case .href: linksTask(ofEntry: index) ? .entryHref(index) : .bool(false)
    default: nil
    }
  }

  /// Whether entry `index` links its task: there are task pages and the task has one. On a task page every entry
  /// is about that page's task: nothing to link.
  func linksTask(ofEntry index: Int32) -> Bool {
    page.hasTaskPages && !page.isTaskPage && entryPage[Int(index)] >= 0
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
}
