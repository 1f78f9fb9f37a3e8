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

  /// Every page's path, template and ``PageContext``: the view model as README documents it, built the plain
  /// way from the `String`s of `board` (the board this renderer's snapshot packs). The parity tests render these
  /// with swift-mustache and compare with ``renderedPages(chunk:)``.
  package func referencePages(of board: Board) -> [(path: String, template: String, context: PageContext)] {
    let shared = SharedBoardData(board: board, today: moment.today)
    var views: [String: LocaleView] = [:]
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
      let content: any TemplateContext
      if plan.isBoard {
        content = BoardContext(
          columns: TaskState.allCases.map { state in
            ColumnContext(
              state: state, label: locale.formatter.label(state),
              cards: shared.columns[state.order].map { CardContext(card: $0, dueText: locale.dueText($0.task.due)) })
          })
      } else {
        content = HistoryContext(
          entries: shared.newestFirst[info.entries].map { EntryContext(data: $0, locale: locale) },
          pageLabel: info.pageLabel, prevHref: info.prevHref, nextHref: info.nextHref)
      }
      return (plan.path, plan.template, PageContext(info: info, catalog: locale.context, page: content))
    }
  }
}
