import Foundation
import PMBoardCore
import PMBoardStore
import PMBoardTestSupport
import Testing

/// Three replicas and their remote do random changes, offline, and sync in random orders; afterwards all four
/// hold the same board and history, byte for byte (docs/sync.md).
@Suite("replica sync", .serialized, .needs(.postgres))
struct ReplicaSyncPropertyTests {
  static let schedules = 200
  /// How many schedules run at once. Each has a board and replicas of its own and waits on the server's replies and
  /// on SQLite's commits much of the time; one at a time, the 200 took 7 to 14 minutes on the shared 2-core machine.
  static let width = 4

  @Test func replicasAndRemoteAgreeAfterAnySchedule() async throws {
    let cluster = try PostgresTestCluster.shared.get()
    let database = try cluster.freshDatabase()
    var resolutions: [SyncResolution: Int] = [:]
    var undone = Undone()
    try await StoreScratch.with { scratch async throws in
      // Each schedule on a thread of its own (as PostgresConcurrencyTests' writers): a store's calls block their
      // thread, and four schedules on the cooperative pool would hold it from the other tests meanwhile.
      let outcomes = try await withThrowingTaskGroup(of: ([HistoryEntry], Undone).self) { group in
        var seeds = (0..<Self.schedules).makeIterator()
        let start = { (group: inout ThrowingTaskGroup<([HistoryEntry], Undone), any Error>, seed: Int) in
          let url = cluster.url(database: database, board: "schedule\(seed)")
          let directory = scratch.path("s\(seed)")
          group.addTask {
            try await OwnThread.run {
              var undone = Undone()
              let history = try await Self().run(seed: UInt64(seed), url: url, directory: directory, undone: &undone)
              return (history, undone)
            }
          }
        }
        for _ in 0..<Self.width { if let seed = seeds.next() { start(&group, seed) } }
        var outcomes: [([HistoryEntry], Undone)] = []
        while let outcome = try await group.next() {
          outcomes.append(outcome)
          if let seed = seeds.next() { start(&group, seed) }
        }
        return outcomes
      }
      for (history, counts) in outcomes {
        for case let resolution? in history.map(\.resolution) { resolutions[resolution, default: 0] += 1 }
        undone.add(counts)
      }
    }
    // The schedules do meet concurrent changes, of both kinds.
    #expect(resolutions[.merged, default: 0] >= 10 && resolutions[.lost, default: 0] >= 10, "\(resolutions)")
    // And undos of synced changes: in the replica after its sync, and on the remote by the replica's author.
    #expect(undone.inReplicaAfterSync >= 10 && undone.onRemoteByReplicaAuthor >= 10, "\(undone)")
    // And an undo or redo pushed after someone changed its task, which the remote left out: rare in these
    // schedules (one in 200 at the time of writing), so each sync checks the rule (`expectedRefusals`) besides.
    #expect(undone.notAppliedOnSync >= 1, "\(undone)")
  }

  /// How many undos of changes already synced the schedules made.
  struct Undone {
    var inReplicaAfterSync = 0
    var onRemoteByReplicaAuthor = 0
    var notAppliedOnSync = 0

    mutating func add(_ other: Undone) {
      inReplicaAfterSync += other.inReplicaAfterSync
      onRemoteByReplicaAuthor += other.onRemoteByReplicaAuthor
      notAppliedOnSync += other.notAppliedOnSync
    }
  }

