import Foundation
import PMBoardCore

/// Every setting that pages and feeds read, as one value the renderer holds and reads them from.
///
/// A rebuild keeps a page whose inputs did not change (``SiteRenderer/keptPageFingerprint``), and every kept
/// page's fingerprint starts from this value's ``StableDescription``: a setting added here reaches them all with
/// no list to update, and a setting the renderer reads has to be here, since the renderer is given no other.
/// What the build itself needs and no page shows (`store`, `out`, `templates`…) stays in ``BuildSettings``.
public struct PageSettings: Sendable, Equatable {
  /// The site's absolute address, with a slash at its end (a board of a many-board site: its own folder's).
  public var baseURL: String?
  /// What the build publishes: the pages link the feeds only when they are written.
  public var publish = PublishPolicy.everything
  /// How many cards a column of the board page shows before its "Show all" link (`column-limit`).
  public var columnLimit = 50
  /// About how many cards a page of a long column holds (`page-cards`).
  public var pageCards = 500
  /// `live-dates: true`: the pages load a script that re-marks due dates with the viewer's date.
  public var liveDates = false
  /// A page per task (`task-pages`).
  public var taskPages = true
  /// Work-in-progress limits by column (`wip-limits`), shown on the board and column pages.
  public var wipLimits: [Int?] = [nil, nil, nil]
  /// How many days ahead an open task counts as due soon (`due-soon`; 0: no such flags, count or page).
  public var dueSoon = 3
  /// Days in DOING from which a card says how long it has been there (`aging`; 0: never).
  public var aging = 14
  /// The select or milestone field whose option order leads each column's order (`order-by`), by key.
  public var orderBy: String?
  /// The select or milestone field whose options split the board page into lanes (`group-by`), by key.
  public var groupBy: String?

  /// The defaults, at `baseURL` when given.
  public init(baseURL: String? = nil) {
    self.baseURL = baseURL.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
  }

  /// The page settings of `settings`, with the site's address `baseURL` when given (a board's own).
  public init(_ settings: BuildSettings, baseURL: String? = nil) {
    self.init(baseURL: baseURL ?? settings.baseURL)
    publish = settings.publish
    columnLimit = settings.columnLimit
    pageCards = settings.pageCards
    liveDates = settings.liveDates
    taskPages = settings.taskPages
    wipLimits = settings.wipLimits
    dueSoon = settings.dueSoon
    aging = settings.aging
    orderBy = settings.orderBy
    groupBy = settings.groupBy
  }
}
