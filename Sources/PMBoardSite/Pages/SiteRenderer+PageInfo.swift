import Foundation
import PMBoardCore

extension SiteRenderer {
  /// The page-level values of `plan`'s page in the locale with `catalog` and `formatter`, from which the build
  /// makes the page's ``PageTables``.
  public func pageInfo(
    for plan: PagePlan, catalog: LocaleCatalog, formatter: LocaleFormatter, overdueCount: Int
  ) -> PageInfo {
    plan.kind.page.pageInfo(of: plan, self, catalog: catalog, formatter: formatter, overdueCount: overdueCount)
  }

  /// "As of" the build's day, without its hour, and its ISO form.
  func asOfToday(_ formatter: LocaleFormatter) -> (String, String) {
    (formatter.message("board.as_of", ["when": formatter.longDate(moment.today)]), moment.today.description)
  }

  /// A page kept by a fingerprint of its own content (a task page, an archived history page): nothing of the board
  /// as a whole is offered to its template, which would show it stale (no "as of", summary, overdue count, or the
  /// live dates' day and due counts). Nor, in its fingerprint, the overdue and due-soon counts its header leaves out:
  /// a task due soon would otherwise re-render every task page.
  func withNothingOfTheWholeBoard(_ info: PageInfo) -> PageInfo {
    var info = info
    (info.asOf, info.asOfISO, info.summary, info.summaryHead, info.summaryTail) = ("", "", "", "", "")
    (info.overdueCount, info.dueSoonCount) = (0, 0)
    info.live = info.live.map { LiveDates(today: "", zone: $0.zone, built: nil, dueCounts: "") }
    return info
  }

  /// A column or overdue page shows its own cards, not the board's summary or the build's time, so that it changes
  /// only with them (its nav still counts the board's overdue tasks, which the live-dates script updates).
  func withoutBoardWideWords(_ info: PageInfo) -> PageInfo {
    var info = info
    (info.summary, info.summaryHead, info.summaryTail) = ("", "", "")
    info.live = info.live.map { LiveDates(today: $0.today, zone: $0.zone, built: nil, dueCounts: $0.dueCounts) }
    return info
  }

  /// Where a page sits: the root index, a locale's folder, or its `tasks/` folder.
  enum Place {
    case root, locale, tasks

    var root: String {
      switch self {
      case .root: ""
      case .locale: "../"
      case .tasks: "../../"
      }
    }
  }

  /// What every page says alike, for a page of `kind` and `place` at `path` in its locale's folder: the page kinds
  /// start from it and add their own values. The kind is required: a page cannot be made without saying what it is.
  func page(
    _ kind: PageInfo.Kind, code: String, formatter: LocaleFormatter, overdueCount: Int, path: String, place: Place,
    title: String
  ) -> PageInfo {
    let localeDir =
      switch place {
      case .root: "\(code)/"
      case .locale: ""
      case .tasks: "../"
      }
    let links = locales.compactMap { other -> LocaleLink? in
      guard let catalog = theme.catalogs[other] else { return nil }
      let href = place.root + SiteAddresses.locale(other, path)
      return LocaleLink(
        code: other, name: catalog.string("locale.name"), href: href,
        url: baseURL.map { $0 + SiteAddresses.locale(other, path) } ?? href, current: other == code && place != .root)
    }
    let words = pageWords(formatter: formatter, overdueCount: overdueCount)
    let hrefs = place == .root ? PageHrefs(localeDir: localeDir) : place == .locale ? .inLocale : .belowLocale
    var info = PageInfo(
      lang: code, root: place.root, boardTitle: snapshot.info.title, pageTitle: title,
      asOf: words.asOf, asOfISO: words.asOfISO, offline: words.offline,
      summary: words.summary, boardHref: hrefs.board, historyHref: hrefs.history, kind: kind,
      canonical: place == .root ? (baseURL ?? "") + SiteAddresses.locale(code, SiteAddresses.board) : nil,
      locales: links, atomHref: publish.feeds && publish.history != .off ? hrefs.changeFeed : nil,
      calendarHref: publish.feeds ? calendarHref(code: code, here: localeDir) : nil)
    info.localeDir = localeDir
    info.overdueHref = hrefs.overdue
    info.columnHrefs = hrefs.columns
    if !tables.cardNames.names.isEmpty { info.namesHref = hrefs.names }
    if publishesInsights { info.insightsHref = hrefs.insights }
    if dueSoon > 0 {
      (info.dueSoonHref, info.dueSoonCount, info.dueSoonDays) = (hrefs.dueSoon, dueSoonCards.count, dueSoon)
    }
    if kind == .board || info.column != nil { info.wipLimits = wipLimits }
    info.timeZone = snapshot.info.timeZoneID
    info.overdueCount = overdueCount
    info.hasTaskPages = writesTaskPages
    info.hasSearch = publish.search
    (info.summaryHead, info.summaryTail) = (words.summaryHead, words.summaryTail)
    if liveDates {
      info.live = LiveDates(
        today: moment.today.description, zone: snapshot.info.timeZoneID,
        built: moment.asOf.map(Instant.format), dueCounts: dueCountsJSON)
    }
    return info
  }

  /// What every page of a locale says alike: "as of", the summary, the offline note. Formatted once per build and
  /// locale (a site has a page per task and locale), and again only for a caller's other formatter or count.
  func pageWords(formatter: LocaleFormatter, overdueCount: Int) -> PageWords {
    if let words = pageWordsCache[formatter.catalog.code], overdueCount == words.overdueCount { return words }
    return PageWords(formatter: formatter, snapshot: snapshot, moment: moment, overdueCount: overdueCount)
  }

  /// `webcal://` makes a phone offer to subscribe; it needs the absolute https address.
  /// `file` is the calendar's path in the locale's folder; `here` leads there from the page.
  func calendarHref(code: String, here: String, file: String = SiteAddresses.calendar) -> String {
    guard let baseURL, baseURL.lowercased().hasPrefix("https://") else { return here + file }
    return "webcal://" + baseURL.dropFirst("https://".count) + SiteAddresses.locale(code, file)
  }
}

/// The links every page has to the locale's own pages, from a page whose way to its locale's folder is `localeDir`.
/// Made once for the pages in a locale's folder and the pages one folder below it (task and name pages: 300,000 on a
/// big board), so that a page copies them rather than joining a dozen strings.
struct PageHrefs: Sendable {
  let board: String
  let history: String
  let overdue: String
  let names: String
  let insights: String
  let dueSoon: String
  let changeFeed: String
  /// Each column's page, by `TaskState.order`.
  let columns: [String]

  init(localeDir: String) {
    board = localeDir + SiteAddresses.board
    history = localeDir + SiteAddresses.history
    overdue = localeDir + SiteAddresses.overdue
    names = localeDir + SiteAddresses.names
    insights = localeDir + SiteAddresses.insights
    dueSoon = localeDir + SiteAddresses.dueSoon
    changeFeed = localeDir + SiteAddresses.changeFeed
    columns = TaskState.allCases.map { localeDir + SiteAddresses.column($0) }
  }

  static let inLocale = PageHrefs(localeDir: "")
  static let belowLocale = PageHrefs(localeDir: "../")
}
