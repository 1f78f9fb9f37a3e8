import Foundation
import PMBoardCore
import PMBoardSite
import PMBoardTestSupport
import Testing

/// What the incremental oracle's steps must reach: every setting a page reads, and each one changed with nothing
/// else moving, where only a page fingerprint that covers it keeps the rebuilt site right.
@Suite("incremental oracle coverage")
struct OracleCoverageTests {
  /// Every key of `pmboard.yml` and of its `publish:` has values the random steps set, or a reason it has none: a
  /// new setting fails here until the oracle changes it between builds.
  @Test func everySettingHasSteps() {
    let stepped = Set(OracleStep.settingValues.keys).union(OracleStep.settingsOutsideSteps).union(["publish"])
    #expect(stepped == Set(BuildSettings.keys))
    #expect(Set(OracleStep.publishValues.keys) == Set(PublishPolicy.keys))
    for (key, values) in OracleStep.settingValues {
      var settings = BuildSettings()
      for case let yaml? in values {
        #expect(throws: Never.self, "\(key): \(yaml)") { try settings.set(key, yaml: yaml) }
      }
    }
    for (key, values) in OracleStep.publishValues {
      var settings = BuildSettings()
      for case let yaml? in values {
        #expect(throws: Never.self, "publish \(key): \(yaml)") {
          try settings.set("publish", yaml: "{\(key): \(yaml)}")
        }
      }
    }
  }

  /// Issue 57's High finding: with the day pinned, a changed `due-soon` left every task page and the full history
  /// pages with the old window (`data-soon-days`), and `due-soon: 0` a link to the deleted `due-soon.html`. Then
  /// each other page setting alone, the same way; and tasks added with labels and people no page had yet.
  @Test func eachSettingAloneRendersTheKeptPages() async throws {
    let binaries = try OracleBinaries()
    defer { binaries.remove() }
    var run = OracleRun(seed: IncrementalOracleTests.firstSeed, binaries: binaries)
    run.backend = .sqlite
    run.steps = [
      .today(0), .add(title: "due soon", body: "", due: 2, state: .todo),
      .add(title: "in progress", body: "", due: 5, state: .doing, labels: ["new-label"], assignees: ["newcomer"]),
      .setting(key: "live-dates", yaml: "true"), .setting(key: "due-soon", yaml: "7"),
      .setting(key: "due-soon", yaml: "0"), .setting(key: "due-soon", yaml: nil), .setting(key: "aging", yaml: "0"),
      .setting(key: "wip-limits", yaml: "{doing: 1}"), .setting(key: "column-limit", yaml: "1"),
      .publish(key: "labels", yaml: "{except: [new-label]}"), .publish(key: "labels", yaml: nil),
      .publish(key: "assignees", yaml: "hide"), .publish(key: "insights", yaml: "hide"),
      .publish(key: "search", yaml: "hide"), .publish(key: "authors", yaml: "hide"),
    ]
    let outcome = await run.run()
    #expect(outcome.problems.isEmpty, "\(outcome.problems)")
    #expect(outcome.steps == (run.steps?.count ?? 0) + 1)
  }
}
