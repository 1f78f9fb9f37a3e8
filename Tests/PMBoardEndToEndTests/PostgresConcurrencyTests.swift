import Foundation
import PMBoardBytes
import PMBoardCLI
import PMBoardCore
import PMBoardSite
import PMBoardStore
import PMBoardTestSupport
import Testing

/// Many `pmboard` processes writing one PostgreSQL board at once.
@Suite("concurrent writers on PostgreSQL", .serialized, .needs(.postgres))
struct PostgresConcurrencyTests {
  @Test func fourProcessesAdding250EachLoseNothing() async throws {
    let cluster = try PostgresTestCluster.shared.get()
    var cli = try CLIRunner()
    cli.environment["PMBOARD_STORE"] = cluster.url(database: try cluster.freshDatabase())
    defer { cli.remove() }
    #expect(try cli.run("init", "--time-zone", "UTC").status == 0)
    let runner = cli
    // Each worker on a thread of its own, so the other tests' tasks keep the cooperative pool meanwhile.
    let failures = try await withThrowingTaskGroup(of: [String].self) { group in
      for worker in 0..<4 {
        group.addTask {
          try await Self.inBackground {
            var failed: [String] = []
            for index in 0..<250 {
              let result = try runner.run("add", "worker \(worker) task \(index)")
              if result.status != 0 { failed.append(result.stderr) }
            }
            return failed
          }.get()
        }
      }
      return try await group.reduce([], +)
    }
    #expect(failures.isEmpty, "\(failures.prefix(3))")
    let object = try JSONSerialization.jsonObject(with: Data(try cli.run("export").stdout.utf8)) as? [String: Any]
    #expect((object?["tasks"] as? [Any])?.count == 1000)
    #expect((object?["history"] as? [Any])?.count == 1000)
  }

  /// Two processes change the same task at once: both read it, then both try to write while the test holds the
  /// board's lock, so neither can commit before the other has read. One wins; the other changes nothing.
  @Test(arguments: [["edit", "$ID", "--title", "Renamed"], ["move", "$ID", "doing"]])
  func twoChangesOfOneTaskAtOnceGiveOneConflict(second: [String]) async throws {
    let cluster = try PostgresTestCluster.shared.get()
    let database = try cluster.freshDatabase()
    var cli = try CLIRunner()
    cli.environment["PMBOARD_STORE"] = cluster.url(database: database)
    defer { cli.remove() }
    #expect(try cli.run("init", "--time-zone", "UTC").status == 0)
    #expect(try cli.run("add", "Shared task").status == 0)
    let id = try cli.firstTaskID()
    let before = try cli.run("export").stdout

    let holder = try PostgresConnection(conninfo: cluster.url(database: database))
    try holder.execute("BEGIN")
    try holder.execute("SELECT 1 FROM pmboard.board WHERE name = 'default' FOR UPDATE")
    let runner = cli
    let commands = [["edit", id, "--due", "2026-12-24"], second.map { $0 == "$ID" ? id : $0 }]
    async let first = Self.inBackground { try runner.run(commands[0]) }
    async let other = Self.inBackground { try runner.run(commands[1]) }
    // Released once both processes wait for the lock, having read the task as it was.
    var waiting = 0
    for _ in 0..<600 where waiting < 2 {
      try await Task.sleep(for: .milliseconds(50))
      let rows = try cluster.rows(
        "SELECT count(*) FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'", [database])
      waiting = Int(rows.first?.first.flatMap { $0 } ?? "0") ?? 0
    }
    #expect(waiting == 2)
    try holder.execute("ROLLBACK")
    let results = try await [first.get(), other.get()]

    let winners = results.filter { $0.status == 0 }
    let losers = results.filter { $0.status != 0 }
    #expect(winners.count == 1 && losers.count == 1)
    let message = losers.first?.stderr ?? ""
    #expect(message.split(separator: "\n").count == 1, "\(message)")
    #expect(message.contains("task \(id) was changed by someone else meanwhile; nothing was recorded"), "\(message)")
    let history = try cli.run("history", "--json").stdout
    #expect(history.components(separatedBy: "\"action\"").count - 1 == 2, "one add and the winner's change")
    #expect(try cli.run("export").stdout != before)
    let shown = try cli.run("show", id).stdout
    let dueChanged = shown.contains("2026-12-24")
    let secondApplied = shown.contains("Renamed") || shown.contains("state:     doing")
    #expect(dueChanged != secondApplied, "exactly one of the two changes is on the board:\n\(shown)")
  }

  /// Runs `body` on a thread of its own: a process waiting for a lock blocks its thread, and neither Swift's
  /// cooperative pool nor Dispatch's global queues (under the load of the other tests) start another one soon.
  static func inBackground<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async -> Result<T, any Error> {
    await withCheckedContinuation { done in
      Thread { done.resume(returning: Result { try body() }) }.start()
    }
  }
}
