import Foundation
import PMBoardBytes
import PMBoardCore

/// The page-level variables of one page as bytes: ``PageInfo``, every page's plus the history page's own.
public final class PageTables: Sendable {
  public struct Link: Sendable {
    public var code: TextRef
    public var name: TextRef
    public var href: TextRef
    public var url: TextRef
    public var current: Bool
  }

  public let bytes: ByteArena
  public let lang: TextRef
  public let root: TextRef
  public let boardTitle: TextRef
  public let pageTitle: TextRef
  public let asOf: TextRef
  public let asOfISO: TextRef
  public let offline: TextRef?
  public let summary: TextRef
  public let boardHref: TextRef
  public let historyHref: TextRef
  public let kind: PageInfo.Kind
  public let isBoard: Bool
  public let isHistory: Bool
  public let showsSummary: Bool
  public let canonical: TextRef?
  public let atomHref: TextRef?
  public let calendarHref: TextRef?
  public let links: FixedArray<Link>
  public let linkCount: Int
  public let pageLabel: TextRef
  public let prevHref: TextRef?
  public let nextHref: TextRef?
  public let firstHref: TextRef?
  public let listItems: Range<Int>?
  public let pageIndexHTML: TextRef
  /// The history entries this page shows.
  public let entries: Range<Int>
  public let isArchive: Bool
  public let localeDir: TextRef
  public let overdueHref: TextRef
  /// ``PageInfo/columnHrefs``.
  public let columnHrefs: [TextRef]
  public let timeZone: TextRef
  public let overdueCount: Int
  public let isOverduePage: Bool
  public let cardLimit: Int
  public let column: TaskState?
  /// ``PageInfo/columns``.
  public let columns: [TaskState]
  public let taskCard: Int?
  public let isTaskPage: Bool
  public let hasTaskPages: Bool
  public let hasSearch: Bool
  public let taskTitle: TextRef
  public let removedText: TextRef?
  /// A task page's entries (indices into the history newest first); a history page's are ``entries``.
  public let taskEntries: FixedArray<Int32>
  public let live: (today: TextRef, zone: TextRef, built: TextRef?, dueCounts: TextRef)?
  public let summaryHead: TextRef
  public let summaryTail: TextRef
  public let leadNotes: [TextRef]
  /// ``PageInfo/laneLeadNotes`` and ``PageInfo/noValueLane``.
  public let laneLeadNotes: [[TextRef]]
  public let noValueLane: TextRef
  public let namesHref: TextRef?
  public let insightsHref: TextRef?
  public let insightsHTML: TextRef
  public let progressHTML: TextRef?
  public let isInsights: Bool
  /// ``PageInfo/wipLimits``, -1 for none.
  public let wipLimits: [Int]
  public let dueSoonHref: TextRef?
  public let dueSoonCount: Int
  public let dueSoonDays: Int
  public let isDueSoonPage: Bool
  public let heading: TextRef
  public let name: Int32?
  public let isNameIndex: Bool

  public init(_ info: PageInfo) {
    var arena = ArenaBuilder()
    lang = arena.text(info.lang)
    root = arena.text(info.root)
    boardTitle = arena.text(info.boardTitle)
    pageTitle = arena.text(info.pageTitle)
    asOf = arena.text(info.asOf)
    asOfISO = arena.text(info.asOfISO)
    offline = info.offline.map { arena.text($0) }
    summary = arena.text(info.summary)
    boardHref = arena.text(info.boardHref)
    historyHref = arena.text(info.historyHref)
    kind = info.kind
    isBoard = info.isBoard
    isHistory = info.isHistory
    showsSummary = info.showsSummary
    canonical = info.canonical.map { arena.text($0) }
    atomHref = info.atomHref.map { arena.text($0) }
    calendarHref = info.calendarHref.map { arena.text($0) }
    links = FixedArray(
      info.locales.map {
        Link(
          code: arena.text($0.code), name: arena.text($0.name), href: arena.text($0.href), url: arena.text($0.url),
          current: $0.current)
      })
    linkCount = info.locales.count
    pageLabel = arena.text(info.pageLabel)
    prevHref = info.prevHref.map { arena.text($0) }
    nextHref = info.nextHref.map { arena.text($0) }
    firstHref = info.firstHref.map { arena.text($0) }
    listItems = info.listItems
    pageIndexHTML = arena.text(info.pageIndexHTML)
    entries = info.entries
    isArchive = info.isArchive
    localeDir = arena.text(info.localeDir)
    overdueHref = arena.text(info.overdueHref)
    columnHrefs = info.columnHrefs.map { arena.text($0) }
    timeZone = arena.text(info.timeZone)
    overdueCount = info.overdueCount
    isOverduePage = info.isOverduePage
    cardLimit = info.cardLimit ?? .max
    column = info.column
    columns = info.columns
    taskCard = info.taskCard
    isTaskPage = info.isTaskPage
    hasTaskPages = info.hasTaskPages
    hasSearch = info.hasSearch
    taskTitle = arena.text(info.taskTitle)
    removedText = info.removedText.map { arena.text($0) }
    taskEntries = FixedArray(info.taskEntries)
    live = info.live.map { live in
      (arena.text(live.today), arena.text(live.zone), live.built.map { arena.text($0) }, arena.text(live.dueCounts))
    }
    summaryHead = arena.text(info.summaryHead)
    summaryTail = arena.text(info.summaryTail)
    leadNotes = info.leadNotes.map { arena.text($0) }
    laneLeadNotes = info.laneLeadNotes.map { $0.map { arena.text($0) } }
    noValueLane = arena.text(info.noValueLane)
    namesHref = info.namesHref.map { arena.text($0) }
    insightsHref = info.insightsHref.map { arena.text($0) }
    insightsHTML = arena.text(info.insightsHTML)
    progressHTML = info.progressHTML.map { arena.text($0) }
    isInsights = info.isInsights
    wipLimits = info.wipLimits.map { $0 ?? -1 }
    dueSoonHref = info.dueSoonHref.map { arena.text($0) }
    dueSoonCount = info.dueSoonCount
    dueSoonDays = info.dueSoonDays
    isDueSoonPage = info.isDueSoonPage
    heading = arena.text(info.heading)
    name = info.name
    isNameIndex = info.isNameIndex
    bytes = arena.finish()
  }
}
