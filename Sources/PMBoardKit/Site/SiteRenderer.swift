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

  /// One file of the site and how to render and write it.
  public struct Job: Sendable {
    public var path: String
    public var weight: Int
    public var write: @Sendable (SiteWriter) throws -> Void
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
        code: code, catalog: catalog, formatter: LocaleFormatter(catalog: catalog, timeZone: board.info.timeZone),
        shared: shared)
      let renderer = self
      for atRoot in code == defaultLocale ? [false, true] : [false] {
        let path = atRoot ? "index.html" : "\(code)/index.html"
        jobs.append(
          Job(path: path, weight: board.tasks.count * 3) { writer in
            try renderer.boardPage(shared: shared, locale: locale, atRoot: atRoot) { try writer.write(path, $0) }
          })
      }
      for page in 1...historyPages {
        let path = "\(code)/\(Self.historyFile(page))"
        jobs.append(
          Job(path: path, weight: Self.historyPageSize) { writer in
            try renderer.historyPage(page, of: historyPages, shared: shared, locale: locale) {
              try writer.write(path, $0)
            }
          })
      }
    }
    for (path, file) in theme.assets {
      let bytes = [UInt8](file.data)
      jobs.append(Job(path: "assets/\(path)", weight: 1) { try $0.write("assets/\(path)", bytes) })
    }
    return jobs.sorted { ($0.weight, $1.path) > ($1.weight, $0.path) }
  }

  static func historyFile(_ page: Int) -> String { page == 1 ? "history.html" : "history-\(page).html" }

  private func boardPage(
    shared: SharedBoardData, locale: LocaleView, atRoot: Bool, output: (UnsafeBufferPointer<UInt8>) throws -> Void
  ) throws {
    let columns = TaskState.allCases.map { state in
      ColumnContext(
        state: state, label: locale.formatter.label(state),
        cards: shared.columns[state.order].map { CardContext(card: $0, dueText: locale.dueText($0.task.due)) })
    }
    let context = page(
      locale: locale, shared: shared, path: "index.html", atRoot: atRoot, isBoard: true,
      title: "\(board.info.title) · \(locale.catalog.string("nav.board"))",
      content: BoardContext(columns: columns))
    try theme.templates.withRendered("board", context, output)
  }

  private func historyPage(
    _ number: Int, of count: Int, shared: SharedBoardData, locale: LocaleView,
    output: (UnsafeBufferPointer<UInt8>) throws -> Void
  ) throws {
    let start = min((number - 1) * Self.historyPageSize, shared.newestFirst.count)
    let end = min(start + Self.historyPageSize, shared.newestFirst.count)
    let entries = shared.newestFirst[start..<end].map { EntryContext(data: $0, locale: locale) }
    let label = locale.formatter.message("history.page", ["page": String(number), "pages": String(count)])
    let history = HistoryContext(
      entries: entries, pageLabel: label,
      prevHref: number > 1 ? Self.historyFile(number - 1) : nil,
      nextHref: number < count ? Self.historyFile(number + 1) : nil)
    let context = page(
      locale: locale, shared: shared, path: Self.historyFile(number), atRoot: false, isBoard: false,
      title: "\(board.info.title) · \(locale.catalog.string("nav.history"))" + (count > 1 ? " (\(label))" : ""),
      content: history)
    try theme.templates.withRendered("history", context, output)
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
