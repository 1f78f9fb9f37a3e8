import Foundation
import PMBoardTestSupport
import Testing

/// Issue 39's cases for the oracle, each walked on purpose rather than left to the random sequences: a page
/// replaced, removed or added by hand; a link, FIFO and folder planted in the site and the spare at every depth,
/// before and while a build runs; an edit in place followed by the verifying build. After each, the incremental
/// site must equal a fresh one, the user's files must be kept, and nothing where a planted link leads may change.
@Suite("incremental build oracle: the site changed by hand")
struct HandEditOracleTests {
  /// Runs `edits` after a first change (so that the next build takes a spare over), each followed by a task
  /// change, again, and by nothing at all (which must take the shortcut; not after a user's file, which the oracle
  /// takes out of the site after each build), and checks the outcome.
  private func run(_ edits: [HandEdit]) async throws {
    let binaries = try OracleBinaries()
    defer { binaries.remove() }
    var run = OracleRun(seed: IncrementalOracleTests.firstSeed, binaries: binaries)
    run.backend = .sqlite
    var steps: [OracleStep] = [.editTitle(task: 0, title: "first")]
    for (index, edit) in edits.enumerated() {
      steps += [.byHand(edit), .editBody(task: index, body: "after \(index)"), .byHand(edit)]
      if case .add = edit { continue }
      steps.append(.nothing)
    }
    run.steps = steps
    let outcome = await run.run()
    #expect(outcome.problems.isEmpty, "\(outcome.problems)")
    #expect(outcome.steps == steps.count + 1)
  }

  @Test func pagesReplacedRemovedAddedAndEditedInPlace() async throws {
    try await run([
      .replace(page: 0), .replace(page: 7), .remove(page: 3), .remove(page: 11), .add(depth: 0), .add(depth: 1),
      .add(depth: 2), .editInPlace(page: 5), .editInPlace(page: 0),
    ])
  }

  @Test(arguments: HandEdit.Planted.allCases)
  func plantedInTheSiteBeforeAndDuringABuild(kind: HandEdit.Planted) async throws {
    try await run(
      (0..<3).flatMap { depth in
        [false, true].map { during in .plant(kind, inSpare: false, depth: depth, entry: depth * 5, during: during) }
      })
  }

  @Test(arguments: HandEdit.Planted.allCases)
  func plantedInTheSpare(kind: HandEdit.Planted) async throws {
    try await run((0..<3).map { .plant(kind, inSpare: true, depth: $0, entry: $0 * 3, during: false) })
  }
}
