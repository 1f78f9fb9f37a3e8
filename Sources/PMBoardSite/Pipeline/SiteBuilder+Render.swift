import Foundation
import Logging
import PMBoardBytes
import PMBoardCore
import Synchronization

/// Steps 7 and 9, "prepare view models" and "render pages and feeds": a board's renderers, their jobs, and the
/// workers that write them.
extension SiteBuilder {
  /// The board's page renderer and feeds, with the board's files under `addresses` and its absolute links from
  /// `baseURL` (a board of a many-board site: the site's and its folder). Their "as of" is `lastChange`, the
  /// newest published change, unless the build's moment is pinned (``BuildMoment/settled(lastChange:)``).
  func renderers(
    board: BoardSnapshot, tables: BoardTables, theme: TemplateChecker.Checked, locales: [String],
    moment: BuildMoment, lastChange: Int64?, addresses: SiteAddresses = SiteAddresses(), baseURL: String? = nil
  ) -> (SiteRenderer, SiteFeeds) {
    let moment = moment.settled(lastChange: lastChange)
    let renderer = makeRenderer(
      board: board, tables: tables, theme: theme, locales: locales, moment: moment, addresses: addresses,
      baseURL: baseURL)
    var feeds = SiteFeeds(
      snapshot: board, tables: tables, catalogs: theme.catalogs, locales: locales,
      defaultLocale: renderer.defaultLocale, moment: moment, baseURL: renderer.baseURL, policy: settings.publish,
      lastChange: lastChange)
    feeds.wipLimits = settings.wipLimits
    feeds.calendarWindow = settings.calendar
    feeds.taskPages = settings.taskPages
    feeds.pagedLinks = renderer.pagedCardLinks()
    feeds.keptPrint = renderer.keptPageFingerprint
    feeds.addresses = addresses
    return (renderer, feeds)
  }

  func makeRenderer(
    board: BoardSnapshot, tables: BoardTables, theme: TemplateChecker.Checked, locales: [String],
    moment: BuildMoment, addresses: SiteAddresses = SiteAddresses(), baseURL: String? = nil
  ) -> SiteRenderer {
    let pageSettings = PageSettings(settings, baseURL: baseURL)
    var renderer = SiteRenderer(
      snapshot: board, tables: tables, theme: theme, locales: locales,
      defaultLocale: settings.defaultLocale ?? locales[0], moment: moment, settings: pageSettings)
    renderer.addresses = addresses
    renderer.siteFingerprint = Self.siteFingerprint(
      theme: theme, pageSettings: pageSettings, locales: locales, defaultLocale: renderer.defaultLocale,
      info: board.info, moment: moment)
    return renderer
  }

  /// Two lists of jobs, each heaviest first, as one heaviest first (pages before feeds of equal weight). The
  /// feeds render with the pages, not after them: the workers then stay busy to the end together, where a stage
  /// of its own left one waiting for the other twice.
  static func merge(_ pages: [SiteRenderer.Job], _ feeds: [SiteRenderer.Job]) -> [SiteRenderer.Job] {
    var merged: [SiteRenderer.Job] = []
    merged.reserveCapacity(pages.count + feeds.count)
    var (page, feed) = (0, 0)
    while page < pages.count || feed < feeds.count {
      if feed == feeds.count || (page < pages.count && pages[page].weight >= feeds[feed].weight) {
        merged.append(pages[page])
        page += 1
      } else {
        merged.append(feeds[feed])
        feed += 1
      }
    }
    return merged
  }

  static func run(
    _ jobs: [SiteRenderer.Job], into writer: SiteWriter, log: Logger, progress: BuildProgress?
  ) async throws {
    let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
    let done = PageCount()
    @Sendable func perform(_ job: SiteRenderer.Job) throws {
      let start = ContinuousClock.now
      try job.write(writer)
      if let progress {
        let count = done.value.withLock { count in
          count += 1
          return count
        }
        progress.page(count, jobs.count)
      }
      let elapsed = ContinuousClock.now - start
      if elapsed > .milliseconds(100) {
        log.debug("  \(job.path): \(elapsed.formatted(.units(allowed: [.milliseconds])))")
      }
    }
    // One task per core takes the next job until none is left: a big board has a job per task page, and a task
    // per job cost more than reusing a page does.
    let next = JobCounter()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<min(width, jobs.count) {
        group.addTask {
          while case let index = next.take(), index < jobs.count {
            try perform(jobs[index])
          }
        }
      }
      try await group.waitForAll()
    }
  }

}

/// The index of the next job to run, shared by the workers.
private final class JobCounter: Sendable {
  private let next = Atomic(0)
  func take() -> Int { next.add(1, ordering: .relaxed).oldValue }
}

/// How many pages are written so far.
private final class PageCount: Sendable {
  let value = Mutex(0)
}

/// Where a build reports how far it is.
public struct BuildProgress: Sendable {
  /// A step starts (its name, as errors name it).
  public var step: @Sendable (String) -> Void
  /// `done` of `total` page jobs are written (a job may write a page and its root twin).
  public var page: @Sendable (_ done: Int, _ total: Int) -> Void

  public init(step: @escaping @Sendable (String) -> Void, page: @escaping @Sendable (Int, Int) -> Void) {
    self.step = step
    self.page = page
  }
}
