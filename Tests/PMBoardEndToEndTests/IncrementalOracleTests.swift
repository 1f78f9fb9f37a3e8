import Foundation
import PMBoardCore
import PMBoardTestSupport
import Testing

/// Issue 31's oracle: whatever changes between two builds, a site rebuilt in place is byte for byte the site a
/// fresh build of the same inputs makes. Each sequence makes a small board, then applies 3–8 random steps
/// (``OracleStep``: task operations, theme and catalog edits, settings, the build's moment, the board's zone, another
/// binary, nothing at all); after the setup and after every step it rebuilds `inc/` in place (manifest, kept
/// pages, the spare folder, the unchanged-board shortcut) and builds `fresh/` from nothing, with the same binary,
/// and requires the two trees to be equal: every path, its type and its bytes, the manifest's build key aside
/// (``OracleTree``).
///
/// Another binary is another file: the build key and every page's fingerprint take the running executable's size,
/// inode and modification time (`/proc/self/exe`), so builds in this process, by `pmboard` and by a copy of it are
/// three binaries to a site. A binary that renders differently cannot be simulated without changing the product.
///
/// The site changed by hand is a step too (``HandEdit``: pages replaced, removed, edited in place and verified, the
/// user's own files, links, FIFOs and folders planted in the site and the spare, before and while a build runs),
/// and ``HandEditOracleTests`` walks each of those on purpose.
///
/// Not covered: PostgreSQL stores and a replica's offline note (a server per sequence), a symbolic-link `--out`,
/// `--watch`, builds killed halfway.
///
/// Replaying: a failure names its seed; `PMBOARD_ORACLE_SEED=<seed>` (decimal or 0x-hex) runs that sequence alone,
/// `PMBOARD_ORACLE_SEQUENCES=<n>` runs more (or fewer) sequences than the full tier's 98 (the quick tier runs 40).
/// The long run, `PMBOARD_ORACLE_SEQUENCES=200` (the full tier's count before it had to walk every kind of step), is
/// for a change to the incremental build itself: fingerprints, the build key, the site writer.
@Suite("incremental build oracle")
struct IncrementalOracleTests {
  static let firstSeed: UInt64 = 0x0_0AC1_E000
  /// The full tier's sequences (`scripts/test`, CI): a run of this many or more must walk every kind of random step
  /// (``OracleStep/randomKinds``) and both stores, and one of 50 or more the shortcut and the spare, so fewer
  /// sequences than the long run still reach every path the steps can take. It is the fewest of the seeds from
  /// ``firstSeed`` that walk every kind (the summary line says by which sequence they had): a change to the steps
  /// that leaves a kind unwalked fails here, naming it, and the count goes up to the new fewest.
  static let sequencesInFullTier = 98
  /// The quick tier's share (`scripts/test quick`): enough to walk most step kinds after a change, in seconds.
  static let sequencesInQuickTier = 40

  static var seeds: [UInt64] {
    let environment = ProcessInfo.processInfo.environment
    if let text = environment["PMBOARD_ORACLE_SEED"], let seed = parseSeed(text) { return [seed] }
    let count =
      environment["PMBOARD_ORACLE_SEQUENCES"].flatMap { Int($0) }
      ?? (TestTier.current == .quick ? sequencesInQuickTier : sequencesInFullTier)
    return (0..<UInt64(max(count, 1))).map { firstSeed &+ $0 }
  }

  /// How many sequences run at once: one per core, as a build waits on the disk (the store's commits, the site's
  /// renames) part of the time. `PMBOARD_ORACLE_WIDTH` overrides it.
  static var width: Int {
    ProcessInfo.processInfo.environment["PMBOARD_ORACLE_WIDTH"].flatMap { Int($0) }
      ?? max(2, ProcessInfo.processInfo.activeProcessorCount)
  }

  static func parseSeed(_ text: String) -> UInt64? {
    text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
  }