  /// The model of a pushed undo or redo (docs/sync.md): it is a change whose base is the task as the replica saw
  /// it. For each that is its task's first pending change (its target went in an earlier sync: `candidates`),
  /// the next sync leaves it out exactly when the remote holds that task otherwise now (`expected`, in order).
  private func expectedRefusals(
    of replica: SQLiteBoardStore, _ remote: PostgresBoardStore
  ) async throws -> (candidates: Set<UUID>, expected: [UUID]) {
    let tasks = Dictionary(uniqueKeysWithValues: try await remote.load().tasks.map { ($0.id, $0) })
    var seen: Set<UUID> = []
    var candidates: Set<UUID> = []
    var expected: [UUID] = []
    for item in try await replica.pendingChanges() {
      defer { seen.insert(item.change.taskID) }
      guard item.kind != .change, !seen.contains(item.change.taskID) else { continue }
      candidates.insert(item.id)
      if let now = tasks[item.change.taskID], now != item.change.before { expected.append(item.id) }
    }
    return (candidates, expected)
  }

  /// One schedule: checks that every store exports the same bytes, and returns the remote's history.
  private func run(
    seed: UInt64, url: String, directory: String, undone: inout Undone
  ) async throws -> [HistoryEntry] {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    var random = SplitMix64(seed: seed)
    let remote = try PostgresBoardStore(url: url)
    let start = (0..<3).map { StoreSamples.newTask($0) }
    try await remote.create(Board(info: BoardInfo(title: "Sync", timeZoneID: "Asia/Seoul"), tasks: start))
    var replicas: [SQLiteBoardStore] = []
    for index in 0..<3 {
      replicas.append(try await SQLiteBoardStore.clone(remote, to: "\(directory)/r\(index).sqlite"))
    }
    let stores: [any BoardStore] = replicas + [remote]
    var clock = 0
    // Per replica: synced since its last change, so that an undo there now undoes a change the remote holds.
    var synced = [false, false, false]
    for _ in 0..<14 {
      clock += 1
      let actor = random.below(stores.count)
      let author = actor == 3 ? "remote" : "r\(actor)"
      let choice = random.below(10)
      if actor < 3 && choice >= 8 {
        let refusals = try await expectedRefusals(of: replicas[actor], remote)
        if choice == 9 {
          // A sync whose reply never arrived: the remote applied the changes, the replica did not hear back.
          _ = try await replicas[actor].remoteOnlyExchange(remote)
        }
        let summary = try await replicas[actor].sync(with: remote, at: StoreSamples.at(clock))
        let firstOfTheirTask = summary.changedSince.map(\.id).filter { refusals.candidates.contains($0) }
        #expect(firstOfTheirTask == refusals.expected, "seed \(seed): undos and redos left out")
        undone.notAppliedOnSync += refusals.expected.count
        synced[actor] = true
      } else if actor == 3 && choice >= 8 {
        // Someone who works in a replica undoes their newest change on the remote, where a sync pushed it.
        if try await undoRefusals({ _ = try await remote.undo(at: StoreSamples.at(clock), by: "r\(random.below(3))") })
        {
          undone.onRemoteByReplicaAuthor += 1
        }
      } else {
        let outcome = try await randomChange(on: stores[actor], author: author, at: StoreSamples.at(clock), &random)
        if actor < 3 {
          if outcome == .undid && synced[actor] { undone.inReplicaAfterSync += 1 }
          if outcome != .refused { synced[actor] = false }
        }
      }
    }
    for _ in 0..<2 {
      for replica in replicas { _ = try await replica.sync(with: remote, at: StoreSamples.at(clock + 1)) }
    }
    let board = try await remote.load()
    let expected = InterchangeWriter().data(for: board)
    for (index, replica) in replicas.enumerated() {
      let exported = InterchangeWriter().data(for: try await replica.load())
      #expect(exported == expected, "seed \(seed): replica \(index) differs from the remote")
      #expect(try await replica.replicaState()?.pendingCount == 0)
    }
    return board.history
  }

