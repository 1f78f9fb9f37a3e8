import Foundation
import GRDB
import PMBoardTestSupport
import Testing

/// End-to-end: `clone`, work offline, `status`, `build` of an offline copy, `sync`, against the tests' cluster.
@Suite("replicas", .serialized, .needs(.postgres))
struct ReplicaCommandTests {
  /// A runner in a fresh directory and the URL of a new board on the cluster holding one task by alice.
  func remoteBoard() throws -> (CLIRunner, String) {
    let cluster = try PostgresTestCluster.shared.get()
    let url = cluster.url(database: try cluster.freshDatabase(), board: "team")
    var cli = try CLIRunner()
    cli.environment["PMBOARD_USER"] = "alice"
    #expect(try cli.run("init", "--store", url, "--title", "Team", "--time-zone", "Asia/Seoul").status == 0)
    #expect(try cli.run("add", "--store", url, "Remote task").status == 0)
    return (cli, url)
  }

  @Test func cloneWorkOfflineThenSync() throws {
    var (cli, url) = try remoteBoard()
    defer { cli.remove() }
    let cloned = try cli.run("clone", url, "replica.sqlite")
    #expect(cloned.status == 0 && cloned.stdout.contains("1 task, 1 history entry"), "\(cloned.stderr)")
    cli.environment["PMBOARD_STORE"] = cli.path("replica.sqlite")
    cli.environment["PMBOARD_USER"] = "bob"
    var status = try cli.run("status")
    #expect(status.stdout.contains("replica of postgresql:"), "\(status.stdout)\(status.stderr)")
    #expect(status.stdout.contains("remote: answers") && status.stdout.contains("not pushed: 0 changes"))

    #expect(try cli.run("add", "Offline task").status == 0)
    #expect(try cli.run("list").stdout.contains("Offline task"))
    status = try cli.run("status")
    #expect(status.stdout.contains("not pushed: 1 change\n"), "\(status.stdout)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(cli.run("status", "--json").stdout.utf8)) as? [String: Any])
    #expect(json["answers"] as? Bool == true)
    let replica = try #require(json["replica"] as? [String: Any])
    #expect(replica["notPushed"] as? Int == 1 && replica["remoteAnswers"] as? Bool == true)
    #expect((replica["remote"] as? String)?.hasPrefix("postgresql:") == true, "\(replica)")
    #expect((replica["lastSync"] as? String)?.hasSuffix("Z") == true, "\(replica)")

    // Built offline: the pages and a warning line say the copy may be stale.
    var build = try cli.run("build", "--today", "2026-11-21")
    #expect(build.status == 0, "\(build.stderr)")
    #expect(build.stderr.contains("pmboard: warning: building an offline copy"), "\(build.stderr)")
    #expect(try cli.read("_site/en/index.html").contains("offline copy, last synced"))
    #expect(try cli.read("_site/ko/index.html").contains("오프라인 사본"))
    #expect(try cli.read("_site/ja/index.html").contains("オフラインのコピー"))

    let synced = try cli.run("sync")
    #expect(synced.status == 0 && synced.stdout.contains("pushed 1"), "\(synced.stdout)\(synced.stderr)")
    let remoteHistory = try cli.run("history", "--store", url)
    #expect(remoteHistory.stdout.contains("\"Offline task\" to todo by bob"), "\(remoteHistory.stdout)")
    #expect(remoteHistory.stdout.contains("\"Remote task\" to todo by alice"))
    #expect(try cli.read("_site/en/history.html").contains("<bdi>bob</bdi>"))

    // Built after a sync in the same run: no offline warning.
    build = try cli.run("build", "--today", "2026-11-21", "--sync")
    #expect(build.status == 0 && !build.stderr.contains("offline copy"), "\(build.stderr)")
    #expect(!(try cli.read("_site/en/index.html").contains("offline copy")))
    #expect(try cli.run("status").stdout.contains("not pushed: 0 changes"))
  }