  @Test func incrementalBuildsMatchFreshBuilds() async throws {
    let binaries = try OracleBinaries()
    defer { binaries.remove() }
    let seeds = Self.seeds
    let start = ContinuousClock.now
    let outcomes = try await withThrowingTaskGroup(of: OracleOutcome.self) { group in
      var next = 0
      var outcomes: [OracleOutcome] = []
      while next < min(Self.width, seeds.count) {
        let seed = seeds[next]
        group.addTask { await OracleRun(seed: seed, binaries: binaries).run() }
        next += 1
      }
      while let outcome = try await group.next() {
        outcomes.append(outcome)
        if next < seeds.count {
          let seed = seeds[next]
          group.addTask { await OracleRun(seed: seed, binaries: binaries).run() }
          next += 1
        }
      }
      return outcomes.sorted { $0.seed < $1.seed }
    }
    for outcome in outcomes {
      for problem in outcome.problems { Issue.record(Comment(rawValue: problem)) }
    }
    let steps = outcomes.map(\.steps).reduce(0, +)
    let shortcuts = outcomes.map(\.shortcuts).reduce(0, +)
    let spares = outcomes.map(\.spareTaken).reduce(0, +)
    let kinds = OracleStep.randomKinds.union([StoreBackend.sqlite, .json].map { "store \($0.rawValue)" })
    // The first sequences that walk every kind between them: the margin the full tier's count leaves.
    var walked = Set<String>()
    var everyKindBy: Int?
    for (index, outcome) in outcomes.enumerated() {
      walked.formUnion(outcome.kinds)
      if everyKindBy == nil, kinds.isSubset(of: walked) { everyKindBy = index + 1 }
    }
    print(
      "oracle: \(seeds.count) sequences, \(steps) steps, \(shortcuts) shortcut builds, \(spares) builds with a spare, "
        + "\(kinds.intersection(walked).count) of \(kinds.count) kinds of step and store"
        + (everyKindBy.map { " (all by the first \($0) sequences)" } ?? "") + ", in "
        + (ContinuousClock.now - start).formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 1)))
    )
    // The paths the oracle is meant to walk: a full run that never took them would prove nothing of them.
    if seeds.count >= 50 {
      #expect(shortcuts > 0 && spares > 0, "shortcuts \(shortcuts), builds with a spare \(spares)")
    }
    if seeds.count >= Self.sequencesInFullTier {
      #expect(kinds.subtracting(walked).isEmpty, "never walked: \(kinds.subtracting(walked).sorted())")
    }
  }

  /// The oracle's reproduction of issue 31's critical bug, kept as a regression test: with `--today` pinned, a
  /// backup, one edit (two rows written), then the backup restored and another edit of as many rows before the
  /// next build. When the SQLite revision was a counter, both boards had the same one: the rebuild took the
  /// shortcut and kept the first edit's site. The revision is now drawn at random on every write.
  @Test func aRestoredBackupAndAnEqualChange() async throws {
    let binaries = try OracleBinaries()
    defer { binaries.remove() }
    var run = OracleRun(seed: Self.firstSeed, binaries: binaries)
    run.backend = .sqlite
    run.steps = [
      .today(0), .backup, .editTitle(task: 0, title: "first"), .restore(then: .editBody(task: 0, body: "second")),
    ]
    let outcome = await run.run()
    #expect(outcome.steps == 5)
    #expect(outcome.problems.isEmpty, "\(outcome.problems)")
  }

  /// The gap session 14 found: random steps nearly always move a count every page's header shows, so every page is
  /// rendered again and a page kept by a fingerprint that misses an input looks right. Here nothing moves but one
  /// labelled task's title (the day pinned): its label's page must show the new title, and only a fingerprint that
  /// covers the page's cards keeps it right (with `NamePage` keeping label pages by their PageInfo alone, this
  /// failed).
  @Test func aLabelledTaskRetitledWithNothingElseMoving() async throws {
    let binaries = try OracleBinaries()
    defer { binaries.remove() }
    var run = OracleRun(seed: Self.firstSeed, binaries: binaries)
    run.backend = .sqlite
    run.steps = [
      .today(0), .edit(task: 0, field: .labels, variant: 0), .editTitle(task: 0, title: "renamed, nothing else"),
      .editTitle(task: 0, title: "renamed again"),
    ]
    let outcome = await run.run()
    #expect(outcome.steps == 5)
    #expect(outcome.problems.isEmpty, "\(outcome.problems)")
  }

  /// Issue 58: declared fields change between builds with nothing else moving (the day pinned): a field added,
  /// values set (one for a milestone not yet declared), a milestone declared, the field renamed (its pages move),
  /// its options reordered, one renamed, one added, the field removed, and the removal undone. Every page a
  /// declaration reaches (chips, value pages and their feeds, the index, board.json) must match a fresh build.
  @Test func declaredFieldsChangedWithNothingElseMoving() async throws {
    let binaries = try OracleBinaries()
    defer { binaries.remove() }
    var run = OracleRun(seed: Self.firstSeed, binaries: binaries)
    run.backend = .sqlite
    run.steps = [
      .today(0), .define(variant: 0), .edit(task: 0, field: .values, variant: 1),
      .edit(task: 1, field: .values, variant: 2), .define(variant: 4), .define(variant: 1), .define(variant: 0),
      .define(variant: 7), .define(variant: 3), .edit(task: 2, field: .values, variant: 3), .define(variant: 2), .undo,
    ]
    let outcome = await run.run()
    #expect(outcome.steps == 13)
    #expect(outcome.problems.isEmpty, "\(outcome.problems)")
  }

  @Test func theManifestKeyIsTheOnlyFieldLeftOut() {
    let heading = "pmboard site: files written by pmboard build (others are kept as they are)"
    let one = Data("\(heading)\tkey 0123abcd 4 7 90\nindex.html\t00000000000000ff\n".utf8)
    let other = Data("\(heading)\tkey ffff0000 4 7 90\nindex.html\t00000000000000ff\n".utf8)
    #expect(OracleTree.withoutKey(one) == OracleTree.withoutKey(other))
    #expect(String(decoding: OracleTree.withoutKey(one), as: UTF8.self).hasPrefix("\(heading)\tkey KEY 4 7 90\n"))
    let otherCount = Data("\(heading)\tkey ffff0000 4 8 90\nindex.html\t00000000000000ff\n".utf8)
    #expect(OracleTree.withoutKey(one) != OracleTree.withoutKey(otherCount))
    let otherPrint = Data("\(heading)\tkey ffff0000 4 7 90\nindex.html\t00000000000000fe\n".utf8)
    #expect(OracleTree.withoutKey(one) != OracleTree.withoutKey(otherPrint))
  }
}

/// The executables the "another binary" step builds with: `pmboard` as built, and a copy of it (a file of its own,
/// so another identity, as after an upgrade that changed nothing that renders).
struct OracleBinaries: Sendable {
  let original: String
  let copy: String
  private let folder: URL

  init() throws {
    original = URL(fileURLWithPath: CLIRunner.binary.path).standardizedFileURL.path
    folder = try TemporaryFolder.make("pmboard-oracle-binary")
    copy = folder.appendingPathComponent("pmboard").path
    try FileManager.default.copyItem(atPath: original, toPath: copy)
  }

  func remove() { try? FileManager.default.removeItem(at: folder) }
}

/// What one sequence found.
struct OracleOutcome: Sendable {
  var seed: UInt64
  var problems: [String] = []
  var steps = 0
  var shortcuts = 0
  var spareTaken = 0
  /// The kinds of steps taken (``OracleStep/kind``) and the store's kind (`store sqlite`).
  var kinds: Set<String> = []
}
