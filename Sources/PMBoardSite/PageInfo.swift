/// The page-level values of one page, before they become ``PageTables`` (the build) or the tests' reference view
/// model; one source for both, so the two cannot disagree on what a page says.
public struct PageInfo: Sendable {
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
  public var isBoard: Bool
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
  public var entries = 0..<0
  /// A full history page that is not the newest: it says nothing that changes with the board.
  public var isArchive = false
}

/// One entry of the language switcher and of the `hreflang` alternates.
public struct LocaleLink: Sendable {
  public var code: String
  public var name: String
  /// Relative link for the switcher.
  public var href: String
  /// Absolute with `--base-url`, else the same as `href`; for `hreflang` alternates.
  public var url: String
  public var current: Bool
}
