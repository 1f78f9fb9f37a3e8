import PMBoardCore

/// Where each file of a board's site is: the one place the site's URL scheme is spelled. A page's links to the
/// board's other pages are relative (`localeDir` + a name below), so they stay the same wherever the board's folder
/// is; the files' paths from the site's folder start with ``prefix``, the board's folder: empty for a site of one
/// board, `mobile/` for a board a many-board site keeps under `path: mobile`.
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
    path += ".html"
    return path
  }

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
  /// The search page (`search.html?q=…`).
  public static let searchPage = "search.html"
  /// The index of labels and people.
  public static let names = "labels.html"
  public static let calendar = "calendar.ics"
  public static let changeFeed = "history.atom"
  /// The folder of the task pages.
  public static let tasks = "tasks/"

  /// A label's or person's files without their extension (``CardNames/Name/path``): `labels/bug-5f1c0a2e`.
  public static func name(_ field: TaskField, slug: String) -> String {
    (field == .labels ? "labels/" : "people/") + slug
  }

  /// A label's or person's page, calendar and change feed, from the name's ``name(_:slug:)``.
  public static func namePage(_ name: String) -> String { name + ".html" }
  public static func nameCalendar(_ name: String) -> String { name + ".ics" }
  public static func nameFeed(_ name: String) -> String { name + ".atom" }

  /// A column's page: `todo.html`, `doing.html`, `done.html`.
  public static func column(_ state: TaskState) -> String { state.rawValue + ".html" }

  /// History page `page`, counted from the oldest entry.
  public static func historyPage(_ page: Int) -> String { "history-\(page).html" }

  /// A task's page.
  public static func task(_ id: String) -> String { tasks + id + ".html" }

  /// A task's card on the board page.
  public static func card(_ id: String) -> String { board + "#t-" + id }

  // MARK: Files of the board's folder

  public static let rootIndex = "index.html"
  public static let boardJSON = "board.json"
  public static let insightsJSON = "insights.json"
  public static let rootCalendar = "calendar.ics"

  /// A badge: `badges/open.svg`.
  public static func badge(_ name: String) -> String { "badges/\(name).svg" }

  /// A file of the theme's `Public/` folder.
  public static func asset(_ path: String) -> String { "assets/" + path }

  /// A file of the search index.
  public static func search(_ name: String) -> String { "search/" + name }
}
