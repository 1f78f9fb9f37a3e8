import Foundation
import Testing

/// Which tier of the suite runs: `scripts/test` runs everything but the release packages (`full`); `scripts/test
/// quick` sets `PMBOARD_TEST_TIER=quick`, which leaves out what needs a PostgreSQL cluster, a browser, or minutes of
/// CPU, so a contributor gets an answer after each change; `scripts/test release` (`release`, which CI runs after
/// the full tier) adds the test of the release packages, whose static release build alone is about six minutes of
/// CPU, as much as the rest of the suite (CONTRIBUTING.md says which to run when).
package enum TestTier: String, Sendable {
  case quick
  case full
  case release

  package static let current: TestTier =
    ProcessInfo.processInfo.environment["PMBOARD_TEST_TIER"].flatMap(TestTier.init(rawValue:)) ?? .full

  /// What a test needs beyond the Swift toolchain and the C libraries pmboard builds against.
  package enum Need: String, Sendable {
    /// Debian's `initdb` and `pg_ctl`, which ``PostgresTestCluster`` runs.
    case postgres = "PostgreSQL"
    /// Chromium, its driver and Selenium (`scripts/setup chromium chromium-driver pip:selenium`).
    case browser = "Chromium"
    /// Nothing to install, but minutes of CPU (1,000 processes, hundreds of random schedules).
    case minutes = "minutes of CPU"
    /// A static release build of its own and Debian's packaging tools (`scripts/package`).
    case release = "a static release build"
  }

  package static func runs(_ need: Need) -> Bool {
    need == .release ? current == .release : current != .quick
  }
}

extension Trait where Self == ConditionTrait {
  /// Runs in the full tier only (`.release`: in the release tier only): the test needs `need`, which
  /// `scripts/test quick` leaves out.
  package static func needs(_ need: TestTier.Need) -> Self {
    .enabled(
      if: TestTier.runs(need),
      "needs \(need.rawValue): \(need == .release ? "scripts/test release" : "full tier only (scripts/test)")")
  }
}
