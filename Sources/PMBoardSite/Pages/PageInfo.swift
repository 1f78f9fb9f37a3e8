import PMBoardCore

/// The page-level values of one page, before they become ``PageTables`` (the build) or the tests' reference view
/// model; one source for both, so the two cannot disagree on what a page says.
public struct PageInfo: Sendable, Encodable {
  public var lang: String
  /// Relative path from the page back to the site root: "" or "../".
  public var root: String
  public var boardTitle: String
  public var pageTitle: String
  public var asOf: String
  public var asOfISO: String
  /// "offline copy, last synced …" when the board comes from a replica that may be stale.
  public var offline: String?
  public var summary: String
  public var boardHref: String
  public var historyHref: String
  /// What the page is: every flag a template reads about it (`isBoard`, `isHistory`, `isColumnPage`, …) is derived
  /// from this, so a new kind of page is a case the compiler makes every switch handle, never a page that reads as
  /// another kind.
  public var kind: Kind
  public var canonical: String?
  public var locales: [LocaleLink]
  /// The locale's change feed, relative to the page; nil when feeds or history are not published.
  public var atomHref: String?
  /// The locale's calendar: `webcal://` under an https `--base-url`, else relative; nil without feeds.
  public var calendarHref: String?
  /// History pages only: the label, the pager, and which entries (newest first) the page shows.
  public var pageLabel = ""
  public var prevHref: String?
  public var nextHref: String?
  /// A page of a long list (the overdue list): the positions in it the page shows; nil for the whole list.
  public var listItems: Range<Int>?
  /// A long column's page after its first (``ColumnPages``): an archive, as far as the templates are concerned.
  public var isLaterPage = false
  /// A later page of a long column: its first page (``ColumnPages``).
  public var firstHref: String?
  /// A long column's page: the index of its pages around this one, as HTML (numbers and file names only).
  public var pageIndexHTML = ""
  public var entries = 0..<0

  /// The way from this page to its locale's folder: "" on a locale's pages, "en/" on the root index, "../" on a
  /// task page. Links to task, column and overdue pages start with it.
  public var localeDir = ""
  /// The overdue page, from this page.
  public var overdueHref = ""
  /// Each column's page, from this page, by `TaskState.order`: a column's and a card's `columnHref`.
  public var columnHrefs = ["", "", ""]
  /// The board's time zone (an IANA name), which history times are read in.
  public var timeZone = ""
  public var overdueCount = 0
  /// How many cards a board column shows before "Show all"; nil shows every card (a column page).
  public var cardLimit: Int?
  /// The board page's columns: the states `publish:` publishes, in board order. A left-out column is not shown at
  /// all, where an empty one would say it has no tasks.
  public var columns = TaskState.allCases
  /// The due-soon page, from this page, and how many open tasks are due soon; nil without a window.
  public var dueSoonHref: String?
  public var dueSoonCount = 0
  /// How many days ahead count as soon (`due-soon`).
  public var dueSoonDays = 0
  /// Work-in-progress limits by column (`TaskState.order`), on the board and column pages only.
  public var wipLimits: [Int?] = [nil, nil, nil]
  /// The index of labels and people, from this page; nil when no task has a label or an assignee.
  public var namesHref: String?
  /// The insights page, from this page; nil when the history is not published.
  public var insightsHref: String?
  /// The insights page's charts and tables, as HTML (``InsightsCharts``).
  public var insightsHTML = ""
  /// A milestone's page: its progress and burn-up chart, as HTML (``MilestoneProgress``); nil on other pages.
  public var progressHTML: String?
  /// A name page's heading ("Label “bug”") and its name (an index into ``CardNames/names``).
  public var heading = ""
  public var name: Int32?
  /// The board page's line above each capped column (by `TaskState.order`; empty for one shown whole).
  public var leadNotes = ["", "", ""]
  /// A grouped board page (`group-by`): each lane's lines above its capped columns, as ``leadNotes``, and the
  /// heading of the lane of cards without a value ("No priority"); empty without lanes.
  public var laneLeadNotes: [[String]] = []
  public var noValueLane = ""
  /// A task page: the card's index in board order, or nil for a removed task's tombstone.
  public var taskCard: Int?
  /// Whether the site has task pages to link to (`task-pages`).
  public var hasTaskPages = true
  /// The search field (``SearchIndex``).
  public var hasSearch = false
  /// A task page's title (for a tombstone, the title it had when removed) and, on a tombstone, when it went.
  public var taskTitle = ""
  public var removedText: String?
  /// A task page's history entries, as indices into the history newest first.
  public var taskEntries: [Int32] = []
  /// `live-dates: true`: what the script reads from the page's `<body>`.
  public var live: LiveDates?
  /// The summary around its overdue number, so the number can sit in an element the live-dates script updates.
  public var summaryHead = ""
  public var summaryTail = ""

