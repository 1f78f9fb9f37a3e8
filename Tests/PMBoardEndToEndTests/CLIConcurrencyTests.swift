import Foundation
import PMBoardCLI
import PMBoardCore
import PMBoardSite
import PMBoardStore
import PMBoardTestSupport
import Testing

/// 4 processes × 250 `pmboard add` on one store: nothing may be lost silently.
@Suite("concurrent writers", .serialized, .needs(.minutes))
struct CLIConcurrencyTests {
  func hammer(store: String) async throws -> (tasks: Int, history: Int, failures: Int, reasons: [String]) {
    var cli = try CLIRunner()
    cli.environment["PMBOARD_STORE"] = store
    defer { cli.remove() }
    try cli.run("init", "--time-zone", "UTC")
    let runner = cli
    // What each failing add said, so that a rare failure under load names its cause. Each worker on a thread of its
    // own, so the other tests' tasks keep the cooperative pool meanwhile (PostgresConcurrencyTests).
    let reasons = try await withThrowingTaskGroup(of: [String].self) { group in
      for worker in 0..<4 {
        group.addTask {
          try await PostgresConcurrencyTests.inBackground {
            var said: [String] = []
            for index in 0..<250 {
              let result = try runner.run("add", "worker \(worker) task \(index)")
              if result.status != 0 { said.append(result.stderr) }
            }
            return said
          }.get()
        }
      }
      return try await group.reduce([], +)
    }
    for reason in reasons { #expect(!reason.isEmpty, "a failing add must say why") }
    let json = try cli.run("export").stdout
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
    return ((object["tasks"] as! [Any]).count, (object["history"] as! [Any]).count, reasons.count, reasons)
  }

  @Test func sqliteKeepsEveryAdd() async throws {
    let result = try await hammer(store: "board.sqlite")
    #expect(result.failures == 0, "\(result.reasons)")
    #expect(result.tasks == 1000)
    #expect(result.history == 1000)
  }

  /// The JSON store takes a file lock around each change, so concurrent adds wait for each other: every one lands.
  @Test func jsonKeepsEveryAdd() async throws {
    let result = try await hammer(store: "board.json")
    #expect(result.failures == 0, "\(result.reasons)")
    #expect(result.tasks == 1000)
    #expect(result.history == 1000)
  }
}
