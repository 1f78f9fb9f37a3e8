import Foundation

/// The "render pages per locale" stage: builds view models from the board and renders each page with the
/// checked templates. Work shared by all locales (sorting, local times) is done once; pages are independent
/// jobs so the builder can run them on every core.
public struct SiteRenderer: Sendable {
  public static let historyPageSize = 1000

  public var board: Board
  public var theme: TemplateChecker.Checked
  public var locales: [String]
  public var defaultLocale: String
  public var today: CalendarDate
  /// The instant shown as "as of", or nil to show `today` only (reproducible builds with `--today`).
  public var asOf: Date?
  public var baseURL: String?

  /// One file of the site and how to make its bytes.
  public struct Job: Sendable {
    public var path: String
    public var weight: Int
    public var make: @Sendable () -> [UInt8]
  }

  public init(
    board: Board, theme: TemplateChecker.Checked, locales: [String], defaultLocale: String, today: CalendarDate,
    asOf: Date?, baseURL: String?
  ) {
    self.board = board
    self.theme = theme
    self.locales = locales
    self.defaultLocale = defaultLocale
    self.today = today
    self.asOf = asOf
    self.baseURL = baseURL.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
  }

  /// Every file of the site, largest first.
  public func jobs() -> [Job] {
    let shared = SharedBoardData(board: board, today: today)
    let historyPages = max(1, (board.history.count + Self.historyPageSize - 1) / Self.historyPageSize)
    var jobs: [Job] = []
    for code in locales {
      guard let catalog = theme.catalogs[code] else { continue }
      let locale = LocaleView(
        code: code, catalog: catalog, formatter: LocaleFormatter(catalog: catalog, timeZone: board.info.timeZone))
      let renderer = self
      jobs.append(
        Job(path: "\(code)/index.html", weight: board.tasks.count * 3) {
          renderer.boardPage(shared: shared, locale: locale, atRoot: false)
        })
      if code == defaultLocale {
        jobs.append(
          Job(path: "index.html", weight: board.tasks.count * 3) {
            renderer.boardPage(shared: shared, locale: locale, atRoot: true)
          })
      }
      for page in 1...historyPages {
        jobs.append(
          Job(path: "\(code)/\(Self.historyFile(page))", weight: Self.historyPageSize) {
            renderer.historyPage(page, of: historyPages, shared: shared, locale: locale)
          })
      }
    }
    for (path, file) in theme.assets {
      let bytes = [UInt8](file.data)
      jobs.append(Job(path: "assets/\(path)", weight: 1) { bytes })
    }
    return jobs.sorted { ($0.weight, $1.path) > ($1.weight, $0.path) }
  }

  static func historyFile(_ page: Int) -> String { page == 1 ? "history.html" : "history-\(page).html" }

  private func boardPage(shared: SharedBoardData, locale: LocaleView, atRoot: Bool) -> [UInt8] {
    var dueTexts: [CalendarDate: String] = [:]
    let columns = TaskState.allCases.map { state in
      ColumnContext(
        state: state, label: locale.formatter.label(state),
        cards: shared.columns[state.order].map { task in
          let text: String
          if let due = task.due {
            if let cached = dueTexts[due] {
              text = cached
            } else {
              text = locale.formatter.longDate(due)
              dueTexts[due] = text
            }
          } else {
            text = ""
          }
          return CardContext(
            task: task, dueText: text, overdue: task.isOverdue(today: today),
            dueToday: task.state != .done && task.due == today)
        })
    }
    let context = page(
      locale: locale, shared: shared, path: atRoot ? "index.html" : "index.html", atRoot: atRoot, isBoard: true,
      title: "\(board.info.title) · \(locale.catalog.string("nav.board"))",
      content: BoardContext(columns: columns))
    var out: [UInt8] = []
    out.reserveCapacity(4096 + board.tasks.count * 700)
    theme.templates.render("board", context, into: &out)
    return out
  }

