import Foundation
import GRDB
import PMBoardTestSupport
import Testing

/// What an SQLite store's file goes through besides successful changes: failed commands, a newer pmboard's
/// migration, and a killed JSON writer's leftovers.
@Suite struct SQLiteStoreHygieneTests {
  @Test func aCommandThatRecordsNothingLeavesTheFileByteForByte() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    try cli.run("init")
    try cli.run("add", "One")
    let before = cli.data("board.sqlite")
    for arguments in [
      ["redo"], ["move", String(try cli.firstTaskID().prefix(8)), "todo"], ["edit", "ffff", "--title", "x"],
    ] {
      #expect(try cli.run(arguments).status == 1)
      #expect(cli.data("board.sqlite") == before, "\(arguments)")
    }
  }

  @Test func aStoreANewerPmboardMigratedIsRefusedNotUsed() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    try cli.run("init")
    try cli.run("add", "One")
    let queue = try DatabaseQueue(path: cli.path("board.sqlite"))
    try queue.write { try $0.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')") }
    try queue.close()
    let before = cli.data("board.sqlite")
    for arguments in [["list"], ["add", "Two"], ["build"]] {
      let result = try cli.run(arguments)
      #expect(result.status == 1)
      #expect(result.stderr.contains("was changed by a newer pmboard"), "\(arguments): \(result.stderr)")
    }
    #expect(cli.data("board.sqlite") == before)
  }

  @Test func readingAStoreNoOneMayWriteLeavesNoFilesBesideIt() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    try cli.run("init")
    try cli.run("add", "One")
    #expect(chmod(cli.path("board.sqlite"), 0o444) == 0)
    // Root may write any file, so as root the commands run as `nobody`, the way a web server's user reads a store.
    // Sticky, as `/tmp`: a folder anyone may rename in is refused as the site's (issue 57).
    #expect(chmod(cli.directory.path, 0o1777) == 0)
    let asReader = getuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
    for arguments in [["list"], ["history"], ["build", "--out", cli.path("site")]] {
      let command = asReader.isEmpty ? arguments : asReader + [CLIRunner.binary.path] + arguments
      let result = try cli.run(command)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }
    let beside = try FileManager.default.contentsOfDirectory(atPath: cli.directory.path).filter {
      $0.hasPrefix("board.sqlite-")
    }
    #expect(beside.isEmpty, "\(beside)")
  }

  @Test func aControlCharacterAnOlderVersionStoredNeverReachesAPage() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    try cli.run("init")
    try cli.run("add", "One")
    let queue = try DatabaseQueue(path: cli.path("board.sqlite"))
    try queue.write { try $0.execute(sql: "UPDATE task SET title = 'Evil ' || char(27) || ']0;x' || char(7)") }
    try queue.close()
    let id = String(try cli.firstTaskID().prefix(8))
    let build = try cli.run("build")
    #expect(build.status == 1)
    #expect(
      build.stderr.contains("task \(id) has the control character U+001B in its title"), "\(build.stderr)")
    #expect(!FileManager.default.fileExists(atPath: cli.path("_site")))
  }

  /// Tasks and history are checked at once; with a problem in each, the task's is the one named.
  @Test func aControlCharacterInTheHistoryAloneOrInBothIsNamed() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    try cli.run("init")
    try cli.run("add", "One")
    let queue = try DatabaseQueue(path: cli.path("board.sqlite"))
    try queue.write { try $0.execute(sql: "UPDATE history SET title = 'Old ' || char(27) || '[2J'") }
    let history = try cli.run("build")
    #expect(history.status == 1)
    #expect(history.stderr.contains("a history entry's title has the control character U+001B"), "\(history.stderr)")
    try queue.write { try $0.execute(sql: "UPDATE task SET body = 'x' || char(7)") }
    try queue.close()
    let both = try cli.run("build")
    #expect(both.stderr.contains("has the control character U+0007 in its body"), "\(both.stderr)")
    #expect(!FileManager.default.fileExists(atPath: cli.path("_site")))
  }

  @Test(arguments: [
    "UPDATE task SET due = '2026-02-30'", "UPDATE task SET id = 'not-a-uuid'", "UPDATE history SET task = 'x'",
  ])
  func anEditWithAnotherToolThatWouldDamageRowsIsRefusedBySQLite(edit: String) throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    try cli.run("init")
    try cli.run("add", "One", "--due", "2026-12-01")
    let queue = try DatabaseQueue(path: cli.path("board.sqlite"))
    #expect(throws: DatabaseError.self) { try queue.write { try $0.execute(sql: edit) } }
    try queue.close()
    #expect(try cli.run("list").status == 0)
  }

  @Test func aStoreDamagedBeforeTheRowChecksIsNotWrittenInto() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    try cli.run("init")
    try cli.run("add", "One")
    // A store as the previous version left it (no row triggers), then damaged by another tool.
    let queue = try DatabaseQueue(path: cli.path("board.sqlite"))
    try queue.write { db in
      for name in ["task_rows_insert", "task_rows_update", "history_rows_insert", "history_rows_update"] {
        try db.execute(sql: "DROP TRIGGER \(name)")
      }
      try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v2'")
      try db.execute(sql: "UPDATE task SET due = '2026-02-30'")
    }
    try queue.close()
    let before = cli.data("board.sqlite")
    let list = try cli.run("list")
    #expect(list.status == 1)
    #expect(list.stderr.contains("damaged"), "\(list.stderr)")
    let add = try cli.run("add", "Two")
    #expect(add.status == 1)
    #expect(add.stderr.contains("the store is damaged"), "\(add.stderr)")
    #expect(cli.data("board.sqlite") == before)
  }

  @Test func aKilledJSONWritersTemporaryFileIsRemovedByTheNextWrite() throws {
    var cli = try CLIRunner()
    cli.environment["PMBOARD_STORE"] = "board.json"
    defer { cli.remove() }
    try cli.run("init")
    // PID 2^22 + 1 is above Linux's maximum, so no process has it.
    try cli.write(".board.json.4194305-deadbeef.tmp", "{ half")
    try cli.write(".board.json.\(getpid())-cafecafe.tmp", "someone alive")
    try cli.run("add", "One")
    #expect(cli.data(".board.json.4194305-deadbeef.tmp") == nil)
    #expect(cli.data(".board.json.\(getpid())-cafecafe.tmp") != nil)
  }
}
