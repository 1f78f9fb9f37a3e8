import Foundation
import PMBoardTestSupport
import Testing

/// Every command in the README and docs/ runs as written, and every relative link there leads somewhere
/// (`scripts/check-docs`, CONTRIBUTING.md "Documentation"), with the binary these tests built. Full tier: the
/// team-store recipe starts a PostgreSQL cluster with scripts/try-postgres.
@Suite("the docs' commands", .needs(.postgres))
struct DocsCommandsTests {
  @Test func everyDocumentedCommandRunsAsWritten() throws {
    var cli = try CLIRunner()
    defer { cli.remove() }
    cli.environment["PMBOARD_BIN"] = CLIRunner.binary.path
    cli.environment["CI"] = nil
    let script = Golden.repositoryRoot.appendingPathComponent("scripts/check-docs").path
    let result = try cli.run(script)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(!result.stdout.contains("FAIL"), "\(result.stdout)")
    #expect(!(result.stdout + result.stderr).contains("pending"), "everything the docs show exists: \(result.stdout)")
    let summary = #/check-docs: (\d+) commands run in (\d+) files; all passed/#
    let match = try #require((result.stdout + result.stderr).firstMatch(of: summary))
    #expect(Int(match.1) ?? 0 >= 90, "the docs' commands were run, not skipped")
  }
}
