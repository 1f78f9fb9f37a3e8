import Foundation
import PMBoardTestSupport
import Testing

/// A theme from a pull request cannot publish files from outside its folders, and `--public` cannot publish the
/// store or the site itself.
@Suite struct ThemeSafetyTests {
  private func board() throws -> CLIRunner {
    let cli = try CLIRunner()
    try cli.run("init")
    return cli
  }

  @Test(arguments: ["Public/secret.txt", "Templates/footer.mustache"])
  func aLinkOutOfTheThemeFailsTheBuild(link: String) throws {
    let cli = try board()
    defer { cli.remove() }
    try cli.write("outside/secret.txt", "root:$6$hash")
    try FileManager.default.createDirectory(
      atPath: cli.path((link as NSString).deletingLastPathComponent), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: cli.path(link), withDestinationPath: cli.path("outside/secret.txt"))
    for command in ["build", "check"] {
      let result = try cli.run(command)
      #expect(result.status == 1)
      #expect(result.stderr.contains("\(link) is a symbolic link to"), "\(result.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: cli.path("_site")))
  }

  @Test func aLinkInsideTheThemeIsFine() throws {
    let cli = try board()
    defer { cli.remove() }
    try cli.write("Public/real.txt", "hello")
    try FileManager.default.createSymbolicLink(atPath: cli.path("Public/alias.txt"), withDestinationPath: "real.txt")
    #expect(try cli.run("build").status == 0)
    #expect(try cli.read("_site/assets/alias.txt") == "hello")
  }

  @Test func aPublicFolderHoldingTheSiteOrTheStoreIsRefused() throws {
    let cli = try board()
    defer { cli.remove() }
    let dot = try cli.run("build", "--public", ".")
    #expect(dot.status == 1)
    #expect(dot.stderr.contains("contains the output folder _site"), "\(dot.stderr)")
    let store = try cli.run("build", "--public", ".", "--out", "/tmp/pmboard-elsewhere-\(UUID().uuidString)")
    #expect(store.status == 1)
    #expect(store.stderr.contains("contains the store"), "\(store.stderr)")
  }

  @Test func aFIFOInTheThemeIsRefusedNotWaitedOn() throws {
    let cli = try board()
    defer { cli.remove() }
    try FileManager.default.createDirectory(atPath: cli.path("Public"), withIntermediateDirectories: true)
    #expect(mkfifo(cli.path("Public/pipe"), 0o644) == 0)
    let result = try cli.run("build")
    #expect(result.status == 1)
    #expect(result.stderr.contains("Public/pipe is not a regular file"), "\(result.stderr)")
  }
}
