import Foundation
import PMBoardSite

/// The warnings a build prints. The `--base-url` one matters where a site is published for others (its feeds'
/// links stay relative, and a calendar cannot be subscribed to by `webcal://`), so it is given in CI (`CI` set, as
/// GitHub Actions, GitLab CI and most others set it), where the README's publishing recipes build, and not on every
/// local build, where it was noise (docs/site.md says when a site needs `--base-url`).
enum BuildWarnings {
  static func print(_ warnings: [String]) {
    let inCI = !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty
    for warning in warnings where inCI || warning != SiteFeeds.baseURLWarning { Warning.print(warning) }
  }
}
