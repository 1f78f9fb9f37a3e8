import Foundation
import GRDB
import PMBoardStore
import PMBoardTestSupport
import Testing

/// A store an older pmboard made (schema v2: no authors, no replica tables) is upgraded by the next change and
/// keeps everything it held.
struct SQLiteUpgradeTests {
  @Test func aVersion2StoreUpgradesAndKeepsItsHistory() throws {
    var cli = try CLIRunner()
    defer { cli.remove() }
    let path = cli.path("board.sqlite")
    let queue = try DatabaseQueue(path: path)
    try SQLiteSchema.migrator.migrate(queue, upTo: "v2")
    try queue.write { db in
      try db.execute(sql: "INSERT INTO board (id, title, timeZone) VALUES (1, 'Old', 'UTC')")
      try db.execute(
        sql: """
          INSERT INTO task VALUES ('00000000-0000-0000-0000-000000000001', 'Old task', '', NULL, 'todo', 1, 1);
          INSERT INTO history (at, action, task, title, "to") VALUES
            (1, 'added', '00000000-0000-0000-0000-000000000001', 'Old task', 'todo');
          """)
    }
    try queue.close()
    cli.environment["PMBOARD_USER"] = "carol"
    // Read before any write: nothing migrates it yet, and every reader still works.
    let unchanged = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(try cli.run("history").stdout.contains("added \"Old task\" to todo\n"))
    #expect(try cli.run("export", "old.json").status == 0)
    let build = try cli.run("build", "--today", "2026-11-21")
    #expect(build.status == 0, "\(build.stderr)")
    #expect(try cli.read("_site/en/history.html").contains("Old task"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == unchanged)
    #expect(try cli.run("add", "New task").status == 0)
    let history = try cli.run("history")
    #expect(history.stdout.contains("added \"New task\" to todo by carol"), "\(history.stdout)")
    #expect(history.stdout.contains("added \"Old task\" to todo\n"))
    #expect(try cli.run("undo").stdout.contains("Undid: added \"New task\""))
    let status = try cli.run("status")
    #expect(status.stdout.contains("not a replica; answers"), "\(status.stdout)\(status.stderr)")
  }

  /// A store an older pmboard made, at schema `version` (v3 or later: the task columns of today's first seven), with
  /// the board "Old" and one task titled `taskTitle`.
  static func oldStore(at path: String, upTo version: String, taskTitle: String) throws {
    let queue = try DatabaseQueue(path: path)
    try SQLiteSchema.migrator.migrate(queue, upTo: version)
    try queue.write { db in
      try db.execute(sql: "INSERT INTO board (id, title, timeZone) VALUES (1, 'Old', 'UTC')")
      try db.execute(
        sql: """
          INSERT INTO task (id, title, body, due, state, created, updated)
            VALUES ('00000000-0000-0000-0000-000000000001', ?, '', NULL, 'todo', 1, 1);
          """, arguments: [taskTitle])
    }
    try queue.close()
  }

  /// A store from before imported tasks had sources (schema v3) reads as it is, and the first import migrates it.
  @Test func aVersion3StoreReadsUnchangedAndTakesAnImport() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    let path = cli.path("board.sqlite")
    try Self.oldStore(at: path, upTo: "v3", taskTitle: "Old task")
    let unchanged = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(try cli.run("list").stdout.contains("Old task"))
    #expect(try cli.run("export").stdout.contains("\"title\": \"Old task\""))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == unchanged)
    try cli.write("tasks.csv", "title\nImported\n")
    let imported = try cli.run("import", "--from", "csv", "tasks.csv")
    #expect(imported.status == 0, "\(imported.stderr)")
    let export = try cli.run("export").stdout
    #expect(export.contains("\"source\": \"csv\",\n      \"sourceId\": \"Imported\""), "\(export)")
    #expect(try cli.run("import", "--from", "csv", "tasks.csv").stdout.contains("(0 history entries)"))
  }

  /// A store the previous release last wrote (schema v6: the revision a counter) and a backup of it restored after
  /// as many writes: a build never takes "nothing changed" from such a store, so the restored board is published.
  @Test func aCountingRevisionIsNeverTrustedForNothingChanged() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    let path = cli.path("board.sqlite")
    try Self.oldStore(at: path, upTo: "v6", taskTitle: "Backed up")
    try FileManager.default.copyItem(atPath: path, toPath: cli.path("backup.sqlite"))
    // The previous release's write, with its counting trigger (v6 has it): the same count as the backup's.
    let later = try DatabaseQueue(path: path)
    try later.write { db in
      try db.execute(sql: "UPDATE task SET title = 'Changed later'")
      try db.execute(sql: "UPDATE board SET revision = 7")
    }
    try later.close()
    let backupQueue = try DatabaseQueue(path: cli.path("backup.sqlite"))
    try backupQueue.write { db in try db.execute(sql: "UPDATE board SET revision = 7") }
    try backupQueue.close()
    #expect(try cli.run("build", "--today", "2026-11-21", "--store", "board.sqlite").status == 0)
    #expect(try cli.read("_site/en/index.html").contains("Changed later"))
    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.moveItem(atPath: cli.path("backup.sqlite"), toPath: path)
    let restored = try cli.run("build", "--today", "2026-11-21", "--store", "board.sqlite")
    #expect(restored.status == 0, "\(restored.stderr)")
    #expect(!restored.stdout.contains("nothing changed"), "\(restored.stdout)")
    #expect(try cli.read("_site/en/index.html").contains("Backed up"))
  }
}
