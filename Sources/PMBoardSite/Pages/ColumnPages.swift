import PMBoardBytes
import PMBoardCore

/// How each column's page is cut into pages (``PageCuts``), made once a build: TODO and DOING in board order, cut
/// from their start, DONE newest first, cut from its oldest card so that a task done today moves no older cut.
///
/// The first page in reading order is `<state>.html`, so links to a column keep working; the others are
/// `<state>-K.html` (``SiteAddresses/columnPage(_:number:)``), K counted from the start for TODO and DOING
/// (2, 3, …) and from the oldest end for DONE (1 is its oldest page), so that the pages a change does not reach keep
/// their names and bytes. A site without task pages links each card to its card on its own page.
public final class ColumnPages: Sendable {
  /// By `TaskState.order`: the column's pages in reading order, as ranges of positions in the column's reading
  /// order (the board's, or ``doneOrder``).
  let pages: [[Range<Int>]]
  /// DONE's cards in reading order (``SiteRenderer/columnPageCards(_:)``); the others are the board's order.
  let doneOrder: [Int32]
  /// Each card's page in its column's reading order; empty when no column has more than one page.
  let pageOfCard: [Int32]
  /// By `TaskState.order` and page: the page's file in the locale's folder.
  let files: [[String]]
  /// By `TaskState.order` and page: where a link to a card on that page goes, around the card's id.
  let cardLinks: [[SiteAddresses.Around]]
  /// The overdue page's list (each column's leading overdue cards, or with live dates its dated open ones) in
  /// pages, as ranges of positions in the list; and each page's file, `overdue.html`, `overdue-2.html`, ….
  let overdue: [Range<Int>]
  let overdueFiles: [String]
  /// The due-soon page's list in pages, and each page's file, `due-soon.html`, `due-soon-2.html`, ….
  let dueSoon: [Range<Int>]
  let dueSoonFiles: [String]

  init(tables: BoardTables, doneOrder: [Int32], cuts: PageCuts, overdueLeads: [Int], dueSoon: [Range<Int>]) {
    let starts = tables.columnStarts
    func mark(_ card: Int) -> UInt64 {
      if let key = tables.cardKeys[card] { return PageCuts.mark(key.high ^ key.low) }
      return PageCuts.mark(text: tables.cardBytes.string(tables.cards[card].id))
    }
    var pages: [[Range<Int>]] = []
    for state in TaskState.allCases {
      let start = starts[state.order]
      let count = starts[state.order + 1] - start
      if state == .done {
        // Cut from the oldest card (the end of the reading order), then turned back to reading order.
        let reversed = cuts.pages(count: count) { mark(Int(doneOrder[count - 1 - $0])) }
        pages.append(reversed.reversed().map { (count - $0.upperBound)..<(count - $0.lowerBound) })
      } else {
        pages.append(cuts.pages(count: count) { mark(start + $0) })
      }
    }
    self.pages = pages
    self.doneOrder = doneOrder
    files = TaskState.allCases.map { state in
      let count = pages[state.order].count
      return (0..<count).map { page in
        page == 0
          ? SiteAddresses.column(state)
          : SiteAddresses.columnPage(state, number: Self.number(ofPage: page, count: count, state: state))
      }
    }
    cardLinks = files.map { $0.map(SiteAddresses.cardAddress(on:)) }
    let listed = Self.cards(of: Self.overdueRuns(leads: overdueLeads, starts: starts))
    overdue = cuts.pages(count: listed.count) { mark(listed[$0]) }
    overdueFiles = overdue.indices.map { $0 == 0 ? SiteAddresses.overdue : SiteAddresses.overduePage($0 + 1) }
    let soon = Self.cards(of: dueSoon)
    self.dueSoon = cuts.pages(count: soon.count) { mark(soon[$0]) }
    dueSoonFiles = self.dueSoon.indices.map { $0 == 0 ? SiteAddresses.dueSoon : SiteAddresses.dueSoonPage($0 + 1) }
    guard pages.contains(where: { $0.count > 1 }) else {
      pageOfCard = []
      return
    }
    var pageOfCard = [Int32](repeating: 0, count: tables.cards.count)
    for state in TaskState.allCases {
      for (page, range) in pages[state.order].enumerated() {
        for position in range {
          let card = state == .done ? Int(doneOrder[position]) : starts[state.order] + position
          pageOfCard[card] = Int32(page)
        }
      }
    }
    self.pageOfCard = pageOfCard
  }

  /// The number page `page` (in reading order) of `count` goes by: its place from the start for TODO and DOING,
  /// from the oldest end for DONE.
  static func number(ofPage page: Int, count: Int, state: TaskState?) -> Int {
    state == .done ? count - page : page + 1
  }

  /// Whether `state`'s column is cut into more than one page.
  func isPaged(_ state: TaskState) -> Bool { pages[state.order].count > 1 }

