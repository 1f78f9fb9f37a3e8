import Foundation
import PMBoardCore

/// The column of one published state, `<code>/<state>.html`, "as of" the column's last change: TODO and DOING in
/// board order, DONE newest first (``SiteRenderer/columnPageCards(_:)``). A long column is cut into pages of about
/// `page-cards` cards (``ColumnPages``): the first is `<state>.html`, which shows the column's count and last
/// change; the others, `<state>-K.html`, show their own cards and nothing of the board as a whole, so that a change
/// rewrites the page it lands on and not every later one. A rebuild keeps a page while its words and its cards, in
/// their order, stay the same.
enum ColumnPage: PageKind {
  static let template = "column"

  static func plans(_ site: SiteRenderer, code: String) -> [SiteRenderer.PagePlan] {
    let paging = site.columnPages()
    return TaskState.allCases.filter { site.publish.states.contains($0) }.flatMap { state in
      paging.files[state.order].enumerated().map { page, file in
        SiteRenderer.PagePlan(
          path: site.addresses.inLocale(code, file), code: code, kind: .column(state, page: page))
      }
    }
  }

  static func weight(of plan: SiteRenderer.PagePlan, _ site: SiteRenderer) -> Int {
    let (state, page) = place(of: plan)
    return site.columnPages().pages[state.order][page].count * 3
  }

  static func pageInfo(
    of plan: SiteRenderer.PagePlan, _ site: SiteRenderer, catalog: LocaleCatalog, formatter: LocaleFormatter,
    overdueCount: Int
  ) -> PageInfo {
    let (state, page) = place(of: plan)
    let paging = site.columnPages()
    let files = paging.files[state.order]
    var title = "\(site.snapshot.info.title) · \(formatter.label(state))"
    let number = ColumnPages.number(ofPage: page, count: files.count, state: state)
    if files.count > 1 { title += " · " + formatter.message("pages.page", ["number": String(number)]) }
    var info = site.page(
      .column(state), code: plan.code, formatter: formatter, overdueCount: overdueCount, path: files[page],
      place: .locale, title: title)
    if files.count > 1 { info.pager(page: page, files: files, state: state, formatter: formatter) }
    guard page == 0 else {
      // A later page: its own cards only, so that a change elsewhere in the column leaves it.
      (info.wipLimits, info.isLaterPage) = ([nil, nil, nil], true)
      return site.withNothingOfTheWholeBoard(info)
    }
    if let seconds = site.columnChanges.seconds[state.order] {
      let changed = Date(timeIntervalSince1970: Double(seconds))
      info.asOf = formatter.message("column.changed", ["when": formatter.timestamp(changed)])
      info.asOfISO = Instant.format(changed)
    } else {
      // A column no history entry touched (empty since the history began) is as of today.
      (info.asOf, info.asOfISO) = site.asOfToday(formatter)
    }
    return site.withoutBoardWideWords(info)
  }

  /// Its page-level words (the column's last change, the board's overdue count in the nav, the live dates' day and
  /// due counts, the links; a later page's pager alone) and every card of the page. A change elsewhere on the board
  /// leaves it, and the rebuild keeps the page without rendering it.
  static func keptFingerprint(
    of plan: SiteRenderer.PagePlan, _ site: SiteRenderer, _ prepared: SiteRenderer.Prepared
  ) -> UInt64? {
    let (state, page) = place(of: plan)
    guard var (print, _) = pagePrint(of: plan, site, prepared, label: "column \(state.rawValue) \(page)") else {
      return nil
    }
    let paging = site.columnPages()
    if paging.isPaged(state) {
      let cards = paging.cards(of: state, page: page, starts: site.tables.columnStarts)
      for card in cards { print.add(word: site.cardPrint(Int(card))) }
      print.add(cards.count)
      return print.value
    }
    let column = site.tables.columnStarts[state.order]..<site.tables.columnStarts[state.order + 1]
    let shown = site.columnPageCards(state).shown
    guard state.order < shown.count, !shown[state.order].isEmpty else {
      site.addCards(column, to: &print)
      return print.value
    }
    // DONE's cards in the order the page shows them: a card done again moves without its own print changing.
    for card in shown[state.order] { print.add(word: site.cardPrint(Int(card))) }
    print.add(shown[state.order].count)
    return print.value
  }

  private static func place(of plan: SiteRenderer.PagePlan) -> (state: TaskState, page: Int) {
    guard case .column(let state, let page) = plan.kind else {
      preconditionFailure("not a column page: \(plan.path)")
    }
    return (state, page)
  }
}

extension SiteRenderer {
  /// How the column pages are cut (``ColumnPages``), made once a build.
  func columnPages() -> ColumnPages {
    columnPagesCache.value {
      ColumnPages(
        tables: tables, doneOrder: columnPageCards(.done).shown[TaskState.done.order],
        cuts: PageCuts(size: settings.pageCards), overdueLeads: tables.overdueList(live: liveDates),
        dueSoon: dueSoonCards.list(live: liveDates))
    }
  }

  /// ``columnPages()`` when the site has no task pages and a column has more than one page: card links then lead
  /// to the card's own page; nil otherwise (links lead to task pages, or to the one page of each column).
  func pagedCardLinks() -> ColumnPages? {
    guard !writesTaskPages else { return nil }
    let paging = columnPages()
    return paging.pageOfCard.isEmpty ? nil : paging
  }

  /// The cards of column page `page` of `state` (``ColumnPages``): the whole column when it is one page.
  func columnPageCards(_ state: TaskState, page: Int) -> ColumnCards {
    let paging = columnPages()
    guard paging.isPaged(state) else { return columnPageCards(state) }
    var shown: [[Int32]] = TaskState.allCases.map { _ in [] }
    shown[state.order] = paging.cards(of: state, page: page, starts: tables.columnStarts)
    // The first page counts the whole column; a later one its own cards.
    var counts = TaskState.allCases.map { tables.columnStarts[$0.order + 1] - tables.columnStarts[$0.order] }
    if page > 0 { counts[state.order] = shown[state.order].count }
    return ColumnCards(shown: shown, counts: counts)
  }
}

extension PageInfo {
  /// The links between a long column's pages: the first, the previous and next in reading order, and an index of
  /// the pages around this one (the first and last always), each named by its number (``ColumnPages``).
  mutating func pager(page: Int, files: [String], state: TaskState?, formatter: LocaleFormatter) {
    let count = files.count
    let number = ColumnPages.number(ofPage: page, count: count, state: state)
    pageLabel = formatter.message("pages.page", ["number": String(number)])
    prevHref = page > 0 ? files[page - 1] : nil
    nextHref = page + 1 < count ? files[page + 1] : nil
    firstHref = page > 0 ? files[0] : nil
    let shown = Set([0, count - 1] + Array(max(0, page - 2)...min(count - 1, page + 2)))
    var items: [String] = []
    for index in shown.sorted() {
      if let last = items.last, !last.isEmpty, index > 0, !shown.contains(index - 1) {
        items.append("<li class=\"gap\">…</li>")
      }
      let label = String(ColumnPages.number(ofPage: index, count: count, state: state))
      items.append(
        index == page
          ? "<li><span aria-current=\"page\">\(label)</span></li>"
          : "<li><a href=\"\(files[index])\">\(label)</a></li>")
    }
    pageIndexHTML = "<ol class=\"pages\">" + items.joined() + "</ol>"
  }
}
