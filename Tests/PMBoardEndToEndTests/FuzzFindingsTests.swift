import Foundation
import PMBoardTestSupport
import Testing

/// Every input the fuzzers once crashed or hung on (`Fuzz/Crashes`) goes through its harness without a crash, in
/// the plain build that `swift test` makes.
@Suite struct FuzzFindingsTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static var findings: [String] {
    let folder = root.appendingPathComponent("Fuzz/Crashes")
    let kinds = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return kinds.flatMap { kind in
      ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(kind).path)) ?? [])
        .map { "\(kind)/\($0)" }
    }.sorted()
  }

  @Test func thereAreFindingsToReplay() {
    #expect(Self.findings.count >= 5)
  }

  @Test(arguments: findings)
  func aFindingReplaysWithoutACrash(finding: String) throws {
    let kind = String(finding.prefix { $0 != "/" })
    let harness = CLIRunner.binary.deletingLastPathComponent().appendingPathComponent("pmboard-fuzz-\(kind)")
    let cli = try CLIRunner()
    defer { cli.remove() }
    let start = ContinuousClock.now
    let result = try cli.run([harness.path, Self.root.appendingPathComponent("Fuzz/Crashes/\(finding)").path])
    #expect(result.status == 0, "\(result.stderr.suffix(500))")
    #expect(ContinuousClock.now - start < .seconds(10))
  }
}
