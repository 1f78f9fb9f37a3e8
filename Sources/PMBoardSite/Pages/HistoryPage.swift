import Foundation
import PMBoardBytes
import PMBoardCore

/// A locale's history, a thousand entries a page: `<code>/history.html` is the newest page, and once there are
/// older ones each page is also `history-N.html`, numbered from the oldest. A full page keeps its number, entries
/// and bytes for good, so a rebuild keeps every archived page whose entries and task links are unchanged.
enum HistoryPage: PageKind {
  static let template = "history"

  static func plans(_ site: SiteRenderer, code: String) -> [SiteRenderer.PagePlan] {
    let count = max(1, site.historyPageCount)
    var plans = [
      SiteRenderer.PagePlan(
        path: site.addresses.inLocale(code, SiteAddresses.history), code: code, kind: .history(page: count, of: count))
    ]
    for page in stride(from: count, through: 1, by: -1) where count > 1 {
      plans.append(
        SiteRenderer.PagePlan(
          path: site.addresses.inLocale(code, SiteAddresses.historyPage(page)), code: code,
          kind: .history(page: page, of: count)))
    }
    return plans
  }

  static func weight(of plan: SiteRenderer.PagePlan, _ site: SiteRenderer) -> Int { SiteRenderer.historyPageSize * 4 }

  /// Page `number` (counted from the oldest) holds entries `(number - 1) * 1000 ..< number * 1000` oldest first,
  /// shown newest first; `prevHref` leads to newer changes, `nextHref` to older ones. An archived (full, not newest)
  /// page shows nothing that changes with the board: no "as of", no counts.
  static func pageInfo(
    of plan: SiteRenderer.PagePlan, _ site: SiteRenderer, catalog: LocaleCatalog, formatter: LocaleFormatter,
    overdueCount: Int
  ) -> PageInfo {
    let (number, count) = numbers(of: plan)
    let label = site.daySpan(ofPage: number, formatter: formatter)
    var info = site.page(
      .history(archive: number < count), code: plan.code, formatter: formatter, overdueCount: overdueCount,
      path: (plan.path as NSString).lastPathComponent,
      place: .locale,
      title: "\(site.snapshot.info.title) · \(catalog.string("nav.history"))" + (count > 1 ? " (\(label))" : ""))
    info.entries = site.historyEntries(ofPage: number)
    info.pageLabel = label
    info.prevHref = number < count ? SiteAddresses.historyPage(number + 1) : nil
    info.nextHref = number > 1 ? SiteAddresses.historyPage(number - 1) : nil
    // An archive is kept from build to build by a fingerprint of its entries alone.
    return info.isArchive ? site.withNothingOfTheWholeBoard(info) : info
  }

  /// An archived page's number and its entries (``SiteRenderer/Prepared/archivePrints``, the same in every locale),
  /// each with the task it links to when that task has a page: nothing else of the board reaches it
  /// (``pageInfo(of:_:catalog:formatter:overdueCount:)``). The newest page is rendered every time.
  static func keptFingerprint(
    of plan: SiteRenderer.PagePlan, _ site: SiteRenderer, _ prepared: SiteRenderer.Prepared
  ) -> UInt64? {
    let (page, count) = numbers(of: plan)
    guard page < count, page <= prepared.archivePrints.count, var print = site.keptPageFingerprint else { return nil }
    print.add("history \(plan.code) \(page)")
    print.add(word: prepared.archivePrints[page - 1])
    return print.value
  }

  private static func numbers(of plan: SiteRenderer.PagePlan) -> (page: Int, count: Int) {
    guard case .history(let page, let count) = plan.kind else {
      preconditionFailure("not a history page: \(plan.path)")
    }
    return (page, count)
  }
}

extension SiteRenderer {
  public static let historyPageSize = 1000

  // History pages are numbered from the oldest entry, so a full page keeps its number, entries and bytes for
  // good (a rebuild after one change rewrites only the newest page). `history.html` is the newest page; it is
  // also written as `history-N.html` (``SiteAddresses/historyPage(_:)``) once there are older pages, so that
  // their "newer" links never change.

  /// How many pages the history fills (none without entries; the site still has an empty `history.html`).
  var historyPageCount: Int { (snapshot.historyCount + Self.historyPageSize - 1) / Self.historyPageSize }

  /// What history page `number` is called: the days it covers, oldest to newest ("November 20 – 27": pages are
  /// numbered from the oldest, so a number would read backwards from the newest page a reader opens first, and
  /// the days of a full page never change). Empty without entries.
  func daySpan(ofPage number: Int, formatter: LocaleFormatter) -> String {
    let range = historyEntries(ofPage: number)
    guard let newest = range.first, let oldest = range.last else { return "" }
    let (from, to) = (tables.entries[oldest].dayIndex, tables.entries[newest].dayIndex)
    func text(_ day: Int32) -> String { formatter.longDate(CalendarDate(daysSinceEpoch: tables.days[Int(day)])) }
    return from == to ? text(from) : formatter.message("history.span", ["from": text(from), "to": text(to)])
  }

  /// The entries history page `number` shows, as indices into the tables, which keep history newest first.
  func historyEntries(ofPage number: Int) -> Range<Int> {
    let total = snapshot.historyCount
    let oldest = min((number - 1) * Self.historyPageSize, total)
    let newest = min(oldest + Self.historyPageSize, total)
    return (total - newest)..<(total - oldest)
  }

  /// The fingerprints of the older (`half` 0) or the newer half of the archived history pages, in page order: what
  /// each page shows in every locale, worked out once a build, not once a locale.
  func archivePrints(half: Int) -> [UInt64] {
    let archives = 1..<max(1, historyPageCount)
    let middle = archives.lowerBound + archives.count / 2
    return (half == 0 ? archives.lowerBound..<middle : middle..<archives.upperBound).map(archivePrint)
  }

  /// What archived history page `number` shows in every locale: its entries, each with its task link.
  private func archivePrint(_ number: Int) -> UInt64 {
    var print = Fingerprint()
    let entries = historyEntries(ofPage: number)
    for index in entries {
      add(entry: index, withTask: true, to: &print)
      print.add(taskPages.entryPage[index] >= 0 ? 1 : 0)
    }
    print.add(entries.count)
    return print.value
  }
}