  /// The cards of page `page` of `state`'s column, in reading order.
  func cards(of state: TaskState, page: Int, starts: FixedArray<Int>) -> [Int32] {
    let range = pages[state.order][page]
    if state == .done { return Array(doneOrder[range]) }
    let start = starts[state.order]
    return range.map { Int32(start + $0) }
  }

  /// Where a link to card `card` (in `state`'s column) goes on a site without task pages: its card on its page.
  func cardLink(_ card: Int, state: TaskState) -> SiteAddresses.Around {
    cardLinks[state.order][page(ofCard: card)]
  }

  /// The page file of each task of `ids` on the board, by id, for a feed that knows its entries' tasks by id (the
  /// change feeds): one look at every card, each looked up by its id's bits among the few asked for.
  func files(ofTasks ids: some Sequence<String>, tables: BoardTables) -> [String: String] {
    var wanted = UUIDTable(capacity: 64)
    var texts: [String: Int32] = [:]
    var list: [String] = []
    for id in ids {
      let bytes = Array(id.utf8)
      if let key = UUIDKey(bytes.span) { wanted.set(key, Int32(list.count)) } else { texts[id] = Int32(list.count) }
      list.append(id)
    }
    var files: [String: String] = [:]
    for card in tables.cards.indices {
      let found =
        tables.cardKeys[card].flatMap { wanted[$0] }
        ?? (texts.isEmpty ? nil : texts[tables.cardBytes.string(tables.cards[card].id)])
      guard let found else { continue }
      let state = tables.cards[card].state
      files[list[Int(found)]] = self.files[state.order][page(ofCard: card)]
    }
    return files
  }

  /// The overdue list's runs: each column's leading `leads` cards (``BoardTables/overdueList(live:)``).
  static func overdueRuns(leads: [Int], starts: FixedArray<Int>) -> [Range<Int>] {
    TaskState.allCases.map { starts[$0.order]..<starts[$0.order] + leads[$0.order] }
  }

  /// The cards at `positions` of the list that `runs` make one after another (the overdue and due-soon lists); all
  /// of them without `positions`. Only the runs' lengths are walked: a page of a long list is not a copy of it.
  static func cards(of runs: [Range<Int>], at positions: Range<Int>? = nil) -> [Int] {
    guard let positions else { return runs.flatMap { $0 } }
    var cards: [Int] = []
    var offset = 0
    for run in runs {
      // The part of `positions` this run holds, as positions in the run.
      let (low, high) = (max(positions.lowerBound, offset), min(positions.upperBound, offset + run.count))
      if low < high { cards += (run.lowerBound + low - offset)..<(run.lowerBound + high - offset) }
      offset += run.count
    }
    return cards
  }

  /// The page card `card` is on, for the fingerprints of pages that link to it; 0 when no column is paged.
  func page(ofCard card: Int) -> Int { pageOfCard.isEmpty ? 0 : Int(pageOfCard[card]) }

  /// A card's print (``BoardTables/cardPrints``) with the page its link leads to mixed in: on a site without task
  /// pages, a card whose page changes changes every page and feed that links it.
  func linkedPrint(_ print: UInt64, ofCard card: Int) -> UInt64 {
    print ^ (UInt64(page(ofCard: card) + 1) &* 0xD6E8_FEB8_6659_FD93)
  }
}

/// The shapes a link to a card takes, numbered, for the feeds and the search index, which write each shape once
/// and a card's number after: by state (its task page, or its column's page), or on a site without task pages
/// whose columns are cut into pages, by state and page (``ColumnPages/cardLinks``).
struct CardLinkSlots: Sendable {
  /// What comes before and after a card's id in its link, by slot.
  let arounds: [SiteAddresses.Around]
  /// Each slot's state.
  let states: [TaskState]
  /// The cut columns on a site without task pages; nil: a slot per state.
  let paged: ColumnPages?
  /// The first slot of each state's pages, by `TaskState.order`.
  private let firsts: [Int]

  init(taskPages: Bool, paged: ColumnPages?) {
    let paged = taskPages ? nil : paged
    self.paged = paged
    if let paged {
      arounds = paged.cardLinks.flatMap { $0 }
      states = TaskState.allCases.flatMap { state in paged.cardLinks[state.order].map { _ in state } }
      firsts = TaskState.allCases.map { state in
        paged.cardLinks[..<state.order].reduce(0) { $0 + $1.count }
      }
    } else {
      arounds = TaskState.allCases.map { SiteAddresses.taskLink($0, taskPages: taskPages) }
      states = TaskState.allCases
      firsts = TaskState.allCases.map(\.order)
    }
  }

  /// The slot of card `card`, which is in `state`'s column.
  func slot(ofCard card: Int, state: TaskState) -> Int {
    firsts[state.order] + (paged?.page(ofCard: card) ?? 0)
  }
}
