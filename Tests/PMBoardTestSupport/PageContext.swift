import PMBoardCore
import PMBoardMustache
import PMBoardSite

/// The variables every page template gets, as docs/theming.md documents them: language, catalog, links, the board's
/// title and "as of" line. Page-specific contexts (board columns, history entries) sit on top of it on the context
/// stack. The values are the build's own ``PageInfo``, so this reference differs from the fast model only in how
/// it answers names, which is what the parity tests check.
package struct PageContext: TemplateContext {
  package var info: PageInfo
  package var catalog: CatalogContext
  /// The page's own variables (columns, entries, pager…).
  package var page: any TemplateContext

  package init(info: PageInfo, catalog: CatalogContext, page: any TemplateContext) {
    self.info = info
    self.catalog = catalog
    self.page = page
  }

  package func templateValue(forKey key: String) -> TemplateValue? {
    switch key {
    case "lang": .text(info.lang)
    case "t": .object(catalog)
    case "root": .text(info.root)
    case "boardTitle": .text(info.boardTitle)
    case "pageTitle": .text(info.pageTitle)
    case "asOf": .text(info.asOf)
    case "asOfISO": .text(info.asOfISO)
    case "offline": info.offline.map(TemplateValue.text) ?? .bool(false)
    case "summary": .text(info.summary)
    case "boardHref": .text(info.boardHref)
    case "historyHref": .text(info.historyHref)
    case "isBoard": .bool(info.isBoard)
    case "isArchive": .bool(info.isArchive)
    case "isHistory": .bool(info.isHistory)
    case "canonical": info.canonical.map(TemplateValue.text) ?? .bool(false)
    case "atomHref": info.atomHref.map(TemplateValue.text) ?? .bool(false)
    case "calendarHref": info.calendarHref.map(TemplateValue.text) ?? .bool(false)
    case "locales": .list(info.locales)
    case "localeDir": .text(info.localeDir)
    case "overdueHref": .text(info.localeDir + SiteAddresses.overdue)
    case "timeZone": .text(info.timeZone)
    case "overdueCount": .number(info.overdueCount)
    case "hasOverdue": .bool(info.overdueCount > 0)
    case "isOverduePage": .bool(info.isOverduePage)
    case "isTaskPage": .bool(info.isTaskPage)
    case "hasTaskPages": .bool(info.hasTaskPages)
    case "hasSearch": .bool(info.hasSearch)
    case "isColumnPage": .bool(info.column != nil)
    case "showsSummary": .bool(info.showsSummary)
    case "taskTitle": .text(info.taskTitle)
    case "isRemoved": .bool(info.isTaskPage && info.taskCard == nil)
    case "removedText": info.removedText.map(TemplateValue.text) ?? .bool(false)
    case "summaryHead": .text(info.summaryHead)
    case "summaryTail": .text(info.summaryTail)
    case "namesHref": info.namesHref.map(TemplateValue.text) ?? .bool(false)
    case "heading": .text(info.heading)
    case "isNameIndex": .bool(info.isNameIndex)
    case "isNamePage": .bool(info.isNamePage)
    case "insights": .text(info.insightsHTML)
    case "progress": info.progressHTML.map(TemplateValue.text) ?? .bool(false)
    case "insightsHref": info.insightsHref.map(TemplateValue.text) ?? .bool(false)
    case "isInsights": .bool(info.isInsights)
    case "dueSoonHref": info.dueSoonHref.map(TemplateValue.text) ?? .bool(false)
    case "dueSoonCount": .number(info.dueSoonCount)
    case "hasDueSoon": .bool(info.dueSoonCount > 0)
    case "isDueSoonPage": .bool(info.isDueSoonPage)
    case "dueSoonDays": .number(info.dueSoonDays)
    default: liveValue(forKey: key) ?? pagerValue(forKey: key) ?? page.templateValue(forKey: key)
    }
  }

  /// A long column's or overdue list's page: its number and the links to the others (history pages' come from
  /// the same ``PageInfo`` fields).
  private func pagerValue(forKey key: String) -> TemplateValue? {
    switch key {
    case "pageLabel": .text(info.pageLabel)
    case "hasPager": .bool(info.prevHref != nil || info.nextHref != nil)
    case "prevHref": info.prevHref.map(TemplateValue.text) ?? .bool(false)
    case "nextHref": info.nextHref.map(TemplateValue.text) ?? .bool(false)
    case "firstHref": info.firstHref.map(TemplateValue.text) ?? .bool(false)
    case "pageIndex": .text(info.pageIndexHTML)
    default: nil
    }
  }

  private func liveValue(forKey key: String) -> TemplateValue? {
    switch key {
    case "live": .bool(info.live != nil)
    case "liveToday": info.live.map { .text($0.today) } ?? .bool(false)
    case "liveZone": info.live.map { .text($0.zone) } ?? .bool(false)
    case "liveBuilt": info.live?.built.map(TemplateValue.text) ?? .bool(false)
    case "dueCounts": info.live.map { .text($0.dueCounts) } ?? .bool(false)
    default: nil
    }
  }

  package var templateKeys: [String] {
    [
      "lang", "t", "root", "boardTitle", "pageTitle", "asOf", "asOfISO", "offline", "summary", "boardHref",
      "historyHref", "isBoard", "isHistory", "isArchive", "canonical", "locales", "atomHref", "calendarHref",
      "localeDir", "timeZone", "overdueCount", "hasOverdue", "isOverduePage", "isTaskPage", "hasTaskPages",
      "isColumnPage", "showsSummary", "hasSearch",
      "taskTitle", "isRemoved", "removedText", "summaryHead", "summaryTail", "live", "liveToday", "liveZone",
      "liveBuilt", "dueCounts", "namesHref", "heading", "isNameIndex", "isNamePage", "insights", "insightsHref",
      "isInsights", "progress", "dueSoonHref", "dueSoonCount", "hasDueSoon", "isDueSoonPage", "dueSoonDays",
      "overdueHref", "pageLabel", "hasPager", "prevHref", "nextHref", "firstHref", "pageIndex",
    ] + page.templateKeys
  }
}

/// A language switcher entry as the reference templates see it; the build reads the same fields as bytes.
extension LocaleLink: TemplateContext {
  public func templateValue(forKey key: String) -> TemplateValue? {
    switch key {
    case "code": .text(code)
    case "name": .text(name)
    case "href": .text(href)
    case "url": .text(url)
    case "current": .bool(current)
    default: nil
    }
  }

  public var templateKeys: [String] { ["code", "name", "href", "url", "current"] }
}
