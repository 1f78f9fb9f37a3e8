import PMBoardCore

/// Links in the feeds: absolute under `--base-url`, else relative to the locale's folder, where each feed lives
/// (the root calendar.ics copies the default locale's; its relative links still work, as the root index.html is
/// that locale's board).
struct FeedLinks: Sendable {
  /// Ends with `/`; nil without `--base-url`.
  var baseURL: String?
  /// What relative links start with: empty in the locale's folder, `../` for a feed in a folder below it (a
  /// label's or person's calendar and change feed).
  var relativePrefix = ""

  var isAbsolute: Bool { baseURL != nil }

  /// The same links for a feed in a folder below the locale's.
  var oneFolderDown: FeedLinks { FeedLinks(baseURL: baseURL, relativePrefix: relativePrefix + "../") }

  /// Where a feed links task `id` in `state` (its page; without task pages its card on its column's page,
  /// which lists the whole column, where the board page may show only the first cards).
  func task(_ id: String, state: TaskState, taskPages: Bool, in code: String) -> String {
    let (before, after) = task(state: state, taskPages: taskPages, in: code)
    return before + id + after
  }

  /// A task link's text before and after its id.
  func task(state: TaskState, taskPages: Bool, in code: String) -> (before: String, after: String) {
    task(SiteAddresses.taskLink(state, taskPages: taskPages), in: code)
  }

  /// The text before and after a task's id in a link of the shape `around` (``CardLinkSlots``).
  func task(_ around: SiteAddresses.Around, in code: String) -> (before: String, after: String) {
    (page(around.before, in: code), around.after)
  }

  /// A file in the locale's folder.
  func page(_ file: String, in code: String) -> String {
    baseURL.map { $0 + SiteAddresses.locale(code, file) } ?? relativePrefix + file
  }

  /// A file at the site root, as linked from the site root.
  func root(_ path: String) -> String {
    (baseURL ?? "") + path
  }
}
