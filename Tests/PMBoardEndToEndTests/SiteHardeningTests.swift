import Foundation
import PMBoardBytes
import PMBoardTestSupport
import Testing

/// Issue 31, round 3: what a build must never do to the site folder and what lies beside it.
@Suite("site hardening", .serialized)
struct SiteHardeningTests {
  /// A board in `store` (relative to the runner's folder) with one task, built into `site` once.
  private func builtBoard(store: String) throws -> CLIRunner {
    var cli = try CLIRunner()
    cli.environment["PMBOARD_STORE"] = cli.path(store)
    #expect(try cli.run("init", "--title", "T", "--time-zone", "UTC").status == 0)
    #expect(try cli.run("add", "secret task", "--body", "private body").status == 0)
    let first = try cli.run("build", "--out", "site")
    #expect(first.status == 0, "\(first.stderr)")
    return cli
  }

  /// A store moved into the site (or into its spare) is refused with one line, and neither it nor its companion
  /// files are touched: a build would otherwise keep it there as the user's file, downloadable by anyone.
  @Test(arguments: ["board.sqlite", "board.json"])
  func aStoreInsideTheSiteIsRefusedAndKept(store: String) throws {
    let cli = try builtBoard(store: store)
    defer { cli.remove() }
    for folder in ["site", "site/en", ".site.pmboard-spare"] {
      let moved = folder + "/my-" + store
      try FileManager.default.createDirectory(atPath: cli.path(folder), withIntermediateDirectories: true)
      try FileManager.default.moveItem(atPath: cli.path(store), toPath: cli.path(moved))
      let before = cli.data(moved)
      let result = try cli.run("build", "--store", moved, "--out", "site")
      #expect(result.status != 0)
      #expect(result.stderr.contains("is inside the site folder site"), "\(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
      #expect(cli.data(moved) == before, "the store is left exactly as it was")
      try FileManager.default.moveItem(atPath: cli.path(moved), toPath: cli.path(store))
    }
    // Through a link to the site's folder too.
    try FileManager.default.createSymbolicLink(atPath: cli.path("link"), withDestinationPath: cli.path("site"))
    try FileManager.default.moveItem(atPath: cli.path(store), toPath: cli.path("site/my-" + store))
    let linked = try cli.run("build", "--store", "link/my-" + store, "--out", "site")
    #expect(linked.status != 0)
    #expect(linked.stderr.contains("is inside the site folder"), "\(linked.stderr)")
    #expect(FileManager.default.fileExists(atPath: cli.path("site/my-" + store)))
  }

  /// Every file under `folder`, relative to it.
  private func files(_ cli: CLIRunner, _ folder: String) throws -> [String] {
    let root = cli.path(folder)
    return try FileManager.default.subpathsOfDirectory(atPath: root).filter { !POSIX.isFolder(root + "/" + $0) }
  }

  /// Once publishing only open tasks is switched on, no page of a done task is left anywhere beside the site: the
  /// spare keeps only what the new site shares, and is the builder's alone.
  @Test func aPolicySwitchLeavesNoHiddenPageInTheSpare() throws {
    let cli = try builtBoard(store: "board.sqlite")
    defer { cli.remove() }
    #expect(try cli.run("add", "finished work", "--state", "done").status == 0)
    #expect(try cli.run("build", "--out", "site").status == 0)
    #expect(try cli.run("add", "one more").status == 0)
    #expect(try cli.run("build", "--out", "site").status == 0)
    let hidden = try cli.run("build", "--out", "site", "--publish-states", "todo,doing")
    #expect(hidden.status == 0, "\(hidden.stderr)")
    for folder in ["site", ".site.pmboard-spare"] {
      for file in try files(cli, folder) {
        let text = String(decoding: cli.data(folder + "/" + file) ?? Data(), as: UTF8.self)
        #expect(!text.contains("finished work"), "\(folder)/\(file)")
      }
    }
    let spare = POSIX.linkStatus(cli.path(".site.pmboard-spare"))
    #expect(spare.map { $0.st_mode & 0o777 } == 0o700)
  }

