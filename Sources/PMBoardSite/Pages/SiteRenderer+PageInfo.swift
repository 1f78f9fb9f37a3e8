import Foundation
import PMBoardCore

extension SiteRenderer {
  /// The page-level values of `plan`'s page in the locale with `catalog` and `formatter`, from which the build
  /// makes the page's ``PageTables``.
  public func pageInfo(
    for plan: PagePlan, catalog: LocaleCatalog, formatter: LocaleFormatter, overdueCount: Int
  ) -> PageInfo {
    let board = snapshot.info.title
    switch plan.kind {
    case .board(let atRoot):
      var info = page(
        code: plan.code, formatter: formatter, overdueCount: overdueCount, path: "index.html",
        place: atRoot ? .root : .locale, title: "\(board) · \(catalog.string("nav.board"))")
      info.isBoard = true
      info.cardLimit = cardLimit
      info.columns = publish.stateList
      return info
    case .history(let page, let count):
      return historyPageInfo(
        page, of: count, file: (plan.path as NSString).lastPathComponent, code: plan.code, catalog: catalog,
        formatter: formatter, overdueCount: overdueCount)
    case .column(let state):
      var info = page(
        code: plan.code, formatter: formatter, overdueCount: overdueCount, path: "\(state.rawValue).html",
        place: .locale, title: "\(board) · \(formatter.label(state))")
      info.column = state
      if let seconds = columnChanges.seconds[state.order] {
        let changed = Date(timeIntervalSince1970: Double(seconds))
        info.asOf = formatter.message("column.changed", ["when": formatter.timestamp(changed)])
        info.asOfISO = Instant.format(changed)
      } else {
        // A column no history entry touched (empty since the history began) is as of today.
        (info.asOf, info.asOfISO) = asOfToday(formatter)
      }
      return withoutBoardWideWords(info)
    case .overdue:
      var info = page(
        code: plan.code, formatter: formatter, overdueCount: overdueCount, path: "overdue.html", place: .locale,
        title: "\(board) · \(catalog.string("nav.overdue"))")
      info.isOverduePage = true
      // Which tasks are overdue changes with the day, not with the hour of the build.
      (info.asOf, info.asOfISO) = asOfToday(formatter)
      return withoutBoardWideWords(info)
    case .task(let number):
      return taskPageInfo(number, code: plan.code, formatter: formatter, overdueCount: overdueCount)
    }
  }

  /// "As of" the build's day, without its hour, and its ISO form.
  private func asOfToday(_ formatter: LocaleFormatter) -> (String, String) {
    (formatter.message("board.as_of", ["when": formatter.longDate(moment.today)]), moment.today.description)
  }

  /// A page kept by a fingerprint of its own content (a task page, an archived history page): nothing of the board
  /// as a whole is offered to its template, which would show it stale (no "as of", summary, overdue count, or the
  /// live dates' day and due counts).
  private func withNothingOfTheWholeBoard(_ info: PageInfo) -> PageInfo {
    var info = info
    (info.asOf, info.asOfISO, info.summary, info.summaryHead, info.summaryTail) = ("", "", "", "", "")
    info.overdueCount = 0
    info.live = info.live.map { LiveDates(today: "", zone: $0.zone, built: nil, dueCounts: "") }
    return info
  }

  /// A column or overdue page shows its own cards, not the board's summary or the build's time, so that it changes
  /// only with them (its nav still counts the board's overdue tasks, which the live-dates script updates).
  private func withoutBoardWideWords(_ info: PageInfo) -> PageInfo {
    var info = info
    (info.summary, info.summaryHead, info.summaryTail) = ("", "", "")
    info.live = info.live.map { LiveDates(today: $0.today, zone: $0.zone, built: nil, dueCounts: $0.dueCounts) }
    return info
  }