  /// An add, edit, move, remove, undo or redo by `author`; refusals (nothing to undo, a conflict) are part of
  /// the game.
  private func randomChange(
    on store: any BoardStore, author: String, at date: Date, _ random: inout SplitMix64
  ) async throws -> Outcome {
    let tasks = try await store.load().tasks
    let pick = tasks.isEmpty ? nil : tasks[random.below(tasks.count)]
    do {
      switch (random.below(7), pick) {
      case (0, _), (_, nil):
        let task = BoardTask(title: "Task \(random.below(1000))", created: date)
        try await store.commit(.add(task, at: date, by: author))
      case (1, let task?):
        var edited = task
        edited.title = "Title \(random.below(1000))"
        if random.below(2) == 0 { edited.body = "Body \(random.below(1000))" }
        // Names come and go name by name, so that offline changes to one set meet (docs/sync.md).
        for _ in 0..<random.below(3) {
          let label = ["bug", "ui", "라벨"][random.below(3)]
          if edited.labels.contains(label) { edited.labels.remove(label) } else { edited.labels.insert(label) }
        }
        if random.below(3) == 0 {
          let person = ["kyo", "さくら"][random.below(2)]
          if edited.assignees.contains(person) {
            edited.assignees.remove(person)
          } else {
            edited.assignees.insert(person)
          }
        }
        if random.below(4) == 0 { edited.url = random.below(2) == 0 ? "" : "https://example.com/\(random.below(9))" }
        // From a copy of the generator: the schedules' own draws stay as they were, with the rare events they meet.
        var valueRandom = random
        Self.changeValues(of: &edited, &valueRandom)
        edited.updated = date
        try await store.commit(.update(from: task, to: edited, at: date, by: author))
      case (2, let task?), (3, let task?):
        var moved = task
        moved.state = TaskState.allCases.filter { $0 != task.state }[random.below(2)]
        moved.updated = date
        try await store.commit(.update(from: task, to: moved, at: date, by: author))
      case (4, let task?):
        try await store.commit(.remove(task, at: date, by: author))
      case (5, _):
        _ = try await store.undo(at: date, by: author)
        return .undid
      default:
        _ = try await store.redo(at: date, by: author)
      }
      return .changed
    } catch let error as StoreError {
      switch error {
      case .nothingToUndo, .nothingToRedo, .undoConflict: return .refused
      default: throw error
      }
    }
  }

  enum Outcome { case changed, undid, refused }

  /// Two fields' ids: a select and a multi-select (issue 58). Values merge field by field, a multi-select's names
  /// one by one, whether or not the board declares the field.
  static let (priority, team) = (
    UUID(uuidString: "00000000-0000-4000-8000-0000000000a1")!, UUID(uuidString: "00000000-0000-4000-8000-0000000000a2")!
  )

  /// Sets, clears or leaves the select, and adds or takes off one name of the multi-select.
  static func changeValues(of task: inout BoardTask, _ random: inout SplitMix64) {
    switch random.below(4) {
    case 0: task.values[priority] = .option(["p0", "p1", "p2"][random.below(3)])
    case 1: task.values[priority] = nil
    default: break
    }
    guard random.below(2) == 0 else { return }
    let name = ["web", "api", "모바일"][random.below(3)]
    var names: NameSet = []
    if case .names(let current)? = task.values[team] { names = current }
    if names.contains(name) { names.remove(name) } else { names.insert(name) }
    task.values[team] = names.isEmpty ? nil : .names(names)
  }

  /// Runs `body`; true when it did not throw, false when it was refused as an undo may be, and any other error
  /// thrown on.
  private func undoRefusals(_ body: () async throws -> Void) async throws -> Bool {
    do {
      try await body()
      return true
    } catch let error as StoreError {
      switch error {
      case .nothingToUndo, .nothingToRedo, .undoConflict: return false
      default: throw error
      }
    }
  }
}

extension SQLiteBoardStore {
  /// The remote's half of a sync alone, as when the connection drops after the remote committed.
  fileprivate func remoteOnlyExchange(_ remote: PostgresBoardStore) async throws -> RemoteChanges {
    let pending = try await pendingChanges()
    let pulled = try await replicaState()?.pulled ?? 0
    return try remote.exchange(pending, pulled: pulled)
  }
}
