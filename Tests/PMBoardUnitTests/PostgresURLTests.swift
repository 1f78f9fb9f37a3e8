import Foundation
import PMBoardStore
import PMBoardTestSupport
import Testing

@Suite("PostgreSQL URLs")
struct PostgresURLTests {
  @Test func theBoardParameterIsPmboardsAndLeftOutForLibpq() throws {
    let url = try PostgresURL("postgres://db.example/team?sslmode=require&board=mobile&connect_timeout=2")
    #expect(url.board == "mobile")
    #expect(url.conninfo == "postgres://db.example/team?sslmode=require&connect_timeout=2")
    #expect(url.redacted == "postgres://db.example/team?sslmode=require&board=mobile&connect_timeout=2")
    #expect(try PostgresURL("postgresql:///team").board == PostgresURL.defaultBoard)
    #expect(try PostgresURL("postgresql:///team?board=%ED%8C%80").board == "팀")
    #expect(try PostgresURL("postgresql:///team?board=only").conninfo == "postgresql:///team")
  }

  @Test func passwordsAreNeverShown() throws {
    let inUserInfo = try PostgresURL("postgres://alice:s%40cret@db.example:5432/team?board=x")
    #expect(inUserInfo.redacted == "postgres://alice:***@db.example:5432/team?board=x")
    #expect(inUserInfo.conninfo == "postgres://alice:s%40cret@db.example:5432/team")
    #expect(inUserInfo.scrub("echo s@cret") == "echo ***")
    let inQuery = try PostgresURL("postgresql://alice@db.example/team?password=hunter2")
    #expect(inQuery.redacted == "postgresql://alice@db.example/team?password=***")
    #expect(!(try StoreLocator.store(forPath: "postgres://u:hunter2@h/d").location.contains("hunter2")))
  }

  @Test func anEmptyBoardNameIsRefused() async {
    let error = await storeError { _ = try PostgresURL("postgres://u:pw@h/d?board=") }
    #expect(error?.description.contains("names no board") == true)
    #expect(error?.description.contains("pw") == false)
  }

  @Test func theLocatorOpensURLsAsPostgresStores() throws {
    #expect(try StoreLocator.store(forPath: "postgres://h/d") is PostgresBoardStore)
    #expect(try StoreLocator.store(forPath: "PostgreSQL://h/d?board=b") is PostgresBoardStore)
    #expect(try StoreLocator.store(forPath: "postgres.sqlite") is SQLiteBoardStore)
  }
}
