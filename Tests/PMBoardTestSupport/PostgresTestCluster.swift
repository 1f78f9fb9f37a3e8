import Foundation
import PMBoardBytes
import PMBoardStore
import Synchronization

/// A throwaway PostgreSQL cluster for the tests, started once per test process with Debian's `initdb` and
/// `pg_ctl` in a fresh directory under /tmp, listening only on a Unix socket in that directory.
///
/// /tmp rather than `NSTemporaryDirectory()`: a socket path must stay under ~100 bytes, and when the tests run as
/// root the server runs as `nobody` (initdb refuses root), which must reach the directory. The cluster is stopped
/// when the process exits; one left by a process that crashed is stopped and removed by the next run.
package final class PostgresTestCluster: Sendable {
  /// The cluster, or why it could not start (every PostgreSQL test then fails with that reason).
  package static let shared = Result { () throws(PostgresClusterError) -> PostgresTestCluster in try start() }

  /// Where the cluster lives: the data directory, the socket, the log and the owner's pid.
  package let directory: String
  private static let prefix = "/tmp/pmboard-pg-"
  private static let running = Mutex<String?>(nil)

  private init(directory: String) {
    self.directory = directory
  }

  /// A URL for `database` (percent-encoded socket directory as libpq's `host` parameter), with `board` if given.
  package func url(database: String = "postgres", board: String? = nil) -> String {
    let host = directory.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? directory
    return "postgresql:///\(database)?host=\(host)&user=pmboard" + (board.map { "&board=\($0)" } ?? "")
  }

  /// A new, empty database of its own, for a test that looks at the whole database.
  package func freshDatabase() throws -> String {
    let name = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    // CREATE DATABASE takes no parameters; the name is made here, of letters, digits and underscores.
    _ = try rows("CREATE DATABASE \(name)")
    return name
  }

  /// Runs one statement (values bound as `$1`, …) and returns its rows as text.
  package func rows(_ sql: String, _ parameters: [String?] = [], database: String = "postgres") throws -> [[String?]] {
    let connection = try PostgresConnection(conninfo: url(database: database))
    let result = try connection.execute(sql, parameters)
    return (0..<result.count).map { row in (0..<result.columns).map { result.text(row, $0) } }
  }

  // MARK: - Starting and stopping

  private static func start() throws(PostgresClusterError) -> PostgresTestCluster {
    removeAbandoned()
    guard let bin = binDirectory() else {
      throw PostgresClusterError("no PostgreSQL server found in /usr/lib/postgresql/*/bin; run scripts/setup")
    }
    let directory = prefix + UUID().uuidString.prefix(8).lowercased()
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
      try Data("\(getpid())\n".utf8).write(to: URL(fileURLWithPath: directory + "/owner.pid"))
    } catch {
      throw PostgresClusterError("cannot make \(directory): \(error)")
    }
    if getuid() == 0, let nobody = getpwnam("nobody") {
      chown(directory, nobody.pointee.pw_uid, nobody.pointee.pw_gid)
    }
    let data = directory + "/data"
    try run(
      bin + "/initdb", ["-D", data, "-U", "pmboard", "--auth=trust", "-E", "UTF8", "--no-locale", "--no-sync"],
      in: directory)
    let settings = [
      "listen_addresses = ''", "unix_socket_directories = '\(directory)'", "fsync = off",
      "synchronous_commit = off", "full_page_writes = off", "max_connections = 200",
    ]
    do {
      let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: data + "/postgresql.conf"))
      try handle.seekToEnd()
      try handle.write(contentsOf: Data(("\n" + settings.joined(separator: "\n") + "\n").utf8))
      try handle.close()
    } catch {
      throw PostgresClusterError("cannot configure the cluster in \(data): \(error)")
    }
    running.withLock { $0 = directory }
    atexit { PostgresTestCluster.stopRunning() }
    try run(bin + "/pg_ctl", ["start", "-w", "-t", "60", "-D", data, "-l", directory + "/log"], in: directory)
    return PostgresTestCluster(directory: directory)
  }

  /// The newest installed server's programs.
  private static func binDirectory() -> String? {
    let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
    return versions.compactMap(Int.init).sorted().reversed().map { "/usr/lib/postgresql/\($0)/bin" }
      .first { FileManager.default.isExecutableFile(atPath: $0 + "/pg_ctl") }
  }

  /// Runs a server program, as `nobody` when this process is root (initdb and postgres refuse root), its output
  /// going to `directory`/setup.log. `posix_spawn` and `waitpid`, not `Process`: this runs inside the lazy
  /// initializer of `shared`, where waiting for `Process` to notice the exit hung.
  private static func run(_ program: String, _ arguments: [String], in directory: String) throws(PostgresClusterError) {
    let asNobody = ["/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"]
    let command = (getuid() == 0 ? asNobody : []) + [program] + arguments
    let log = directory + "/setup.log"
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    // The server outlives this call: it must not inherit the pipes other tests are reading from their `pmboard`
    // processes at the same moment (Foundation's pipes are not close-on-exec), or those reads never see EOF and
    // the tests hang. glibc ignores closing a descriptor that is not open.
    var limit = rlimit()
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    for descriptor in 3..<Int32(min(limit.rlim_cur, 4096)) {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }
    let environment = ["PATH=/usr/bin:/bin", "LC_ALL=C", "TZ=UTC"]
    var pid: pid_t = 0
    let spawned = withCStrings(command) { argv in
      withCStrings(environment) { envp in posix_spawn(&pid, command[0], &actions, nil, argv, envp) }
    }
    guard spawned == 0 else { throw PostgresClusterError("cannot run \(command[0]): error \(spawned)") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    guard status == 0 else {
      let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      let last = text.split(separator: "\n").suffix(3).joined(separator: " / ")
      throw PostgresClusterError("\(program) \(arguments.first ?? "") failed (status \(status)): \(last)")
    }
  }

  private static func withCStrings<T>(
    _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> T
  ) -> T {
    let copies = strings.map { strdup($0) } + [nil]
    defer { copies.forEach { free($0) } }
    return copies.withUnsafeBufferPointer { body($0.baseAddress!) }
  }

  /// At exit: an immediate shutdown of this process's cluster, and its directory removed.
  private static func stopRunning() {
    guard let directory = running.withLock({ $0 }) else { return }
    stop(directory)
  }

  /// Stops the server in `directory` (SIGQUIT: immediate shutdown, nothing to keep) and removes the directory.
  private static func stop(_ directory: String) {
    let pidFile = directory + "/data/postmaster.pid"
    if let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
      let line = text.split(separator: "\n").first, let pid = pid_t(line)
    {
      kill(pid, SIGQUIT)
      for _ in 0..<100 where kill(pid, 0) == 0 { usleep(20_000) }
    }
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// Clusters of earlier runs whose test process is gone (it crashed or was killed): stopped and removed.
  private static func removeAbandoned() {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? []
    for name in names where ("/tmp/" + name).hasPrefix(prefix) {
      let directory = "/tmp/" + name
      let owner = (try? String(contentsOfFile: directory + "/owner.pid", encoding: .utf8))
        .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
      if let owner, kill(owner, 0) == 0 || errno == EPERM { continue }
      stop(directory)
    }
  }
}

/// Why the test cluster could not start.
package struct PostgresClusterError: Error, CustomStringConvertible {
  package var description: String
  package init(_ description: String) { self.description = description }
}
