import Foundation
import PMBoardTestSupport
import Testing

/// `kill -9` while `import` builds a new SQLite store: afterwards there is either no store (and the next import
/// makes one) or a whole one, never a half-made file that blocks `init` and `import`.
@Suite struct KilledCreateTests {
  @Test func anImportKilledAtAnyMomentLeavesNoStoreOrAWholeOne() async throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    let cards = (0..<5000).map { BoardFixture.Card(id: BoardFixture.id($0), title: "Task \($0)") }
    try cli.write("board.json", BoardFixture.json(cards: cards))
    for round in 0..<12 {
      let store = "store-\(round).sqlite"
      let process = Process()
      process.executableURL = CLIRunner.binary
      process.arguments = ["import", "board.json", "--store", store]
      process.currentDirectoryURL = cli.directory
      process.environment = cli.environment
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      try await Task.sleep(for: .milliseconds(10 + round * 15))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let list = try cli.run("list", "--store", store)
      if list.status == 0 {
        #expect(list.stdout.contains("5000 tasks"), "round \(round): \(list.stdout.suffix(200))")
      } else {
        #expect(list.stderr.contains("no board at"), "round \(round): \(list.stderr)")
        let again = try cli.run("import", "board.json", "--store", store)
        #expect(again.status == 0, "round \(round): \(again.stderr)")
      }
    }
    let left = try FileManager.default.contentsOfDirectory(atPath: cli.directory.path).filter { $0.contains(".draft-") }
    #expect(left.isEmpty, "\(left)")
  }
}
