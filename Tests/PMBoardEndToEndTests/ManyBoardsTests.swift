import Foundation
import PMBoardTestSupport
import PMBoardValidation
import Testing

/// End-to-end: `boards:` in `pmboard.yml` (issue 42): one build writes each board's site in its folder and an index
/// of the boards at the root, swapped at once; a change to one board rewrites that board's files and the index only.
@Suite("many boards, one site", .serialized)
struct ManyBoardsTests {
  static let fixture = Golden.repositoryRoot.appendingPathComponent("Tests/Scripts/fixtures/search/board.json").path

  /// A SQLite board (its path from its file's name) and a JSON board under `teams/web`.
  func twoBoards(_ yaml: String? = nil) throws -> CLIRunner {
    let cli = try CLIRunner()
    #expect(try cli.run("init", "--store", "mobile.sqlite", "--title", "Mobile <app>").status == 0)
    #expect(
      try cli.run("add", "Login crash", "--due", "2026-11-20", "--label", "bug", "--store", "mobile.sqlite").status == 0
    )
    #expect(try cli.run("import", Self.fixture, "--store", "web.json").status == 0)
    try cli.write(
      "pmboard.yml", yaml ?? "boards:\n  - store: mobile.sqlite\n  - store: web.json\n    path: teams/web\n")
    return cli
  }

  @Test func eachBoardInItsFolderAndAnIndexAtTheRoot() throws {
    let cli = try twoBoards()
    defer { cli.remove() }
    let build = try cli.run("build", "--today", "2026-11-27")
    #expect(build.status == 0, "\(build.stderr)")
    #expect(
      build.stdout.hasPrefix("Built _site/: 2 boards (mobile, teams/web), ko, en, ja, 79 tasks"), "\(build.stdout)")
    for path in [
      "index.html", "ko/index.html", "en/index.html", "assets/style.css", "mobile/index.html", "mobile/en/index.html",
      "mobile/search/open.js", "mobile/board.json", "mobile/badges/open.svg", "teams/web/ja/index.html",
      "teams/web/en/tasks/5ea4c000-0000-4000-8000-000000000001.html", "teams/web/assets/search.js",
    ] {
      #expect(FileManager.default.fileExists(atPath: cli.path("_site/\(path)")), "\(path)")
    }
    let index = try cli.read("_site/en/index.html")
    #expect(index.contains("<h2><a href=\"../mobile/en/index.html\"><bdi>Mobile &lt;app&gt;</bdi></a></h2>"))
    #expect(index.contains("<h2><a href=\"../teams/web/en/index.html\"><bdi>Search fixture</bdi></a></h2>"))
    #expect(index.contains("TODO <strong>1</strong> · DOING <strong>0</strong> · DONE <strong>0</strong>"))
    #expect(index.contains("Overdue <strong>1</strong>"))
    #expect(index.contains("<img src=\"../mobile/badges/overdue.svg\" alt=\"overdue 1\" height=\"20\">"))
    #expect(try cli.read("_site/index.html").contains("<a href=\"mobile/ko/index.html\">"), "the root is in Korean")
    for page in ["index.html", "en/index.html", "ja/index.html"] {
      let problems = HTMLTemplateValidator().validate(source: try cli.read("_site/\(page)"), file: page, isPage: true)
      #expect(problems.isEmpty, "\(page): \(problems.prefix(3))")
    }
    // A board's pages are as its own site's: relative links, its own assets and search.
    let board = try cli.read("_site/teams/web/ko/index.html")
    #expect(board.contains("href=\"../assets/style.css\"") && board.contains("data-root=\"../\""))
  }

  /// With `--base-url`, a board's absolute addresses are the site's and its folder.
  @Test func aBoardsAbsoluteAddressesAreUnderItsFolder() throws {
    let cli = try twoBoards()
    defer { cli.remove() }
    #expect(try cli.run("build", "--today", "2026-11-27", "--base-url", "https://x.example/site").status == 0)
    let root = try cli.read("_site/teams/web/index.html")
    #expect(root.contains("<link rel=\"canonical\" href=\"https://x.example/site/teams/web/ko/index.html\">"))
    #expect(
      try cli.read("_site/mobile/board.json").contains("\"link\": \"https://x.example/site/mobile/ko/tasks/"))
  }

  @Test func aChangeToOneBoardLeavesTheOthersFiles() throws {
    let cli = try twoBoards()
    defer { cli.remove() }
    #expect(try cli.run("build", "--today", "2026-11-27").status == 0)
    let before = try SiteStamps.of(cli.path("_site"))
    let again = try cli.run("build", "--today", "2026-11-27")
    #expect(again.stdout.contains("nothing changed, no file rewritten"), "\(again.stdout)")
    #expect(try cli.run("add", "Another", "--store", "mobile.sqlite").status == 0)
    #expect(try cli.run("build", "--today", "2026-11-27").status == 0)
    let after = try SiteStamps.of(cli.path("_site"))
    let rewritten = after.keys.filter { before[$0] != after[$0] }
    #expect(!rewritten.isEmpty && rewritten.allSatisfy { !$0.hasPrefix("teams/") }, "\(rewritten.sorted())")
    #expect(rewritten.contains("en/index.html"), "the index's counts")
    #expect(try cli.read("_site/en/index.html").contains("TODO <strong>2</strong>"))
    // A setting changed is a build too (the key holds the settings), and a page removed by hand comes back.
    let limited = try cli.run("build", "--today", "2026-11-27", "--column-limit", "5")
    #expect(limited.status == 0 && !limited.stdout.contains("nothing changed"), "\(limited.stdout)")
    try FileManager.default.removeItem(atPath: cli.path("_site/teams/web/en/index.html"))
    let restored = try cli.run("build", "--today", "2026-11-27", "--column-limit", "5")
    #expect(restored.status == 0 && !restored.stdout.contains("nothing changed"), "\(restored.stdout)")
    #expect(FileManager.default.fileExists(atPath: cli.path("_site/teams/web/en/index.html")))
  }

  @Test(arguments: [
    ("  - store: mobile.sqlite\n    path: en\n", "is taken by the site's own `en/`"),
    ("  - store: mobile.sqlite\n    path: ../out\n", "must be lower-case letters"),
    ("  - store: mobile.sqlite\n    path: web\n  - store: web.json\n", "one board's folder would hold the other's"),
    ("  - store: mobile.sqlite\n    path: teams\n  - store: web.json\n    path: teams/web\n", "would hold the other's"),
    ("  - path: mobile\n", "a board needs `store:`"),
    // #57: these exited 0 without the board, and every later build failed.
    ("  - store: mobile.sqlite\n    path: .pmboard-manifest\n", "has the part `.pmboard-manifest`"),
    ("  - store: mobile.sqlite\n    path: teams/.web\n", "names starting with `.` are the site's own"),
    ("  - store: mobile.sqlite\n    path: index.html\n", "is the site's own `index.html`"),
  ])
  func boardsThatCannotShareASiteAreRefused(boards: String, message: String) throws {
    let cli = try twoBoards("boards:\n" + boards)
    defer { cli.remove() }
    let build = try cli.run("build", "--today", "2026-11-27")
    #expect(build.status != 0)
    #expect(build.stderr.contains(message) && build.stderr.split(separator: "\n").count == 1, "\(build.stderr)")
    #expect(!FileManager.default.fileExists(atPath: cli.path("_site")))
  }

  /// #57: two boards of one title are told apart on the index by their folders; a title of its own shows none.
  @Test func boardsOfOneTitleShowTheirFolders() throws {
    let cli = try twoBoards(
      "boards:\n  - store: mobile.sqlite\n  - store: other.sqlite\n  - store: web.json\n    path: teams/web\n")
    defer { cli.remove() }
    #expect(try cli.run("init", "--store", "other.sqlite", "--title", "Mobile <app>").status == 0)
    let build = try cli.run("build", "--today", "2026-11-27")
    #expect(build.status == 0, "\(build.stderr)")
    let index = try cli.read("_site/en/index.html")
    for folder in ["mobile", "other"] {
      #expect(index.contains("</a> <small class=\"board-path\"><bdi>\(folder)/</bdi></small></h2>"), "\(folder)")
    }
    #expect(!index.contains("<bdi>teams/web/</bdi>"))
  }

  /// A board's store inside the public folder would be published with the assets: refused, as for one board.
  @Test func aStoreInThePublicFolderIsRefused() throws {
    let cli = try twoBoards(
      "public: pub\nboards:\n  - store: pub/inner.sqlite\n  - store: web.json\n")
    defer { cli.remove() }
    try FileManager.default.createDirectory(atPath: cli.path("pub"), withIntermediateDirectories: true)
    #expect(try cli.run("init", "--store", "pub/inner.sqlite").status == 0)
    let build = try cli.run("build", "--today", "2026-11-27")
    #expect(build.status != 0 && build.stderr.split(separator: "\n").count == 1, "\(build.stderr)")
    #expect(!FileManager.default.fileExists(atPath: cli.path("_site")))
  }

  @Test func storeOnTheCommandLineBuildsThatBoardAlone() throws {
    let cli = try twoBoards()
    defer { cli.remove() }
    #expect(try cli.run("build", "--store", "web.json", "--today", "2026-11-27").status == 0)
    #expect(try cli.read("_site/en/index.html").contains("Search fixture"))
    #expect(!FileManager.default.fileExists(atPath: cli.path("_site/mobile")))
    let watch = try cli.run("build", "--watch")
    #expect(watch.status != 0 && watch.stderr.contains("build --watch follows one board"), "\(watch.stderr)")
    let sync = try cli.run("build", "--sync")
    #expect(sync.status != 0 && sync.stderr.contains("build --sync syncs one board"), "\(sync.stderr)")
  }
}
