import Foundation
import PMBoardBytes
import PMBoardTestSupport
import Testing

/// Issue 57, item 11, through the binary: a build refuses an `--out` whose folder another user may write, with one
/// line naming the folder and the fix, even when nothing changed; `--shared-out` or `shared-out: true` keep the
/// warning instead. The documented route of the GitHub Action in a container (root over a workspace another uid
/// owns) keeps working. Another user is `nobody`, so these run as root.
@Suite("shared --out", .serialized, .enabled(if: getuid() == 0, "needs root to give folders to another user"))
struct SharedOutTests {
  @Test func aFolderOthersMayWriteIsRefusedUnlessSaidToBeShared() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    try FileManager.default.createDirectory(atPath: cli.path("web"), withIntermediateDirectories: false)
    #expect(chmod(cli.path("web"), 0o777) == 0)
    let web = cli.path("web")
    let refused = try cli.run("build", "--demo", "--out", "web/site")
    #expect(refused.status == 1)
    #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
    #expect(refused.stderr.contains("the folder \(web) on the way to the site is writable by others"))
    #expect(refused.stderr.contains("chmod go-w \(web)") && refused.stderr.contains("--shared-out"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: web).isEmpty)
    for round in 0..<2 {
      let shared = try cli.run("build", "--demo", "--out", "web/site", "--shared-out")
      #expect(shared.status == 0, "\(shared.stderr)")
      #expect(shared.stderr.contains("\(web) on the way to the site is writable by others"), "round \(round)")
    }
    // Nothing changed since: still refused (the shortcut asks the same question), then accepted by the setting.
    let again = try cli.run("build", "--demo", "--out", "web/site")
    #expect(again.status == 1 && again.stderr.contains("--shared-out"), "\(again.stderr)")
    try cli.write("pmboard.yml", "shared-out: true\n")
    let configured = try cli.run("build", "--demo", "--out", "web/site")
    #expect(configured.status == 0, "\(configured.stderr)")
    #expect(configured.stderr.contains("writable by others"))
    try cli.write("pmboard.yml", "shared-out: yes please\n")
    let bad = try cli.run("build", "--demo", "--out", "web/site")
    #expect(bad.status != 0 && bad.stderr.contains("`shared-out` takes true or false"), "\(bad.stderr)")
  }

  /// The action in a `container:` job: root builds in a checkout whose folder the runner's uid owns, the store
  /// committed there. The workspace's owner is the store folder's, so it is trusted; the demo, with no store,
  /// is refused there.
  @Test func theActionsContainerRouteKeepsWorking() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    #expect(try cli.run("init", "--store", "board.json", "--title", "T").status == 0)
    #expect(try cli.run("add", "--store", "board.json", "One").status == 0)
    #expect(chown(cli.directory.path, 65534, 65534) == 0)
    for round in 0..<2 {
      let built = try cli.run("build", "--store", "board.json", "--out", "_site")
      #expect(built.status == 0, "round \(round): \(built.stderr)")
      #expect(built.stderr.isEmpty, "\(built.stderr)")
    }
    let demo = try cli.run("build", "--demo", "--out", "demo")
    #expect(demo.status == 1)
    #expect(demo.stderr.contains("the folder \(cli.directory.path) on the way to the site is owned by user 65534"))
  }
}
