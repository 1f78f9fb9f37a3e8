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
    #expect(chmod(cli.directory.path, 0o777) == 0)
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
