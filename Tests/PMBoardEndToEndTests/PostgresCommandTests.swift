import Foundation
import PMBoardCLI
import PMBoardCore
import PMBoardSite
import PMBoardStore
import PMBoardTestSupport
import Testing

/// End-to-end: the real binary against a board in the tests' own PostgreSQL cluster (``PostgresTestCluster``).
@Suite("pmboard on PostgreSQL", .serialized, .needs(.postgres))
struct PostgresCommandTests {
  func cluster() throws -> PostgresTestCluster {
    try PostgresTestCluster.shared.get()
  }

  /// A runner whose `PMBOARD_STORE` is a new board (in a new database when `database` is nil), after `init`.
  func started(database: String? = nil, board: String = "default") throws -> (CLIRunner, String) {
    let cluster = try cluster()
    let url = cluster.url(database: try database ?? cluster.freshDatabase(), board: board)
    var cli = try CLIRunner()
    cli.environment["PMBOARD_STORE"] = url
    let created = try cli.run("init", "--title", "Team", "--time-zone", "Asia/Seoul")
    #expect(created.status == 0, "\(created.stderr)")
    return (cli, url)
  }

  @Test func theClusterStarts() throws {
    // Every other test here fails too if it does not; this one says why, once.
    let cluster = try cluster()
    #expect(try cluster.rows("SELECT 1") == [["1"]])
  }

  /// `boards: postgres://…` (issue 42): every board of the database in a folder named after it, with the index.
  @Test func everyBoardOfADatabaseInOneSite() throws {
    let cluster = try cluster()
    let database = try cluster.freshDatabase()
    var cli = try CLIRunner()
    defer { cli.remove() }
    for (board, title) in [("mobile", "Mobile"), ("web", "Web")] {
      let url = cluster.url(database: database, board: board)
      #expect(try cli.run("init", "--store", url, "--title", title).status == 0)
      #expect(try cli.run("add", "\(title) task", "--store", url).status == 0)
    }
    let url = cluster.url(database: database)
    try cli.write("pmboard.yml", "boards: \"\(url)\"\n")
    cli.environment["PMBOARD_STORE"] = nil
    let build = try cli.run("build", "--today", "2026-11-27")
    #expect(build.status == 0, "\(build.stderr)")
    #expect(build.stdout.hasPrefix("Built _site/: 2 boards (mobile, web), ko, en, ja, 2 tasks"), "\(build.stdout)")
    #expect(try cli.read("_site/web/en/index.html").contains("Web task"))
    let index = try cli.read("_site/en/index.html")
    #expect(index.contains("href=\"../mobile/en/index.html\"><bdi>Mobile</bdi>"))
    #expect(index.contains("href=\"../web/en/index.html\"><bdi>Web</bdi>"))
    #expect(try cli.run("build", "--today", "2026-11-27").stdout.contains("nothing changed"))
    // A board added to the database is in the next build.
    #expect(try cli.run("init", "--store", cluster.url(database: database, board: "ops"), "--title", "Ops").status == 0)
    #expect(try cli.run("build", "--today", "2026-11-27").stdout.contains("3 boards (mobile, ops, web)"))
  }

