import Foundation
import PMBoardCore
import PMBoardTestSupport

/// One oracle sequence, replayable from its seed: the setup, then 3–8 steps, each followed by an incremental and a
/// fresh build and their comparison. The first difference (or failure) ends the sequence: what follows it would
/// only repeat it.
struct OracleRun: Sendable {
  let seed: UInt64
  let binaries: OracleBinaries
  /// The steps to take instead of random ones (a reproduction); the setup still comes from the seed.
  var steps: [OracleStep]?
  /// The store's kind instead of the seed's.
  var backend: StoreBackend?

  /// How many tasks the board starts with; nil: 2 to 6, drawn by the seed.
  var initialTasks: Int?

  func run() async -> OracleOutcome {
    var outcome = OracleOutcome(seed: seed)
    var random = SplitMix64(seed: seed)
    // JSON stores tell their revision too (a hash of the file): a fifth of the sequences use one.
    let drawn: StoreBackend = random.below(5) == 0 ? .json : .sqlite
    let backend = self.backend ?? drawn
    outcome.kinds.insert("store \(backend.rawValue)")
    let start = Date(timeIntervalSince1970: Double(OracleStep.baseDay.daysSinceEpoch * 86_400 + random.below(86_400)))
    let world: OracleWorld
    do {
      world = try OracleWorld(backend: backend, now: start)
    } catch {
      outcome.problems.append("seed \(hex) could not make its folder: \(error)")
      return outcome
    }
    defer { world.remove() }
    let zone = OracleStep.pick(OracleStep.zones, &random)
    let tasks = initialTasks ?? 2 + random.below(5)
    // Half the sequences start with `--today` pinned: only they can take the shortcut after the clock moves.
    if random.below(2) == 0 { world.settings.today = OracleStep.baseDay.adding(days: random.below(5) - 2) }
    // A third of the sequences start with every locale, the others with one or two: each locale's pages are built
    // alike, and fewer pages keep the sequences quick; a step may still change the locales.
    switch random.below(3) {
    case 0: break
    case 1: world.settings.locales = [OracleStep.pick(OracleStep.allLocales, &random)]
    default: world.settings.locales = OracleStep.allLocales.filter { _ in random.below(2) == 0 }.nilIfEmpty
    }
    var log = [
      "setup: \(backend.rawValue) store, zone \(zone), \(tasks) tasks, --today \(world.settings.today?.description ?? "none"), "
        + "locales \(world.settings.locales?.joined(separator: ",") ?? "all")"
    ]
    var previous = OracleBinary.inProcess
    do {
      try await world.create(tasks: tasks, zone: zone, &random)
      try await check(world, binary: .inProcess, step: nil, previous: &previous, log: log, into: &outcome)
      let count = 3 + random.below(6)
      for index in 0..<(steps?.count ?? count) where outcome.problems.isEmpty {
        let step = steps?[index] ?? OracleStep.random(&random)
        log.append(step.description)
        outcome.kinds.insert(step.kind)
        if case .restore(let then) = step { outcome.kinds.insert(then.kind) }
        try await world.apply(step, &random)
        let binary: OracleBinary =
          switch step {
          case .otherBinary(let copy): .executable(copy ? binaries.copy : binaries.original)
          default: .inProcess
          }
        try await check(world, binary: binary, step: step, previous: &previous, log: log, into: &outcome)
      }
    } catch {
      outcome.problems.append(report("failed: \(error)", log: log))
    }
    return outcome
  }

  /// Rebuilds the incremental site, builds the fresh one, and compares them.
  private func check(
    _ world: OracleWorld, binary: OracleBinary, step: OracleStep?, previous: inout OracleBinary, log: [String],
    into outcome: inout OracleOutcome
  ) async throws {
    let spare = world.root.appendingPathComponent(".\(OracleWorld.incremental).pmboard-spare").path
    if FileManager.default.fileExists(atPath: spare) { outcome.spareTaken += 1 }
    let shortcut = try await world.build(into: OracleWorld.incremental, binary: binary)
    if shortcut { outcome.shortcuts += 1 }
    // Nothing changed and the same binary: the key is the last build's, so the build must not read the board.
    if case .nothing? = step, binary == previous, !shortcut {
      outcome.problems.append(report("a rebuild with nothing changed did not take the shortcut", log: log))
    }
    previous = binary
    outcome.steps += 1
    if let problem = try world.checkByHand() {
      outcome.problems.append(report(problem, log: log))
    }
    try await world.buildFresh(binary: binary)
    let incremental = try OracleTree(folder: world.root.appendingPathComponent(OracleWorld.incremental).path)
    let fresh = try OracleTree(folder: world.root.appendingPathComponent(OracleWorld.fresh).path)
    if let difference = incremental.firstDifference(from: fresh) {
      let how = shortcut ? " (the incremental build took the shortcut)" : ""
      outcome.problems.append(report("the sites differ\(how) at \(difference)", log: log))
    }
  }

  private var hex: String { "0x" + String(seed, radix: 16) }

  /// The failure's message: the seed, how to replay it, and every step so far (the last one is where it failed).
  private func report(_ problem: String, log: [String]) -> String {
    let steps = log.enumerated().map { "  \($0.offset). \($0.element)" }.joined(separator: "\n")
    return "oracle seed \(hex): after step \(log.count - 1), \(problem)\n"
      + (self.steps == nil
        ? "replay with PMBOARD_ORACLE_SEED=\(hex) swift test --filter IncrementalOracleTests\n"
        : "a fixed sequence: replay with its test\n") + "steps:\n\(steps)"
  }
}

extension Array {
  fileprivate var nilIfEmpty: Self? { isEmpty ? nil : self }
}