  /// A page replaced by hand in the live site (a new file renamed over it, as editors and `sed -i` do) or deleted
  /// is written again by the next build, even by one that finds the board unchanged. A page changed in place
  /// keeps its folder's time, which a default rebuild trusts; `build --verify` writes it again, and the site is
  /// then what a fresh build gives.
  @Test func aPageChangedByHandIsWrittenAgain() throws {
    let cli = try builtBoard(store: "board.sqlite")
    defer { cli.remove() }
    #expect(try cli.run("build", "--out", "fresh").status == 0)
    let page = try files(cli, "site").first { $0.hasPrefix("en/tasks/") && $0.hasSuffix(".html") }
    let task = try #require(page)
    let sameAsFresh = { (note: String) throws in
      for file in try self.files(cli, "fresh") where file != ".pmboard-manifest" {
        #expect(cli.data("site/" + file) == cli.data("fresh/" + file), "\(note): \(file)")
      }
    }
    try Data("replaced".utf8).write(to: URL(fileURLWithPath: cli.path("site/" + task)), options: .atomic)
    try FileManager.default.removeItem(atPath: cli.path("site/ja/index.html"))
    #expect(try cli.run("build", "--out", "site").status == 0)
    try sameAsFresh("replaced or deleted")
    let handle = try #require(FileHandle(forWritingAtPath: cli.path("site/" + task)))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("<p>defaced</p>".utf8))
    try handle.close()
    try cli.write("site/en/index.html", "replaced by hand")
    #expect(try cli.run("build", "--out", "site").status == 0)
    #expect(cli.data("site/en/index.html") == Data("replaced by hand".utf8), "trusted by its folder")
    let verified = try cli.run("build", "--out", "site", "--verify")
    #expect(verified.status == 0, "\(verified.stderr)")
    #expect(verified.stdout.contains("2 changed"), "\(verified.stdout)")
    for _ in 1...2 {
      try sameAsFresh("in place, verified")
      #expect(try cli.run("build", "--out", "site").status == 0)
    }
  }

  /// A hard link of the store in the site, or a link of the user's to the store's folder, would let the web server
  /// serve the store: the build is refused with one line naming the entry, even when nothing else changed.
  @Test func aStoreReachableThroughTheUsersLinksIsRefused() throws {
    let cli = try builtBoard(store: "board.sqlite")
    defer { cli.remove() }
    #expect(link(cli.path("board.sqlite"), cli.path("site/backup.db")) == 0)
    let hard = try cli.run("build", "--out", "site")
    #expect(hard.status == 1)
    #expect(hard.stderr.contains("/site through backup.db (a hard link"), "\(hard.stderr)")
    #expect(hard.stderr.split(separator: "\n").count == 1)
    try FileManager.default.removeItem(atPath: cli.path("site/backup.db"))
    try FileManager.default.createDirectory(atPath: cli.path("data"), withIntermediateDirectories: true)
    try FileManager.default.moveItem(atPath: cli.path("board.sqlite"), toPath: cli.path("data/board.sqlite"))
    try FileManager.default.createSymbolicLink(atPath: cli.path("site/data"), withDestinationPath: "../data")
    let linked = try cli.run("build", "--out", "site", "--store", "data/board.sqlite")
    #expect(linked.status == 1)
    #expect(
      linked.stderr.contains("through data (a hard link to it, or a link to it or its folder)"), "\(linked.stderr)")
    try FileManager.default.removeItem(atPath: cli.path("site/data"))
    #expect(try cli.run("build", "--out", "site", "--store", "data/board.sqlite").status == 0)
  }

  /// #57: `ln -s / site/root` slipped past the check above (its target and `/` made `//`), so the site served the
  /// store and everything else. Now it is refused; a link leading elsewhere outside the site is left out of the
  /// new site with a warning, even when no page changed, and a link into the site is kept.
  @Test func linksLeadingOutsideTheSiteAreNotPublished() throws {
    let cli = try builtBoard(store: "board.sqlite")
    defer { cli.remove() }
    try FileManager.default.createSymbolicLink(atPath: cli.path("site/root"), withDestinationPath: "/")
    let root = try cli.run("build", "--out", "site")
    #expect(root.status == 1 && root.stderr.contains("through root (a hard link"), "\(root.stderr)")
    #expect(root.stderr.split(separator: "\n").count == 1)
    try FileManager.default.removeItem(atPath: cli.path("site/root"))
    try cli.write("elsewhere/private.txt", "not for the web")
    try FileManager.default.createSymbolicLink(atPath: cli.path("site/out"), withDestinationPath: "../elsewhere")
    try FileManager.default.createSymbolicLink(atPath: cli.path("site/home"), withDestinationPath: "en/index.html")
    let built = try cli.run("build", "--out", "site")
    #expect(built.status == 0, "\(built.stderr)")
    #expect(built.stderr.contains("/site/out is a link to "), "\(built.stderr)")
    #expect(built.stderr.contains("outside the site, which a web server would publish"), "\(built.stderr)")
    #expect(POSIX.linkStatus(cli.path("site/out")) == nil, "left out of the new site")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: cli.path("site/home")) == "en/index.html")
    #expect(try cli.read("elsewhere/private.txt") == "not for the web", "what it led to is untouched")
    let again = try cli.run("build", "--out", "site")
    #expect(again.status == 0 && !again.stderr.contains("outside the site"), "\(again.stderr)")
  }
}