  /// Undo in a team (issue 42): bob's change, made in his replica and synced, can be undone on the remote by him
  /// (not by alice), or in the replica after the sync; once someone else changed the task, undo is refused in one
  /// line, and undoing in both places is one undo.
  @Test func aSyncedChangeCanBeUndoneOnTheRemoteAndInTheReplica() throws {
    var (cli, url) = try remoteBoard()
    defer { cli.remove() }
    #expect(try cli.run("clone", url, "replica.sqlite").status == 0)
    let replica = cli.path("replica.sqlite")
    cli.environment["PMBOARD_USER"] = "bob"
    #expect(try cli.run("add", "Bob's task", "--store", replica).status == 0)
    #expect(try cli.run("sync", "--store", replica).status == 0)
    cli.environment["PMBOARD_USER"] = "alice"
    #expect(try cli.run("undo", "--store", url).stdout.contains("Remote task"), "alice's own change, not bob's")
    #expect(try cli.run("redo", "--store", url).status == 0)
    cli.environment["PMBOARD_USER"] = "bob"
    let onRemote = try cli.run("undo", "--store", url)
    #expect(onRemote.status == 0 && onRemote.stdout.contains("Bob's task"), "\(onRemote.stdout)\(onRemote.stderr)")
    #expect(!(try cli.run("list", "--store", url)).stdout.contains("Bob's task"))
    // The same change undone in the replica too: the task is gone already, so that undo is refused.
    #expect(try cli.run("sync", "--store", replica).status == 0)
    let twice = try cli.run("undo", "--store", replica)
    #expect(twice.status != 0 && twice.stderr.split(separator: "\n").count == 1, "\(twice.stderr)")
    // An edit synced, then undone in the replica, reaches the remote with the next sync.
    #expect(try cli.run("add", "Second", "--store", replica).status == 0)
    #expect(try cli.run("sync", "--store", replica).status == 0)
    let inReplica = try cli.run("undo", "--store", replica)
    #expect(inReplica.status == 0 && inReplica.stdout.contains("Second"), "\(inReplica.stderr)")
    #expect(try cli.run("sync", "--store", replica).status == 0)
    #expect(!(try cli.run("list", "--store", url)).stdout.contains("Second"))
    // Changed by someone else since: refused on the remote, in one line.
    #expect(try cli.run("add", "Third", "--store", replica).status == 0)
    #expect(try cli.run("sync", "--store", replica).status == 0)
    cli.environment["PMBOARD_USER"] = "alice"
    let third = try #require(
      try cli.run("list", "--store", url).stdout.split(separator: "\n").first { $0.contains("Third") })
    let id = String(third.split(separator: " ", omittingEmptySubsequences: true)[1])
    #expect(try cli.run("edit", id, "--title", "Third, renamed", "--store", url).status == 0)
    cli.environment["PMBOARD_USER"] = "bob"
    let refused = try cli.run("undo", "--store", url)
    #expect(refused.status != 0 && refused.stderr.contains("changed since"), "\(refused.stderr)")
  }

  /// Issue 57, item 10: alice undoes her synced edit in a replica that has not pulled bob's later edit of that
  /// task; the sync does not apply the undo (bob's edit stays, in the remote and in her replica) and says so.
  @Test func anUndoOfATaskChangedElsewhereSinceIsNotAppliedBySync() throws {
    var (cli, url) = try remoteBoard()
    defer { cli.remove() }
    #expect(try cli.run("clone", url, "alice.sqlite").status == 0)
    #expect(try cli.run("clone", url, "bob.sqlite").status == 0)
    let (alice, bob) = (cli.path("alice.sqlite"), cli.path("bob.sqlite"))
    let line = try #require(
      try cli.run("list", "--store", alice).stdout.split(separator: "\n").first { $0.contains("Remote task") })
    let id = String(line.split(separator: " ", omittingEmptySubsequences: true)[1])
    #expect(try cli.run("edit", id, "--title", "Alice's title", "--store", alice).status == 0)
    #expect(try cli.run("sync", "--store", alice).status == 0)
    #expect(try cli.run("sync", "--store", bob).status == 0)
    cli.environment["PMBOARD_USER"] = "bob"
    #expect(try cli.run("edit", id, "--title", "Bob's title", "--store", bob).status == 0)
    #expect(try cli.run("sync", "--store", bob).status == 0)
    cli.environment["PMBOARD_USER"] = "alice"
    #expect(try cli.run("undo", "--store", alice).status == 0)
    let synced = try cli.run("sync", "--store", alice)
    let lines = synced.stdout.split(separator: "\n")
    #expect(synced.status == 0 && lines.count == 2, "\(synced.stdout)\(synced.stderr)")
    #expect(lines.last?.hasPrefix("undo not applied: task ") == true, "\(synced.stdout)")
    #expect(lines.last?.contains("has changed since") == true && !synced.stdout.contains("merged"))
    for store in [url, alice] {
      let listed = try cli.run("list", "--store", store).stdout
      #expect(listed.contains("Bob's title") && !listed.contains("Remote task"), "\(store): \(listed)")
    }
    let history = try cli.run("history", "--store", url).stdout
    #expect(history.contains("by alice (not applied: the task was changed or removed elsewhere)"), "\(history)")
  }

  @Test func anUnreachableRemoteFailsFastAndKeepsLocalWork() throws {
    var (cli, url) = try remoteBoard()
    defer { cli.remove() }
    #expect(try cli.run("clone", url, "replica.sqlite").status == 0)
    let replica = cli.path("replica.sqlite")
    let queue = try DatabaseQueue(path: replica)
    try queue.write { db in
      try db.execute(sql: "UPDATE replica SET remote = 'postgresql:///x?host=/nonexistent/socket&board=team'")
    }
    try queue.close()
    cli.environment["PMBOARD_STORE"] = replica
    #expect(try cli.run("add", "Written offline").status == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: replica))
    let started = Date()
    let sync = try cli.run("sync")
    #expect(Date().timeIntervalSince(started) < 5)
    #expect(sync.status == 1)
    let lines = sync.stderr.split(separator: "\n")
    #expect(lines.count == 1 && lines[0].hasPrefix("pmboard: error: cannot connect"), "\(sync.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: replica)) == before)
    #expect(try cli.run("status").stdout.contains("remote: does not answer"))
    let build = try cli.run("build", "--today", "2026-11-21", "--sync")
    #expect(build.status == 0, "\(build.stderr)")
    #expect(build.stderr.contains("pmboard: warning: could not sync"))
    #expect(try cli.read("_site/en/index.html").contains("Written offline"))
  }

  @Test func aPasswordInTheURLIsNeitherShownNorKept() throws {
    var (cli, url) = try remoteBoard()
    defer { cli.remove() }
    let secret = "s3cret-Canary"
    let withPassword = url.replacingOccurrences(of: "user=pmboard", with: "user=pmboard&password=\(secret)")
    let cloned = try cli.run("clone", withPassword, "replica.sqlite")
    #expect(cloned.status == 0, "\(cloned.stderr)")
    cli.environment["PMBOARD_STORE"] = cli.path("replica.sqlite")
    let outputs = [cloned, try cli.run("status"), try cli.run("sync"), try cli.run("build", "--today", "2026-11-21")]
    for output in outputs { #expect(!(output.stdout + output.stderr).contains(secret)) }
    let bytes = try Data(contentsOf: URL(fileURLWithPath: cli.path("replica.sqlite")))
    #expect(bytes.range(of: Data(secret.utf8)) == nil)
    let site = FileManager.default.enumerator(atPath: cli.path("_site"))?.compactMap { $0 as? String } ?? []
    for file in site where file.hasSuffix(".html") {
      #expect(!(try cli.read("_site/\(file)").contains(secret)))
    }
  }

  @Test func syncingAStoreThatIsNoReplicaSaysHowToMakeOne() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    #expect(try cli.run("init").status == 0)
    let sync = try cli.run("sync")
    #expect(sync.status == 1)
    #expect(sync.stderr.contains("is not a replica of a remote board; make one with `pmboard clone"))
    #expect(try cli.run("status").stdout.contains("board.sqlite: not a replica; answers"))
  }
}

