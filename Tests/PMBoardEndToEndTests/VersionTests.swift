import Foundation
import PMBoardCLI
import PMBoardTestSupport
import Testing

/// `pmboard --version` names the version and the commit the binary was built from (Plugins/EmbedCommit), and
/// `pmboard-commit`, the plugin's tool, finds that commit in git's files the ways git keeps them.
@Suite("pmboard --version")
struct VersionTests {
  /// What `git ARGUMENTS` prints in `folder`, or nil when git is not installed or fails.
  static func git(_ arguments: [String], in folder: URL) throws -> String? {
    let cli = try CLIRunner()
    defer { cli.remove() }
    let result = try cli.run(["/usr/bin/env", "git", "-C", folder.path] + arguments)
    return result.status == 0 ? result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) : nil
  }

  @Test func versionPrintsTheNumberAndTheCommitOfTheCheckout() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    let result = try cli.run("--version")
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    // The test binary and pmboard are built from the same checkout, so git says which commit that is; without git
    // metadata (sources from a tarball) the commit is unknown.
    let hasGit = FileManager.default.fileExists(atPath: Golden.repositoryRoot.appendingPathComponent(".git").path)
    let head = hasGit ? try Self.git(["rev-parse", "HEAD"], in: Golden.repositoryRoot) : nil
    let commit = head.map { String($0.prefix(12)) } ?? (hasGit ? nil : "unknown")
    if let commit {
      #expect(result.stdout == "pmboard \(PMBoardVersion.number) (commit \(commit))\n")
    } else {
      #expect(result.stdout.wholeMatch(of: /pmboard \d+\.\d+\.\d+ \(commit [0-9a-f]{12}\)\n/) != nil)
    }
    #expect(PMBoardVersion.number.wholeMatch(of: /\d+\.\d+\.\d+/) != nil)
  }

  @Test func aSubcommandAcceptsVersionToo() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    let root = try cli.run("--version")
    let build = try cli.run("build", "--version")
    #expect(build.status == 0)
    #expect(build.stdout == root.stdout)
  }
}
