import Foundation
import PMBoardBytes
import PMBoardTestSupport
import Testing

/// A password typed in a `--store` URL reaches libpq as typed, while `ps` shows the URL masked (issue 31): the
/// mask once overwrote the arguments before Swift had copied them, and libpq got `****` as the password.
@Suite("PostgreSQL password in a store URL", .serialized)
struct PostgresPasswordTests {
  /// A role of its own that must give its password (scram-sha-256), leaving the tests' `trust` role as it is.
  func passwordRole(in cluster: PostgresTestCluster, password: String) throws -> String {
    let role = "pw_" + UUID().uuidString.prefix(8).lowercased()
    _ = try cluster.rows("CREATE ROLE \(role) LOGIN SUPERUSER PASSWORD '\(password)'")
    let hba = cluster.directory + "/data/pg_hba.conf"
    let rules = try String(contentsOfFile: hba, encoding: .utf8)
    try Data(("local all \(role) scram-sha-256\n" + rules).utf8).write(to: URL(fileURLWithPath: hba))
    _ = try cluster.rows("SELECT pg_reload_conf()")
    // The server reloads its rules asynchronously: until a wrong password is refused, they are not in force.
    for _ in 0..<100 {
      let url = cluster.url().replacingOccurrences(of: "user=pmboard", with: "user=\(role)&password=wrong")
      guard (try? PostgresConnection(conninfo: url)) != nil else { return role }
      usleep(50_000)
    }
    throw PostgresClusterError("the cluster did not start asking \(role) for a password")
  }

  @Test func aPasswordInTheStoreURLConnects() throws {
    let cluster = try PostgresTestCluster.shared.get()
    let role = try passwordRole(in: cluster, password: "RIGHT-pass")
    let database = try cluster.freshDatabase()
    let host = cluster.directory.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? cluster.directory
    let cli = try CLIRunner()
    defer { cli.remove() }
    let wrong = try cli.run("init", "--store", "postgresql://\(role):WRONG@/\(database)?host=\(host)")
    #expect(wrong.status == 1)
    #expect(wrong.stderr.contains("password"), "\(wrong.stderr)")
    #expect(!wrong.stderr.contains("WRONG"), "the password must not be shown")
    let right = try cli.run("init", "--store", "postgresql://\(role):RIGHT-pass@/\(database)?host=\(host)")
    #expect(right.status == 0, "\(right.stderr)")
    // The password as a parameter is masked, and kept, the same way.
    let url = "postgresql:///\(database)?host=\(host)&user=\(role)&password=RIGHT-pass"
    let added = try cli.run("add", "--store", url, "Reached with a password")
    #expect(added.status == 0, "\(added.stderr)")
    let listed = try cli.run("list", "--store", url)
    #expect(listed.stdout.contains("Reached with a password"), "\(listed.stderr)")
  }
}
