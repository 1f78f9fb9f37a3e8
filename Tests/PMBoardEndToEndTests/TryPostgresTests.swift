import Foundation
import PMBoardTestSupport
import Testing

/// `scripts/try-postgres`, the README's team-store recipe: one command starts a throwaway cluster and prints the one
/// URL to give pmboard, which then keeps a board in it; a second call finds it running; `stop` removes it.
@Suite("scripts/try-postgres", .serialized, .needs(.postgres))
struct TryPostgresTests {
  static let script = Golden.repositoryRoot.appendingPathComponent("scripts/try-postgres").path

  @Test func theRecipeWorksAsWritten() throws {
    var cli = try CLIRunner()
    defer { cli.remove() }
    // Short and unique: the socket's path must stay under ~100 bytes.
    let folder = "/tmp/pmb-try-" + UUID().uuidString.prefix(8).lowercased()
    defer { _ = try? cli.run(Self.script, "stop", folder) }
    let started = try cli.run(Self.script, folder)
    #expect(started.status == 0, "\(started.stderr)")
    let url = started.stdout.trimmingCharacters(in: .newlines)
    #expect(!url.contains("\n") && url.hasPrefix("postgresql:///pmboard?host="), "\(started.stdout)")
    #expect(started.stderr.contains("on its socket only"), "\(started.stderr)")
    cli.environment["PMBOARD_STORE"] = url + "&board=team"
    #expect(try cli.run("init", "--time-zone", "UTC").status == 0)
    #expect(try cli.run("add", "Shared task").status == 0)
    #expect(try cli.run("list").stdout.contains("Shared task"))
    let again = try cli.run(Self.script, folder)
    #expect(again.stdout == started.stdout && again.stderr.contains("already running"), "\(again.stderr)")
    #expect(try cli.run("list").stdout.contains("Shared task"), "the board is still there")
    let stopped = try cli.run(Self.script, "stop", folder)
    #expect(stopped.status == 0, "\(stopped.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder))
    #expect(try cli.run("list").status == 1, "the server is gone")
  }
}