  /// The kinds of page a site has.
  public enum Kind: Sendable, Equatable, Encodable {
    case board
    case column(TaskState)
    case overdue
    /// A page of the history; `archive` for a full page that is not the newest, which says nothing that changes
    /// with the board.
    case history(archive: Bool)
    case task
    /// The index of labels and people, `<code>/labels.html`.
    case names
    /// One name's page: a label's, a person's, a declared field's option or name; `field` is its field's key.
    case name(field: String)
    /// The index of milestones, `<code>/milestones.html`.
    case milestones
    /// The insights page, `<code>/insights.html`.
    case insights
    /// The due-soon list, `<code>/due-soon.html`.
    case dueSoon
    /// The search page, `<code>/search.html`.
    case search
  }

  public var isBoard: Bool { kind == .board }
  /// A column page's column.
  public var column: TaskState? {
    if case .column(let state) = kind { return state }
    return nil
  }
  public var isOverduePage: Bool { kind == .overdue }
  /// A page of the history (not the board, a column, the overdue list or a task).
  public var isHistory: Bool {
    if case .history = kind { return true }
    return false
  }
  /// A page kept by a fingerprint of its own content, which shows nothing of the board as a whole (no "as of", no
  /// counts in the nav, no live dates' day): a full, older history page, or a later page of a long column.
  public var isArchive: Bool { kind == .history(archive: true) || isLaterPage }
  public var isTaskPage: Bool { kind == .task }
  public var isNameIndex: Bool { kind == .names }
  public var isInsights: Bool { kind == .insights }
  public var isDueSoonPage: Bool { kind == .dueSoon }
  public var isNamePage: Bool {
    if case .name = kind { return true }
    return false
  }

  /// A page that shows the whole board's summary and the build's time: a board page or the newest history page.
  /// The others show what they hold (a column's last change, the day) or nothing, so that they change only with it.
  public var showsSummary: Bool { isBoard || (isHistory && !isArchive) }
}

/// The values the optional live-dates script reads from a page.
public struct LiveDates: Sendable, Encodable {
  /// The build's today on the board's wall clock, `YYYY-MM-DD`.
  public var today: String
  public var zone: String
  /// The build's instant, absent for a build pinned with `--today` (no "updated N hours ago" then).
  public var built: String?
  /// JSON: for every day from the build's today on, how many open tasks fall due on it.
  public var dueCounts: String

  public init(today: String, zone: String, built: String?, dueCounts: String) {
    self.today = today
    self.zone = zone
    self.built = built
    self.dueCounts = dueCounts
  }
}

/// One entry of the language switcher and of the `hreflang` alternates.
public struct LocaleLink: Sendable, Encodable {
  public var code: String
  public var name: String
  /// Relative link for the switcher.
  public var href: String
  /// Absolute with `--base-url`, else the same as `href`; for `hreflang` alternates.
  public var url: String
  public var current: Bool
}
