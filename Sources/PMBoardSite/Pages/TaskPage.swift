import Foundation
import PMBoardBytes
import PMBoardCore

/// A task's page, `<code>/tasks/<id>.html`, or the tombstone of a removed one: the task and its own history. It
/// shows nothing else of the board (no counts, no "as of"), so a rebuild keeps it while the task, its history and
/// the site's settings stay the same: at 100,000 tasks nearly every page is kept.
enum TaskPage: PageKind {
  static let template = "task"
  /// Tasks a job writes, each in every locale.
  static let batch = 128

  static func plans(_ site: SiteRenderer, code: String) -> [SiteRenderer.PagePlan] {
    (0..<site.taskPages.pageCount).map { plan(page: $0, code: code, site) }
  }

  static func plan(page: Int, code: String, _ site: SiteRenderer) -> SiteRenderer.PagePlan {
    SiteRenderer.PagePlan(
      path: site.addresses.taskPage(code, site.taskPages.id(ofPage: page)), code: code, kind: .task(page: page))
  }

  static func weight(of plan: SiteRenderer.PagePlan, _ site: SiteRenderer) -> Int {
    weight(ofPage: number(of: plan), site)
  }

  private static func weight(ofPage page: Int, _ site: SiteRenderer) -> Int {
    2 + site.taskPages.entries(ofPage: page).count
  }

  static func pageInfo(
    of plan: SiteRenderer.PagePlan, _ site: SiteRenderer, catalog: LocaleCatalog, formatter: LocaleFormatter,
    overdueCount: Int
  ) -> PageInfo {
    let number = number(of: plan)
    let (tables, taskPages) = (site.tables, site.taskPages)
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
    var info = site.page(
      .task, code: plan.code, formatter: formatter, overdueCount: overdueCount,
      path: SiteAddresses.task(taskPages.id(ofPage: number)), place: .tasks,
      title: "\(title) · \(site.snapshot.info.title)")
    // Kept from build to build by a fingerprint of its task and history alone.
    info = site.withNothingOfTheWholeBoard(info)
    info.taskCard = number < taskPages.cardCount ? number : nil
    info.taskTitle = title
    info.removedText = removed
    info.taskEntries = Array(taskPages.entries(ofPage: number))
    return info
  }

  /// Batches of ``batch`` tasks, each task's pages in every locale together: most are kept from the old site without
  /// rendering, and a job (or a lock) per page would cost more than the page does. A batch names its pages itself,
  /// on a worker: laid out here, a big board's were a serial tenth of a second. In a rebuild, tasks go in the order
  /// of their ids (``SiteRenderer/taskPagesByID``).
  static func batchedJobs(
    _ site: SiteRenderer, _ prepared: SiteRenderer.Prepared, codes: [String]
  ) -> [(job: SiteRenderer.Job, rank: Int)]? {
    let order = site.taskPagesByID ? site.taskPages.pagesByID(site.tables.cardKeys) : site.taskPages.pagesInOrder
    return stride(from: 0, to: codes.isEmpty ? 0 : order.count, by: batch).map { start in
      let pages = order[start..<min(start + batch, order.count)].map { Int($0) }
      let total = pages.reduce(0) { $0 + weight(ofPage: $1, site) } * codes.count
      let job = SiteRenderer.Job(path: plan(page: pages[0], code: codes[0], site).path, weight: total) { writer in
        try write(pages, codes: codes, site, prepared, into: writer)
      }
      return (job, start / batch)
    }
  }

  /// Task pages `pages` in every locale of `codes`: each kept from the old site when its fingerprint matches, else
  /// rendered. A kept page's path is never made (``SiteWriter/reuse(names:keys:in:fingerprints:)``): at 100,000 tasks,
  /// 300,000 paths were most of what a rebuild spent on the pages it keeps.
  private static func write(
    _ pages: [Int], codes: [String], _ site: SiteRenderer, _ prepared: SiteRenderer.Prepared,
    into writer: SiteWriter
  ) throws {
    let folders = codes.map { site.addresses.taskFolder($0) }
    let name = { (index: Int) in SiteAddresses.taskFile(site.taskPages.id(ofPage: pages[index])) }
    let keys = pages.map { site.taskPages.lowercaseKey(ofPage: $0) }
    var prints: [UInt64?] = []
    prints.reserveCapacity(pages.count * codes.count)
    // Where every page's fingerprint starts, worked out once a batch.
    let start = site.keptPageFingerprint
    for page in pages {
      let content = start.map { _ in site.contentFingerprint(ofTaskPage: page, entryPrints: prepared.entryPrints) }
      for code in codes {
        guard var print = start, let content else {
          prints.append(nil)
          continue
        }
        print.add(code)
        print.add(word: content)
        prints.append(print.value)
      }
    }
    let kept = writer.reuse(names: name, keys: keys, in: folders, fingerprints: prints)
    for index in prints.indices where !kept[index] {
      let (page, locale) = (index / codes.count, index % codes.count)
      let plan = SiteRenderer.PagePlan(
        path: folders[locale] + "/" + name(page), code: codes[locale], kind: .task(page: pages[page]))
      try site.render(SiteRenderer.RenderGroup(plan: plan), prepared, chunk: SiteRenderer.outputChunk) {
        path, produce in try writer.write(path, streaming: produce)
      }
      if let print = prints[index] { writer.keep(fingerprint: print, for: plan.path) }
    }
  }

  private static func number(of plan: SiteRenderer.PagePlan) -> Int {
    guard case .task(let page) = plan.kind else { preconditionFailure("not a task page: \(plan.path)") }
    return page
  }
}

extension SiteRenderer {
  /// What task page `page` shows in every locale: the task (or the tombstone) and its history entries (their
  /// fingerprints `entryPrints`, ``entryPrints(_:)`` of every entry). Worked out once per task, not once per locale.
  func contentFingerprint(ofTaskPage page: Int, entryPrints: [UInt64]) -> UInt64 {
    var print = Fingerprint()
    if page < taskPages.cardCount {
      print.add(word: cardPrint(page))
    } else {
      print.add(taskPages.id(ofPage: page))
      print.add(taskPages.tombstones[page - taskPages.cardCount].title)
    }
    for index in taskPages.entries(ofPage: page) {
      print.add(word: entryPrints[Int(index)])
    }
    return print.value
  }

  /// The fingerprint of each of the history entries `range` as a task page shows it (without its task): worked out
  /// in the entries' order, the order their text lies in memory, rather than task by task (at 100,000 tasks, a
  /// cache miss or two per entry).
  func entryPrints(_ range: Range<Int>) -> [UInt64] {
    range.map { index in
      var print = Fingerprint()
      add(entry: index, withTask: false, to: &print)
      return print.value
    }
  }
}
