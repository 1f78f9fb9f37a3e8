import PMBoardCore
import PMBoardMustache
import PMBoardSite

extension SiteRenderer {
  /// Every page's path, template and bytes as ``jobs()`` renders them (the root index copying from its twin);
  /// with `chunk`, streamed in pieces of that size and put back together.
  package func renderedPages(chunk: Int? = nil) -> [(path: String, template: String, bytes: [UInt8])] {
    var pages: [String: [UInt8]] = [:]
    // The sink only collects bytes; a render that goes too deep leaves the pages from there on empty (the tests
    // use themes that render).
    try? renderPages(chunk: chunk ?? .max) { path, produce in
      var bytes: [UInt8] = []
      produce(
        { $0.withUnsafeBufferPointer { bytes.append(contentsOf: $0) } },
        { source, range in bytes.append(contentsOf: pages[source, default: []][range]) })
      pages[path] = bytes
    }
    return pagePlans().map { ($0.path, $0.template, pages[$0.path, default: []]) }
  }

  /// Every page's path, template and ``PageContext``: the view model as docs/theming.md documents it, built the plain
  /// way from the `String`s of `board` (the board this renderer's snapshot packs). The parity tests render these
  /// with swift-mustache and compare with ``renderedPages(chunk:)``.
  package func referencePages(of board: Board) -> [(path: String, template: String, context: PageContext)] {
    let shared = SharedBoardData(board: board, today: moment.today, orderBy: settings.orderBy)
    var views: [String: LocaleView] = [:]
    let columnPages = referenceColumnPages(shared)
    return pagePlans().compactMap { plan in
      guard let catalog = theme.catalogs[plan.code] else { return nil }
      let locale =
        views[plan.code]
        ?? LocaleView(
          code: plan.code, catalog: catalog,
          formatter: LocaleFormatter(catalog: catalog, timeZone: board.info.timeZone), shared: shared)
      views[plan.code] = locale
      let info = pageInfo(
        for: plan, catalog: catalog, formatter: locale.formatter, overdueCount: shared.overdueCount)
      let content = pageContent(plan, info: info, shared: shared, locale: locale, columnPages: columnPages)
      return (plan.path, plan.template, PageContext(info: info, catalog: locale.context, page: content))
    }
  }

