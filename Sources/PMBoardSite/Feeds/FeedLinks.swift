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

  /// The task's card on the locale's board page.
  func task(_ id: String, in code: String) -> String {
    page(SiteAddresses.card(id), in: code)
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
