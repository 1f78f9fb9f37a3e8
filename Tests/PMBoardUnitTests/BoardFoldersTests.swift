import PMBoardSite
import Testing

/// The folders of a database's boards (`boards: postgres://…`): any name `init` takes gets a folder of its own.
@Suite("board folders")
struct BoardFoldersTests {
  typealias Entry = BuildSettings.BoardEntry
  let reserved: Set<String> = ["assets", "index.html", "ko", "en", "ja"]

  @Test func plainNamesKeepTheirFoldersAndOthersGetSlugs() {
    let names = ["web-team", "모바일", "team web", "Web-Team", "Ops", "en", ".hidden", "v1.2_x"]
    let folders = Entry.folders(forBoards: names, reserved: reserved)
    #expect(folders[0] == "web-team" && folders[4] == "ops" && folders[7] == "v1.2_x")
    #expect(folders[1] == Entry.slug(of: "모바일") && folders[1].count == 8)
    #expect(folders[2] == Entry.slug(of: "team web") && folders[2].hasPrefix("team-web-"))
    #expect(folders[3] == Entry.slug(of: "Web-Team") && folders[3].hasPrefix("web-team-"))
    #expect(folders[5] == Entry.slug(of: "en") && folders[6] == Entry.slug(of: ".hidden"))
    #expect(Set(folders).count == folders.count)
    #expect(BuildSettings.problem(ofBoards: folders.map { Entry(store: "x.sqlite", path: $0) }, locales: ["ko"]) == nil)
  }

  /// Of two names that differ only in case, the later-made one moves: a new board never moves an older one.
  @Test func theLaterMadeOfTwoCaseTwinsGetsTheSlug() {
    #expect(
      Entry.folders(forBoards: ["Web-Team", "web-team"], reserved: []) == ["web-team", Entry.slug(of: "web-team")])
    #expect(
      Entry.folders(forBoards: ["web-team", "Web-Team"], reserved: []) == ["web-team", Entry.slug(of: "Web-Team")])
  }

  /// A slug that is already a board's folder (a board named after another's slug) takes the long form.
  @Test func aSlugTakenByAPlainNameIsLengthened() {
    let slug = Entry.slug(of: "team web")
    let folders = Entry.folders(forBoards: [slug, "team web"], reserved: [])
    #expect(folders == [slug, Entry.slug(of: "team web", long: true)])
  }

  /// A listed PostgreSQL board without `path:` takes the same folder rule.
  @Test func aListedBoardsDefaultPathIsAFolder() {
    #expect(Entry(store: "postgres://h/db?board=web").path == "web")
    #expect(Entry(store: "postgres://h/db?board=%EB%AA%A8%EB%B0%94%EC%9D%BC").path == Entry.slug(of: "모바일"))
    #expect(Entry(store: "postgres://h/db?board=Web-Team").path == "web-team")
  }
}