extension ReplicaCommandTests {
  /// `ps` shows what `/proc/PID/cmdline` holds: while pmboard waits on a server that never answers, a password
  /// given in the URL is not there.
  @Test func aPasswordOnTheCommandLineIsHiddenFromPs() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    let socketDirectory = cli.path("sock")
    try FileManager.default.createDirectory(atPath: socketDirectory, withIntermediateDirectories: true)
    let server = Process()
    server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    server.arguments = [
      "-c",
      "import socket,time; s=socket.socket(socket.AF_UNIX); s.bind('\(socketDirectory)/.s.PGSQL.5432'); "
        + "s.listen(); c=s.accept(); time.sleep(20)",
    ]
    try server.run()
    defer { server.terminate() }
    while !FileManager.default.fileExists(atPath: socketDirectory + "/.s.PGSQL.5432") { usleep(10_000) }
    let secret = "Hunter2Canary"
    let pmboard = Process()
    pmboard.executableURL = CLIRunner.binary
    pmboard.arguments = [
      "list", "--store", "postgresql:///x?host=\(socketDirectory)&password=\(secret)&connect_timeout=4",
    ]
    pmboard.standardOutput = FileHandle.nullDevice
    pmboard.standardError = FileHandle.nullDevice
    try pmboard.run()
    usleep(1_000_000)
    let commandLine = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(pmboard.processIdentifier)/cmdline"))
    pmboard.waitUntilExit()
    // A fixed mask, and the line shown alone (one string, as setproctitle leaves it): no padding of NULs after it,
    // nor stars as many as the password's letters, tells how long the password is.
    #expect(String(decoding: commandLine, as: UTF8.self).contains("password=***&connect_timeout=4"))
    #expect(commandLine.range(of: Data(secret.utf8)) == nil)
    #expect(commandLine.filter { $0 == 0 }.count <= 1, "\(Array(commandLine))")
  }

  /// `build --sync` that pushed a change and cannot print its report exits 3 and says the sync is recorded, as a
  /// writing command does: a script that took plain failure for "nothing happened" would sync and build again.
  /// It stops there, so it says too that the site was not built, and how to build it.
  @Test func aBuildThatSyncedSaysSoWhenItsReportIsLost() throws {
    var (cli, url) = try remoteBoard()
    defer { cli.remove() }
    #expect(try cli.run("clone", url, "replica.sqlite").status == 0)
    cli.environment["PMBOARD_STORE"] = cli.path("replica.sqlite")
    #expect(try cli.run("add", "Offline task").status == 0)
    let script = "\(CLIRunner.binary.path) build --today 2026-11-21 --sync > /dev/full"
    let lost = try cli.run("/bin/sh", "-c", script)
    #expect(lost.status == 3, "\(lost.stderr)")
    #expect(lost.stderr.contains("pmboard: synced with "), "\(lost.stderr)")
    #expect(
      lost.stderr.hasSuffix(
        ": No space left on device; the change is recorded, but the site was not built; build it with "
          + "`pmboard build` (without --sync)\n"), "\(lost.stderr)")
    #expect(lost.stderr.split(separator: "\n").count == 1)
    #expect(!FileManager.default.fileExists(atPath: cli.path("_site")))
    #expect(try cli.run("history", "--store", url).stdout.contains("Offline task"))
  }
}