  /// The plain contexts of one page's own variables.
  private func pageContent(
    _ plan: PagePlan, info: PageInfo, shared: SharedBoardData, locale: LocaleView, columnPages: ReferenceColumnPages
  ) -> any TemplateContext {
    func card(_ data: CardData) -> CardContext {
      var context = CardContext(
        card: data, dueText: locale.dueText(data.task.due), label: locale.formatter.label(data.task.state),
        cutsExcerpts: writesTaskPages)
      context.doneText = locale.dueText(data.doneDay)
      (context.nameCounts, context.nameFields) = (shared.nameCounts, shared.nameFields)
      context.valueFields = shared.valueFields
      context.pageLang = plan.code
      (context.localeDir, context.taskPages) = (info.localeDir, writesTaskPages)
      if !writesTaskPages { context.pageFile = columnPages.files[data.id] }
      if aging > 0, let days = data.daysInDoing, days >= aging { context.agedText = locale.formatter.aging(days: days) }
      if dueSoon > 0, data.task.state != .done, let due = data.task.due {
        let days = due.daysSinceEpoch - moment.today.daysSinceEpoch
        if (1...dueSoon).contains(days) { context.dueSoonText = locale.formatter.dueSoon(days: days) }
      }
      return context
    }
    func column(_ state: TaskState, limit: Int?) -> ColumnContext {
      var context = ColumnContext(
        state: state, label: locale.formatter.label(state), cards: shared.columns[state.order].map(card), limit: limit)
      if limit != nil { context.leadNote = info.leadNotes[state.order] }
      context.today = moment.today
      context.wipLimit = info.wipLimits[state.order]
      context.columnTotal = shared.columns[state.order].count
      context.localeDir = info.localeDir
      return context
    }
    func entry(_ data: EntryData) -> EntryContext {
      EntryContext(
        data: data, locale: locale,
        hasTask: writesTaskPages && !info.isTaskPage
          && shared.taskPageIDs.contains(data.entry.taskID.lowercaseString), localeDir: info.localeDir,
        onHistoryPage: info.isHistory)
    }
    switch plan.kind {
    case .board:
      let columns = info.columns.map { column($0, limit: cardLimit) }
      return BoardContext(
        columns: columns,
        lanes: LaneContext.lanes(groupBy: settings.groupBy, fields: shared.nameFields, columns: columns, info: info))
    case .history:
      return HistoryContext(
        entries: shared.newestFirst[info.entries].map(entry), pageLabel: info.pageLabel, prevHref: info.prevHref,
        nextHref: info.nextHref)
    case .column(let state, let page):
      var context = column(state, limit: nil)
      let pages = columnPages.pages[state.order]
      if pages.count > 1 { (context.page, context.isFirstPage) = (pages[page], page == 0) }
      return ColumnPageContext(column: context)
    case .overdue(let page):
      // With live dates, every open card with a due date: the script shows those a later day makes overdue.
      let listed: (CardData) -> Bool = { info.live == nil ? $0.overdue : $0.task.state != .done && $0.task.due != nil }
      let all = Array(shared.columns.joined().filter(listed))
      // A long list in pages, cut as a long column is.
      let pages = PageCuts(size: settings.pageCards).pages(count: all.count) { ReferenceColumnPages.mark(all[$0].id) }
      return OverdueContext(cards: (pages.count > 1 ? Array(all[pages[page]]) : all).map(card))
    case .task(let page):
      let id = taskPages.id(ofPage: page)
      let task = shared.columns.joined().first { $0.id == id }
      return TaskContext(
        task: task.map(card), entries: shared.newestFirst.filter { $0.entry.taskID.lowercaseString == id }.map(entry))
    case .names:
      return NameIndexContext(
        counts: shared.nameCounts, fields: shared.nameFields, localeDir: info.localeDir, code: plan.code)
    case .dueSoon(let page):
      // With live dates, every open card due after today: the script shows those a later day brings near.
      let listed: (CardData) -> Bool = { data in
        guard data.task.state != .done, let due = data.task.due else { return false }
        let days = due.daysSinceEpoch - moment.today.daysSinceEpoch
        return info.live == nil ? (1...max(1, dueSoon)).contains(days) && dueSoon > 0 : days >= 1
      }
      let all = Array(shared.columns.joined().filter(listed))
      let pages = PageCuts(size: settings.pageCards).pages(count: all.count) { ReferenceColumnPages.mark(all[$0].id) }
      return DueSoonContext(cards: (pages.count > 1 ? Array(all[pages[page]]) : all).map(card))
    case .milestones:
      // Page-level HTML only (`progress`), which `MilestoneProgress` writes for both models.
      return PageLevelContext()
    case .insights:
      // The charts are page-level HTML (`insights`); Tests/Scripts/check_insights.py recomputes their numbers.
      return InsightsContext(pageLabel: info.pageLabel)
    case .search:
      // Page-level words and links only: the results are search.js's.
      return PageLevelContext()
    case .name(let index):
      let name = tables.cardNames.names[Int(index)]
      let text = tables.cardNames.bytes.string(name.text)
      return BoardContext(
        columns: ColumnContext.ofName(
          text, field: tables.cardNames.fields[name.field], columns: info.columns.map { column($0, limit: cardLimit) }))
    }
  }
}

/// The insights page's own variable: the weeks it covers (`pageLabel`, as history pages name theirs).
package struct InsightsContext: TemplateContext {
  package var pageLabel: String

  package func templateValue(forKey key: String) -> TemplateValue? {
    key == "pageLabel" ? .text(pageLabel) : nil
  }

  package var templateKeys: [String] { ["pageLabel"] }
}

/// A page with nothing of its own but page-level values: the search page (search.js lists the results) and the
/// milestones index (its progress is page-level HTML).
package struct PageLevelContext: TemplateContext {
  package func templateValue(forKey key: String) -> TemplateValue? { nil }
  package var templateKeys: [String] { [] }
}

/// The due-soon page: its cards in board order.
package struct DueSoonContext: TemplateContext {
  package var cards: [CardContext]

  package func templateValue(forKey key: String) -> TemplateValue? {
    key == "dueSoonCards" ? .list(cards) : nil
  }

  package var templateKeys: [String] { ["dueSoonCards"] }
}

extension SiteRenderer {
  /// The column pages' cuts the plain way: each column's cards in reading order, whatever the page shows them with.
  fileprivate func referenceColumnPages(_ shared: SharedBoardData) -> ReferenceColumnPages {
    let columns = TaskState.allCases.map { state in
      ColumnContext(
        state: state, label: "",
        cards: shared.columns[state.order].map { CardContext(card: $0, dueText: "", label: "", cutsExcerpts: false) },
        limit: nil, today: moment.today)
    }
    return ReferenceColumnPages(columns: columns, size: settings.pageCards)
  }
}
