import PMBoardCore

/// Where each file of a board's site is: the one place the site's URL scheme is spelled. A page's links to the
/// board's other pages are relative (`localeDir` + a name below), so they stay the same wherever the board's folder
/// is; the files' paths from the site's folder start with ``prefix``, the board's folder: empty for a site of one
/// board, `mobile/` for a board a many-board site keeps under `path: mobile`. The templates get their links from
/// here as values (a card's `href`, a column's `columnHref`: docs/theming.md), and `search.js` from the search
/// index (``Around``, written into `search/<part>.js`), so neither spells a folder or `.html` itself.
public struct SiteAddresses: Sendable, Equatable {
  /// The board's folder below the site's folder: `""`, or a path ending in `/`.
  public var prefix = ""

  public init(prefix: String = "") {
    self.prefix = prefix
  }

  /// The file `name` of the locale `code`'s folder, from the site's folder.
  public func inLocale(_ code: String, _ name: String) -> String { prefix + code + "/" + name }

  /// Locale `code`'s folder of task pages, from the site's folder, without a final "/": a task's page is in it as
  /// `<id>.html`.
  public func taskFolder(_ code: String) -> String { prefix + code + "/" + Self.tasks.dropLast() }

  /// Task `id`'s page in locale `code`, from the site's folder: ``inLocale(_:_:)`` of ``task(_:)``, made as one
  /// `String` (a rebuild names 300,000 task pages to look each up).
  public func taskPage(_ code: String, _ id: String) -> String {
    var path = ""
    path.reserveCapacity(prefix.utf8.count + code.utf8.count + id.utf8.count + 12)
    path += prefix
    path += code
    path += "/"
    path += Self.tasks
    path += id
    path += Self.pageExtension
    return path
  }

  /// The name of task `id`'s page in its locale's ``taskFolder(_:)``.
  public static func taskFile(_ id: String) -> String { id + pageExtension }

  /// A link from the board's folder (the root `index.html`, a feed there) to the file `name` of locale `code`'s
  /// folder.
  public static func locale(_ code: String, _ name: String) -> String { code + "/" + name }

  /// The file `name` of the board's folder (``rootIndex``, ``boardJSON``, a badge, an asset), from the site's folder.
  public func atRoot(_ name: String) -> String { prefix + name }

  // MARK: Files of a locale's folder, as its pages link them

  /// The board page; also the board's root `index.html` (the default locale's board).
  public static let board = "index.html"
  public static let overdue = "overdue.html"
  public static let dueSoon = "due-soon.html"
  /// The newest history page; the others are ``historyPage(_:)``.
  public static let history = "history.html"
  public static let insights = "insights.html"
  /// The index of milestones, with each one's progress.
  public static let milestones = "milestones.html"
  /// The search page (`search.html?q=…`).
  public static let searchPage = "search.html"
  /// The index of labels and people.
  public static let names = "labels.html"
  public static let calendar = "calendar.ics"
  public static let changeFeed = "history.atom"
  /// The folder of the task pages.
  public static let tasks = "tasks/"
  /// What every page's name ends with.
  public static let pageExtension = ".html"
  /// What a card's id follows in a link to the card on a page (`todo.html#t-<id>`), the card's element id.
  public static let cardFragment = "#t-"

  /// A name's files without their extension (``CardNames/Name/path``), in its field's folder
  /// (``NameField/folder``): `labels/bug-5f1c0a2e`, `people/kyo-0b9d3e71`, `priority/p1-…`.
  public static func name(folder: String, slug: String) -> String { folder + slug }

  /// A label's or person's page, calendar and change feed, from the name's ``name(_:slug:)``.
  public static func namePage(_ name: String) -> String { namePageAddress.address(name) }
  public static func nameCalendar(_ name: String) -> String { name + ".ics" }
  public static func nameFeed(_ name: String) -> String { name + ".atom" }

  /// A column's page: `todo.html`, `doing.html`, `done.html`.
  public static func column(_ state: TaskState) -> String { state.rawValue + pageExtension }

  /// A later page of a long due-soon list: `due-soon-2.html`.
  public static func dueSoonPage(_ number: Int) -> String { "due-soon-\(number)" + pageExtension }

  /// A later page of a long overdue list: `overdue-2.html`.
  public static func overduePage(_ number: Int) -> String { "overdue-\(number)" + pageExtension }

  /// A later page of a long column (``ColumnPages``): `todo-2.html`, `done-1.html`.
  public static func columnPage(_ state: TaskState, number: Int) -> String {
    "\(state.rawValue)-\(number)" + pageExtension
  }

  /// History page `page`, counted from the oldest entry.
  public static func historyPage(_ page: Int) -> String { "history-\(page)" + pageExtension }

  /// A task's page.
  public static func task(_ id: String) -> String { taskAddress.address(id) }

  /// A task's card on the board page.
  public static func card(_ id: String) -> String { cardAddress(on: board).address(id) }

  // MARK: Links around a name

  /// An address made of what comes before a name (a task's id, a label's path) and what comes after it: the form
  /// one kind of link takes, which the pages' byte writers fill in without making a `String`, the reference model
  /// the plain way, and `search.js` from the table the search index carries (`"href"` in `search/<part>.js`).
  public struct Around: Sendable, Equatable {
    public var before: String
    public var after: String

    public init(before: String, after: String) {
      self.before = before
      self.after = after
    }

    /// The address of `name`.
    public func address(_ name: String) -> String { before + name + after }
  }

  /// A task's page, around its id: `tasks/<id>.html`.
  public static let taskAddress = Around(before: tasks, after: pageExtension)

  /// A label's or person's page, around its path (``CardNames/Name/path``): `labels/bug-5f1c0a2e.html`.
  public static let namePageAddress = Around(before: "", after: pageExtension)

  /// A task's card on page `page` of the locale's folder, around its id: `todo.html#t-<id>`.
  public static func cardAddress(on page: String) -> Around { Around(before: page + cardFragment, after: "") }

  /// Where a link to a task leads, around its id: its page; on a site without task pages (`task-pages: false`)
  /// its card on its column's page, which lists every card of the column. A removed task (`state` nil) has its
  /// page only, its tombstone.
  public static func taskLink(_ state: TaskState?, taskPages: Bool) -> Around {
    guard let state, !taskPages else { return taskAddress }
    return cardsOnColumns[state.order]
  }

  /// ``cardAddress(on:)`` of each column's page, by `TaskState.order`: made once, as pages write cards' links.
  private static let cardsOnColumns = TaskState.allCases.map { cardAddress(on: column($0)) }

  // MARK: Files of the board's folder

  public static let rootIndex = "index.html"
  public static let boardJSON = "board.json"
  public static let insightsJSON = "insights.json"
  public static let rootCalendar = "calendar.ics"

  /// A badge: `badges/open.svg`.
  public static func badge(_ name: String) -> String { "badges/\(name).svg" }

  /// A file of the theme's `Public/` folder.
  public static func asset(_ path: String) -> String { "assets/" + path }

  /// The theme's stylesheet and icon (files of `Public/`), which the index of a many-board site links too.
  public static let stylesheet = "style.css"
  public static let icon = "favicon.svg"

  /// A file of the search index.
  public static func search(_ name: String) -> String { "search/" + name }
}
