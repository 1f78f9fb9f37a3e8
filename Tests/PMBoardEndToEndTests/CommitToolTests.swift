import Foundation
import PMBoardTestSupport
import Testing

/// `pmboard-commit` (Sources/pmboard-commit) reads the checked-out commit from git's files as git leaves them: a
/// branch's loose ref, packed refs, a detached HEAD, a linked worktree whose `.git` is a file; and nothing without
/// git metadata. Each case is made with the git program, so each is what git really writes.
private let gitInstalled = ["/usr/bin/git", "/usr/local/bin/git"].contains {
  FileManager.default.isExecutableFile(atPath: $0)
}

@Suite("the commit embedded for --version", .enabled(if: gitInstalled, "needs the git program"))
struct CommitToolTests {
  static let tool = CLIRunner.binary.deletingLastPathComponent().appendingPathComponent("pmboard-commit").path

  /// A repository in a folder of `cli` with one empty commit, and that commit's hash.
  func repository(_ cli: CLIRunner) throws -> String {
    let environment = ["GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t"]
    #expect(try cli.run("/usr/bin/env", "git", "init", "-q", "-b", "main", "repo").status == 0)
    let commit = try cli.run(
      ["/usr/bin/env"] + environment + ["git", "-C", "repo", "commit", "-q", "--allow-empty", "-m", "a"])
    #expect(commit.status == 0, "\(commit.stderr)")
    return try head(cli, "repo")
  }

  func head(_ cli: CLIRunner, _ folder: String) throws -> String {
    try cli.run("/usr/bin/env", "git", "-C", folder, "rev-parse", "HEAD").stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The commit the tool writes into its generated source for the given git folders.
  func embedded(_ cli: CLIRunner, _ folders: String...) throws -> String {
    let result = try cli.run([Self.tool, cli.path("out.swift")] + folders)
    #expect(result.status == 0, "\(result.stderr)")
    let source = try cli.read("out.swift")
    return try #require(source.firstMatch(of: /let builtFromCommit = "([0-9a-f]*)"/)).output.1.description
  }

  @Test func aBranchIsReadFromItsLooseRefAndFromPackedRefs() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    let commit = try repository(cli)
    #expect(commit.count == 40)
    #expect(try embedded(cli, cli.path("repo/.git"), cli.path("repo/.git")) == commit)
    #expect(try cli.run("/usr/bin/env", "git", "-C", "repo", "pack-refs", "--all").status == 0)
    #expect(cli.data("repo/.git/refs/heads/main") == nil)
    #expect(try embedded(cli, cli.path("repo/.git"), cli.path("repo/.git")) == commit)
  }

  @Test func aLinkedWorktreeAndADetachedHeadNameTheirOwnCommit() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    let first = try repository(cli)
    #expect(
      try cli.run("/usr/bin/env", "git", "-C", "repo", "worktree", "add", "-q", "-b", "side", "../side").status == 0)
    #expect(try cli.read("side/.git").hasPrefix("gitdir: "))
    let environment = ["GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t"]
    _ = try cli.run(["/usr/bin/env"] + environment + ["git", "-C", "side", "commit", "-q", "--allow-empty", "-m", "b"])
    let second = try head(cli, "side")
    #expect(second != first)
    let worktree = cli.path("repo/.git/worktrees/side")
    #expect(try embedded(cli, worktree, cli.path("repo/.git")) == second)
    #expect(try cli.run("/usr/bin/env", "git", "-C", "side", "checkout", "-q", "--detach", first).status == 0)
    #expect(try embedded(cli, worktree, cli.path("repo/.git")) == first)
  }

  @Test func withoutGitMetadataTheCommitIsEmpty() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    #expect(try embedded(cli).isEmpty)
    // A repository with no commit yet: HEAD names a branch that does not exist.
    #expect(try cli.run("/usr/bin/env", "git", "init", "-q", "empty").status == 0)
    #expect(try embedded(cli, cli.path("empty/.git"), cli.path("empty/.git")).isEmpty)
  }
}
