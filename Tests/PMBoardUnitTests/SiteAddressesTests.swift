import Foundation
import PMBoardCore
import Testing

@testable import PMBoardSite

/// `SiteAddresses` is where every file of a board's site is: a board's folder (`prefix`) moves every file the build
/// writes, pages and feeds alike, and changes none of their bytes (their links are relative to the board's folder).
@Suite struct SiteAddressesTests {
  /// Every file of the demo board's site built with `prefix`, by path from the site's folder.
  func site(prefix: String) throws -> [String: Data] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pmboard-addresses-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("site")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let snapshot = BoardSnapshot(
      DemoBoard.make(
        info: BoardInfo(title: DemoBoard.title, timeZoneID: "Asia/Seoul"),
        now: Date(timeIntervalSince1970: 1_795_250_000)))
    let moment = BuildMoment(today: try #require(CalendarDate(iso: "2026-11-21")), asOf: nil)
    var renderer = SiteRenderer(
      snapshot: snapshot, theme: try BuiltInTheme.checked.get(), locales: ["ko", "en", "ja"], defaultLocale: "ko",
      moment: moment)
    renderer.addresses = SiteAddresses(prefix: prefix)
    var feeds = SiteFeeds(
      snapshot: snapshot, tables: renderer.tables, catalogs: renderer.theme.catalogs, locales: renderer.locales,
      defaultLocale: "ko", moment: moment, baseURL: nil, policy: .everything, lastChange: nil)
    feeds.addresses = renderer.addresses
    let writer = try SiteWriter(out: out)
    for job in renderer.jobs() + feeds.jobs() { try job.write(writer) }
    _ = try writer.commit()
    var files: [String: Data] = [:]
    for path in try FileManager.default.subpathsOfDirectory(atPath: out.path) {
      let url = out.appendingPathComponent(path)
      guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true,
        path != ".pmboard-manifest"
      else { continue }
      files[path] = try Data(contentsOf: url)
    }
    return files
  }

  @Test func aBoardsFolderMovesEveryFileAndChangesNoByte() throws {
    let alone = try site(prefix: "")
    let moved = try site(prefix: "mobile/")
    #expect(alone.count > 200 && alone["ko/index.html"] != nil && alone["search/open.js"] != nil)
    #expect(moved.keys.allSatisfy { $0.hasPrefix("mobile/") }, "\(moved.keys.filter { !$0.hasPrefix("mobile/") })")
    #expect(Set(moved.keys.map { String($0.dropFirst("mobile/".count)) }) == Set(alone.keys))
    for (path, data) in alone {
      #expect(moved["mobile/" + path] == data, "\(path)")
    }
  }
}