  private func historyPage(_ number: Int, of count: Int, shared: SharedBoardData, locale: LocaleView) -> [UInt8] {
    let start = (number - 1) * Self.historyPageSize
    let slice = shared.newestFirst[min(start, shared.newestFirst.count)..<min(
      start + Self.historyPageSize, shared.newestFirst.count)]
    var dates: [Int: String] = [:]
    let entries = slice.map { item in
      EntryContext(
        action: item.entry.action, at: Instant.format(item.entry.at),
        timeText: locale.formatter.timestamp(localSeconds: item.localSeconds, dateCache: &dates),
        sentence: locale.formatter.sentence(item.entry))
    }
    let label = locale.formatter.message("history.page", ["page": String(number), "pages": String(count)])
    let history = HistoryContext(
      entries: Array(entries), pageLabel: label,
      prevHref: number > 1 ? Self.historyFile(number - 1) : nil,
      nextHref: number < count ? Self.historyFile(number + 1) : nil)
    let context = page(
      locale: locale, shared: shared, path: Self.historyFile(number), atRoot: false, isBoard: false,
      title: "\(board.info.title) · \(locale.catalog.string("nav.history"))" + (count > 1 ? " (\(label))" : ""),
      content: history)
    var out: [UInt8] = []
    out.reserveCapacity(4096 + slice.count * 300)
    theme.templates.render("history", context, into: &out)
    return out
  }

  private func page(
    locale: LocaleView, shared: SharedBoardData, path: String, atRoot: Bool, isBoard: Bool, title: String,
    content: any TemplateContext
  ) -> PageContext {
    let root = atRoot ? "" : "../"
    let here = atRoot ? "\(locale.code)/" : ""
    let links = locales.compactMap { code -> LocaleLink? in
      guard let catalog = theme.catalogs[code] else { return nil }
      let href = atRoot ? "\(code)/index.html" : "../\(code)/\(path)"
      return LocaleLink(
        code: code, name: catalog.string("locale.name"), href: href,
        url: baseURL.map { "\($0)\(code)/\(path)" } ?? href, current: code == locale.code && !atRoot)
    }
    let when: String
    let whenISO: String
    if let asOf {
      when = locale.formatter.timestamp(asOf)
      whenISO = Instant.format(asOf)
    } else {
      when = locale.formatter.longDate(today)
      whenISO = today.description
    }
    let summary = locale.formatter.message(
      "board.summary", ["total": String(board.tasks.count), "overdue": String(shared.overdueCount)])
    return PageContext(
      lang: locale.code, catalog: locale.context, root: root, boardTitle: board.info.title, pageTitle: title,
      asOf: locale.formatter.message("board.as_of", ["when": when]), asOfISO: whenISO, summary: summary,
      boardHref: here + "index.html", historyHref: here + "history.html", isBoard: isBoard,
      canonical: atRoot ? (baseURL.map { "\($0)\(locale.code)/index.html" } ?? "\(locale.code)/index.html") : nil,
      locales: links, page: content)
  }
}

/// One locale's catalog, formatter and template view of the catalog.
struct LocaleView: Sendable {
  var code: String
  var catalog: LocaleCatalog
  var formatter: LocaleFormatter
  var context: CatalogContext

  init(code: String, catalog: LocaleCatalog, formatter: LocaleFormatter) {
    self.code = code
    self.catalog = catalog
    self.formatter = formatter
    context = CatalogContext(catalog)
  }
}

/// What every locale needs, computed once: columns in board order, history newest first with wall-clock times.
final class SharedBoardData: Sendable {
  let columns: [[BoardTask]]
  let newestFirst: [(entry: HistoryEntry, localSeconds: Int)]
  let overdueCount: Int

  init(board: Board, today: CalendarDate) {
    var columns: [[BoardTask]] = [[], [], []]
    for task in board.tasks { columns[task.state.order].append(task) }
    self.columns = columns.map { $0.sorted(by: BoardOrder.withinColumn) }
    overdueCount = board.tasks.count(where: { $0.isOverdue(today: today) })
    let zone = board.info.timeZone
    // Offsets change only at DST transitions; cache them per hour instead of asking the time zone 300,000 times.
    var offsets: [Int: Int] = [:]
    newestFirst = board.history.reversed().map { entry in
      let seconds = Int(entry.at.timeIntervalSince1970.rounded(.down))
      let hour = seconds >= 0 ? seconds / 3600 : (seconds - 3599) / 3600
      let offset: Int
      if let cached = offsets[hour] {
        offset = cached
      } else {
        offset = zone.secondsFromGMT(for: entry.at)
        offsets[hour] = offset
      }
      return (entry, seconds + offset)
    }
  }
}
