import Foundation
import PMBoardTestSupport
import Testing

/// `build --watch` watches the folders the build reads: `./Templates` and `./Public` when no flag names others,
/// those made after it started, and folders made inside them.
@Suite("build --watch: default folders", .serialized)
struct WatchDefaultFoldersTests {
  private static let footer = "theme/partials/footer.mustache"

  private static func footer(_ words: String) -> String {
    "<footer class=\"site-footer\"><p>\(words)</p></footer>\n"
  }

  /// Waits until the English board page holds `text`.
  private static func shows(_ text: String, _ cli: CLIRunner, _ watching: WatchTests.Watching) -> Bool {
    watching.wait { _, _ in (try? cli.read("_site/en/index.html").contains(text)) ?? false }
  }

  @Test func anOverrideInTheDefaultTemplatesFolderIsRebuilt() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    #expect(try cli.run("init", "--demo").status == 0)
    try cli.write("Templates/partials/footer.mustache", Self.footer("First footer"))
    try cli.write("Public/extra.css", "p { color: red }\n")
    let watching = try WatchTests.Watching(cli, ["build", "--watch", "--today", "2026-11-21"])
    defer { if watching.process.isRunning { watching.process.terminate() } }
    #expect(watching.wait { out, _ in out.contains("Watching for changes") }, "\(watching.errors.withLock { $0 })")
    #expect(try cli.read("_site/en/index.html").contains("First footer"))

    try cli.write("Templates/partials/footer.mustache", Self.footer("Second footer"))
    #expect(Self.shows("Second footer", cli, watching), "\(watching.output.withLock { $0 })")

    try cli.write("Public/extra.css", "p { color: blue }\n")
    #expect(watching.wait { _, _ in (try? cli.read("_site/assets/extra.css").contains("blue")) ?? false })
  }

  @Test func aTemplatesFolderMadeWhileWatchingIsReadAndWatched() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    #expect(try cli.run("init", "--demo").status == 0)
    let watching = try WatchTests.Watching(cli, ["build", "--watch", "--today", "2026-11-21"])
    defer { if watching.process.isRunning { watching.process.terminate() } }
    #expect(watching.wait { out, _ in out.contains("Watching for changes") }, "\(watching.errors.withLock { $0 })")

    try cli.write("Templates/partials/footer.mustache", Self.footer("New footer"))
    #expect(Self.shows("New footer", cli, watching), "\(watching.output.withLock { $0 })")
    // Its files are watched once it is read: an edit after the rebuild is seen too.
    try cli.write("Templates/partials/footer.mustache", Self.footer("Edited footer"))
    #expect(Self.shows("Edited footer", cli, watching), "\(watching.output.withLock { $0 })")
  }

  @Test func aFolderMadeInsideAWatchedFolderIsWatched() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    #expect(try cli.run("init", "--demo").status == 0)
    try FileManager.default.createDirectory(atPath: cli.path("theme"), withIntermediateDirectories: true)
    let watching = try WatchTests.Watching(cli, ["build", "--watch", "--today", "2026-11-21", "--templates", "theme"])
    defer { if watching.process.isRunning { watching.process.terminate() } }
    #expect(watching.wait { out, _ in out.contains("Watching for changes") }, "\(watching.errors.withLock { $0 })")

    try cli.write(Self.footer, Self.footer("Nested footer"))
    #expect(Self.shows("Nested footer", cli, watching), "\(watching.output.withLock { $0 })")
    try cli.write(Self.footer, Self.footer("Nested edit"))
    #expect(Self.shows("Nested edit", cli, watching), "\(watching.output.withLock { $0 })")
  }
}
