import Foundation
import PMBoardTestSupport
import Testing

/// The action with a team store (issue 42): a PostgreSQL board whose role needs a password, the password given as a
/// secret is (`PGPASSWORD` in the step's environment), the store's URL without it. `scripts/run-action` runs the
/// action's steps against a throwaway cluster whose `pg_hba.conf` asks that role for its password.
@Suite("the GitHub Action with a PostgreSQL store", .serialized, .needs(.postgres))
struct ActionTeamStoreTests {
  @Test func theActionBuildsFromPostgreSQLWithThePasswordFromASecret() throws {
    let cluster = try PostgresTestCluster.shared.get()
    let role = "action_" + UUID().uuidString.prefix(8).lowercased()
    let password = "s3cret-" + UUID().uuidString
    let database = try cluster.freshDatabase()
    _ = try cluster.rows("CREATE ROLE \(role) LOGIN PASSWORD '\(password)'")
    _ = try cluster.rows("ALTER DATABASE \(database) OWNER TO \(role)")
    // This role, and only it, must give its password (the cluster trusts the tests' own role).
    let hba = URL(fileURLWithPath: cluster.directory + "/data/pg_hba.conf")
    let rules = try String(contentsOf: hba, encoding: .utf8)
    try Data("local all \(role) scram-sha-256\n\(rules)".utf8).write(to: hba)
    _ = try cluster.rows("SELECT pg_reload_conf()")

    let tests = ActionScriptTests()
    var cli = try tests.workspace()
    defer { cli.remove() }
    let store = cluster.url(database: database, board: "team").replacingOccurrences(
      of: "user=pmboard", with: "user=\(role)")
    // Without the secret the store refuses the connection, in one line that does not show a password.
    let refused = try cli.run("init", "--store", store, "--title", "Team board")
    #expect(refused.status != 0)
    #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
    cli.environment["PGPASSWORD"] = password
    #expect(try cli.run("init", "--store", store, "--title", "Team board").status == 0)
    #expect(try cli.run("add", "Ship the team board", "--store", store, "--due", "2026-12-01").status == 0)
    let result = try tests.runAction(cli, inputs: ["STORE": store, "OUT": "public", "LOCALES": "en"])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("step: Build the site\nBuilt public/: en, 1 task"), "\(result.stdout)")
    #expect(try cli.read("public/en/index.html").contains("Ship the team board"))
    #expect(!(result.stdout + result.stderr).contains(password))
    let site = try FileManager.default.subpathsOfDirectory(atPath: cli.path("public"))
    for path in site where !path.hasSuffix("/") {
      let data = FileManager.default.contents(atPath: cli.path("public/\(path)")) ?? Data()
      #expect(data.range(of: Data(password.utf8)) == nil, "\(path)")
    }
  }
}