  /// #57: a board named `모바일`, `team web` or `Web-Team` beside `web-team` made every build of the site fail. A
  /// plain name keeps its folder, others and the later-made case twin get slugs, and a listed board's `path:` wins.
  @Test func oddBoardNamesGetFoldersOfTheirOwn() throws {
    let cluster = try cluster()
    let database = try cluster.freshDatabase()
    var cli = try CLIRunner()
    defer { cli.remove() }
    func url(_ board: String) -> String {
      cluster.url(database: database, board: board.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
    }
    for board in ["web-team", "모바일", "team web", "Web-Team", "Ops"] {
      #expect(try cli.run("init", "--store", url(board), "--title", "Web").status == 0)
      #expect(try cli.run("add", "\(board) task", "--store", url(board)).status == 0)
    }
    try cli.write("pmboard.yml", "boards: \"\(cluster.url(database: database))\"\n")
    cli.environment["PMBOARD_STORE"] = nil
    let build = try cli.run("build", "--today", "2026-11-27")
    #expect(build.status == 0, "\(build.stderr)")
    let slugs = ["모바일", "team web", "Web-Team"].map { BuildSettings.BoardEntry.slug(of: $0) }
    #expect(slugs[2].hasPrefix("web-team-") && slugs[1].hasPrefix("team-web-") && slugs[0].count == 8)
    for (folder, task) in [
      ("web-team", "web-team"), ("ops", "Ops"), (slugs[0], "모바일"), (slugs[1], "team web"),
      (slugs[2], "Web-Team"),
    ] {
      #expect(try cli.read("_site/\(folder)/en/index.html").contains("\(task) task"), "\(folder)")
    }
    // Five boards called Web: the index names each one's folder.
    #expect(try cli.read("_site/en/index.html").contains("<small class=\"board-path\"><bdi>web-team/</bdi></small>"))
    #expect(try cli.run("build", "--today", "2026-11-27").stdout.contains("nothing changed"))
    // A board listed with a path of its own is there, and not also in its slug's folder.
    try cli.write(
      "pmboard.yml",
      "boards:\n  - database: \"\(cluster.url(database: database))\"\n  - store: \"\(url("모바일"))\"\n    path: mobile\n")
    let listed = try cli.run("build", "--today", "2026-11-27")
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(try cli.read("_site/mobile/en/index.html").contains("모바일 task"))
    #expect(!FileManager.default.fileExists(atPath: cli.path("_site/\(slugs[0])")))
  }

  @Test func aReImportFromGitHubSyncsTheBoardWithSourcesInTheDatabase() throws {
    let (cli, _) = try started()
    defer { cli.remove() }
    func issues(_ state: String, closed: String) -> String {
      """
      [{"number": 7, "title": "Shared issue", "body": "", "state": "\(state)", "milestone": null, "labels": [],
        "createdAt": "2026-11-01T09:00:00Z", "updatedAt": "2026-11-02T09:00:00Z", "closedAt": \(closed)}]
      """
    }
    try cli.write("issues.json", issues("OPEN", closed: "null"))
    #expect(try cli.run("import", "--from", "github", "--source", "github:acme/app", "issues.json").status == 0)
    try cli.write("issues.json", issues("CLOSED", closed: #""2026-11-02T08:00:00Z""#))
    let synced = try cli.run("import", "--from", "github", "--source", "github:acme/app", "issues.json")
    #expect(synced.stdout.contains("0 added, 0 edited, 1 moved, 0 removed"), "\(synced.stdout)\(synced.stderr)")
    let export = try cli.run("export").stdout
    #expect(export.contains("\"source\": \"github:acme/app\",\n      \"sourceId\": \"7\""), "\(export)")
    let history = try cli.run("history", "--limit", "1").stdout
    #expect(history.hasPrefix("2026-11-02T08:00:00Z  "), "\(history)")
    #expect(history.hasSuffix("moved \"Shared issue\" from todo to done by import:github:acme/app\n"), "\(history)")
  }

  /// The board's revision (migration 6): an unchanged board is not read again, and a change made anywhere, even by
  /// hand in SQL, is seen by the next build.
  @Test func anUnchangedBoardIsNotReadAndAChangeBySQLIsSeen() throws {
    let database = try cluster().freshDatabase()
    let (cli, _) = try started(database: database)
    defer { cli.remove() }
    try cli.run("add", "Written by pmboard", "--state", "doing")
    #expect(try cli.run("build", "--today", "2026-11-21").status == 0)
    let again = try cli.run("build", "--today", "2026-11-21")
    #expect(again.stdout.contains("nothing changed, no file rewritten"), "\(again.stdout)\(again.stderr)")
    _ = try cluster().rows("UPDATE pmboard.task SET title = 'Written in SQL'", database: database)
    let changed = try cli.run("build", "--today", "2026-11-21")
    #expect(!changed.stdout.contains("nothing changed"), "\(changed.stdout)")
    #expect(try cli.read("_site/en/index.html").contains("Written in SQL"))
    _ = try cluster().rows("UPDATE pmboard.board SET title = 'Renamed in SQL'", database: database)
    #expect(try cli.run("build", "--today", "2026-11-21").status == 0)
    #expect(try cli.read("_site/en/index.html").contains("Renamed in SQL"))
  }

  /// `build --watch` on a PostgreSQL board listens (LISTEN/NOTIFY, migration 7): a change from another process,
  /// and one made in SQL by hand, are built within seconds, without polling.
  @Test func watchBuildsAChangeMadeAnywhere() throws {
    let database = try cluster().freshDatabase()
    let (cli, _) = try started(database: database)
    defer { cli.remove() }
    let watching = try WatchTests.Watching(cli, ["build", "--watch", "--today", "2026-11-21"])
    defer { if watching.process.isRunning { watching.process.terminate() } }
    #expect(watching.wait { out, _ in out.contains("Watching for changes") }, "\(watching.errors.withLock { $0 })")
    func shows(_ text: String) -> Bool { (try? cli.read("_site/en/index.html").contains(text)) ?? false }
    #expect(try cli.run("add", "Added from another terminal").status == 0)
    #expect(watching.wait(seconds: 10) { _, _ in shows("Added from another terminal") })
    _ = try cluster().rows("UPDATE pmboard.task SET title = 'Retitled in SQL'", database: database)
    #expect(watching.wait(seconds: 10) { _, _ in shows("Retitled in SQL") })
    kill(watching.process.processIdentifier, SIGINT)
    let deadline = Date().addingTimeInterval(5)
    while watching.process.isRunning && Date() < deadline { usleep(50_000) }
    #expect(!watching.process.isRunning)
    #expect(!watching.errors.withLock { $0 }.contains("error"))
  }

  @Test func buildsASite() throws {
    let (cli, _) = try started()
    defer { cli.remove() }
    try cli.run("add", "Ship the PostgreSQL store", "--state", "doing")
    let build = try cli.run("build", "--today", "2026-11-21")
    #expect(build.status == 0, "\(build.stderr)")
    #expect(try cli.read("_site/en/index.html").contains("Ship the PostgreSQL store"))
    #expect(try cli.read("_site/en/history.html").contains("Ship the PostgreSQL store"))
  }

  @Test func twoBoardsInOneDatabaseStayApartAndOtherTablesAreUntouched() throws {
    let cluster = try cluster()
    let database = try cluster.freshDatabase()
    _ = try cluster.rows("CREATE TABLE notes (id int PRIMARY KEY, text text)", database: database)
    _ = try cluster.rows("INSERT INTO notes VALUES (1, 'keep me')", database: database)
    let (web, _) = try started(database: database)
    var (mobile, _) = try started(database: database, board: "mobile")
    defer { web.remove() }
    defer { mobile.remove() }
    try web.run("add", "Web task")
    try mobile.run("add", "Mobile task")
    #expect(try web.run("list").stdout.contains("Web task"))
    #expect(!(try web.run("list").stdout.contains("Mobile task")))
    #expect(try mobile.run("list").stdout.contains("Mobile task"))
    #expect(!(try mobile.run("list").stdout.contains("Web task")))
    // Undo works on its own board only.
    #expect(try mobile.run("undo").status == 0)
    #expect(try web.run("list").stdout.contains("Web task"))
    #expect(try mobile.run("undo").stderr.contains("nothing to undo"))
    // A board that does not exist is not found, not created.
    mobile.environment["PMBOARD_STORE"] = cluster.url(database: database, board: "nope")
    #expect(try mobile.run("list").stderr.contains("no board at"))
    #expect(try cluster.rows("SELECT * FROM notes", database: database) == [["1", "keep me"]])
    let tables = try cluster.rows(
      """
      SELECT table_schema || '.' || table_name FROM information_schema.tables
      WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1
      """, database: database)
    #expect(
      tables.map { $0[0] ?? "" } == [
        "pmboard.board", "pmboard.history", "pmboard.migration", "pmboard.task", "pmboard.undo_record",
        "public.notes",
      ])
    #expect(
      try cluster.rows("SELECT version FROM pmboard.migration", database: database) == [
        ["1"], ["2"], ["3"], ["4"], ["5"], ["6"], ["7"], ["8"], ["9"],
      ])
  }

  @Test func aSchemaFromANewerPmboardIsRefused() throws {
    let (cli, url) = try started()
    defer { cli.remove() }
    let database = try #require(url.split(separator: "?").first?.split(separator: "/").last.map(String.init))
    _ = try cluster().rows(
      "INSERT INTO pmboard.migration (version, name) VALUES (99, 'from the future')", database: database)
    let result = try cli.run("add", "x")
    #expect(result.status == 1)
    #expect(result.stderr.contains("newer pmboard"), "\(result.stderr)")
  }

  @Test func aSchemaOfSomeoneElseIsNotUsed() throws {
    let cluster = try cluster()
    let database = try cluster.freshDatabase()
    _ = try cluster.rows("CREATE SCHEMA pmboard", database: database)
    _ = try cluster.rows("CREATE TABLE pmboard.things (id int)", database: database)
    var cli = try CLIRunner()
    defer { cli.remove() }
    cli.environment["PMBOARD_STORE"] = cluster.url(database: database)
    let result = try cli.run("init")
    #expect(result.status == 1)
    #expect(result.stderr.contains("is not a pmboard store"), "\(result.stderr)")
    #expect(
      try cluster.rows("SELECT count(*) FROM pg_tables WHERE schemaname = 'pmboard'", database: database) == [["1"]])
  }

  @Test(arguments: [
    "postgresql:///postgres?host=/tmp/pmboard-no-such-server&board=x",
    "postgres://alice:hunter2@127.0.0.1:1/team?board=x",
  ])
  func aServerThatIsDownIsOneClearLine(url: String) throws {
    var cli = try CLIRunner()
    defer { cli.remove() }
    cli.environment["PMBOARD_STORE"] = url
    for command in [["list"], ["add", "x"], ["init"]] {
      let result = try cli.run(command)
      #expect(result.status == 1)
      let lines = result.stderr.split(separator: "\n")
      #expect(lines.count == 1, "\(result.stderr)")
      #expect(result.stderr.contains("cannot connect to the PostgreSQL server"))
      #expect(result.stderr.contains(url.contains("127.0.0.1") ? "127.0.0.1" : "/tmp/pmboard-no-such-server"))
      #expect(!result.stderr.contains("hunter2"), "the password must not be shown")
      #expect(!result.stderr.contains("Fatal error"))
    }
  }
}
