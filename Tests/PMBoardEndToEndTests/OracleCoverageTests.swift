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

  /// Long columns in pages (issue 59): pages of one to four cards, with and without task pages; tasks added to a
  /// full page and at the ends, moved across columns (so across page bounds), a page's last card removed, undone.
  @Test(arguments: ["true", "false"]) func pagedColumnsRebuildAsFresh(taskPages: String) async throws {
    let binaries = try OracleBinaries()
    defer { binaries.remove() }
    var run = OracleRun(seed: IncrementalOracleTests.firstSeed &+ 7, binaries: binaries)
    (run.backend, run.initialTasks) = (.sqlite, 24)
    run.steps = [
      .setting(key: "page-cards", yaml: "2"), .setting(key: "task-pages", yaml: taskPages),
      .add(title: "first", body: "", due: 1, state: .todo), .add(title: "second", body: "", due: nil, state: .todo),
      .add(title: "third", body: "", due: -1, state: .done), .move(task: 0, to: .done), .move(task: 1, to: .todo),
      .remove(task: 2), .remove(task: 3), .undo, .add(title: "fourth", body: "", due: 3, state: .doing),
      .move(task: 4, to: .doing), .setting(key: "page-cards", yaml: "4"), .editTitle(task: 5, title: "renamed"),
      .add(title: "fifth", body: "", due: 2, state: .todo), .move(task: 6, to: .todo), .remove(task: 7),
      .setting(key: "page-cards", yaml: nil),
    ]
    let outcome = await run.run()
    #expect(outcome.problems.isEmpty, "\(outcome.problems)")
    #expect(outcome.steps == (run.steps?.count ?? 0) + 1)
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