  /// A task's page, or the tombstone of a removed one: "removed on …" and the task's own history.
  private func taskPageInfo(_ number: Int, code: String, formatter: LocaleFormatter, overdueCount: Int) -> PageInfo {
    let id = taskPages.ids[number]
    let title: String
    var removed: String?
    if number < taskPages.cardCount {
      title = tables.cardBytes.string(tables.cards[number].title)
    } else {
      let tombstone = taskPages.tombstones[number - taskPages.cardCount]
      title = tombstone.title
      let at = Date(timeIntervalSince1970: Double(tables.entries[Int(tombstone.removal)].utcSeconds))
      removed = formatter.message("task.removed", ["when": formatter.timestamp(at)])
    }
    var info = page(
      code: code, formatter: formatter, overdueCount: overdueCount, path: TaskPageTables.file(id: id), place: .tasks,
      title: "\(title) · \(snapshot.info.title)")
    info.isTaskPage = true
    // Kept from build to build by a fingerprint of its task and history alone.
    info = withNothingOfTheWholeBoard(info)
    info.taskCard = number < taskPages.cardCount ? number : nil
    info.taskTitle = title
    info.removedText = removed
    info.taskEntries = Array(taskPages.entries(ofPage: number))
    return info
  }

  /// Page `number` (counted from the oldest) holds entries `(number - 1) * 1000 ..< number * 1000` oldest first,
  /// shown newest first; `prevHref` leads to newer changes, `nextHref` to older ones. An archived (full, not newest)
  /// page shows nothing that changes with the board: no "as of", no counts.
  private func historyPageInfo(
    _ number: Int, of count: Int, file: String, code: String, catalog: LocaleCatalog, formatter: LocaleFormatter,
    overdueCount: Int
  ) -> PageInfo {
    let label = formatter.message("history.page", ["page": String(number), "pages": String(count)])
    var info = page(
      code: code, formatter: formatter, overdueCount: overdueCount, path: file, place: .locale,
      title: "\(snapshot.info.title) · \(catalog.string("nav.history"))" + (count > 1 ? " (\(label))" : ""))
    info.entries = historyEntries(ofPage: number)
    info.pageLabel = label
    info.isArchive = number < count
    info.prevHref = number < count ? Self.historyFile(number + 1) : nil
    info.nextHref = number > 1 ? Self.historyFile(number - 1) : nil
    // An archive is kept from build to build by a fingerprint of its entries alone.
    return info.isArchive ? withNothingOfTheWholeBoard(info) : info
  }

  /// The entries history page `number` shows, as indices into the tables, which keep history newest first.
  func historyEntries(ofPage number: Int) -> Range<Int> {
    let total = snapshot.historyCount
    let oldest = min((number - 1) * Self.historyPageSize, total)
    let newest = min(oldest + Self.historyPageSize, total)
    return (total - newest)..<(total - oldest)
  }

  /// Where a page sits: the root index, a locale's folder, or its `tasks/` folder.
  private enum Place {
    case root, locale, tasks

    var root: String {
      switch self {
      case .root: ""
      case .locale: "../"
      case .tasks: "../../"
      }
    }
  }

  private func page(
    code: String, formatter: LocaleFormatter, overdueCount: Int, path: String, place: Place, title: String
  ) -> PageInfo {
    let localeDir =
      switch place {
      case .root: "\(code)/"
      case .locale: ""
      case .tasks: "../"
      }
    let links = locales.compactMap { other -> LocaleLink? in
      guard let catalog = theme.catalogs[other] else { return nil }
      let href = place.root + "\(other)/\(path)"
      return LocaleLink(
        code: other, name: catalog.string("locale.name"), href: href,
        url: baseURL.map { "\($0)\(other)/\(path)" } ?? href, current: other == code && place != .root)
    }
    let words = pageWords(formatter: formatter, overdueCount: overdueCount)
    var info = PageInfo(
      lang: code, root: place.root, boardTitle: snapshot.info.title, pageTitle: title,
      asOf: words.asOf, asOfISO: words.asOfISO, offline: words.offline,
      summary: words.summary, boardHref: localeDir + "index.html",
      historyHref: localeDir + "history.html", isBoard: false,
      canonical: place == .root ? (baseURL.map { "\($0)\(code)/index.html" } ?? "\(code)/index.html") : nil,
      locales: links, atomHref: publish.feeds && publish.history != .off ? localeDir + "history.atom" : nil,
      calendarHref: publish.feeds ? calendarHref(code: code, here: localeDir) : nil)
    info.localeDir = localeDir
    info.timeZone = snapshot.info.timeZoneID
    info.overdueCount = overdueCount
    info.hasTaskPages = writesTaskPages
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
  private func calendarHref(code: String, here: String) -> String {
    guard let baseURL, baseURL.lowercased().hasPrefix("https://") else { return here + "calendar.ics" }
    return "webcal://" + baseURL.dropFirst("https://".count) + "\(code)/calendar.ics"
  }
}
