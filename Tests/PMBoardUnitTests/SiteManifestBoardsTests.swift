import Foundation
import Testing

@testable import PMBoardSite

/// A many-board site's manifest keeps each board's key and card on its heading (``SiteManifest/BoardRecord``).
@Suite("manifest: the boards of a many-board site")
struct SiteManifestBoardsTests {
  static func record(_ path: String, title: String) -> SiteManifest.BoardRecord {
    SiteManifest.BoardRecord(
      path: path, key: "k-\(path)", tasks: 3, historyEntries: 7, warnings: ["order-by: `x` is not a field"],
      index: SiteIndexPage.Board(
        path: path, title: title, counts: [1, nil, 2], overdue: 1, dueSoon: nil, lastChange: 1_763_000_000,
        badges: [SiteIndexPage.Badge(name: "open", text: "open 3")],
        zone: TimeZone(identifier: "Asia/Seoul") ?? .current))
  }

  /// Many boards make a heading longer than the 512 bytes a one-board site's is read in: it is read whole, and a
  /// title with a tab, a line break, quotes and any script comes back as it was.
  @Test func recordsOnALongHeadingComeBackAsTheyWere() throws {
    let records = (0..<12).map { Self.record("board-\($0)", title: "모바일 \t\"앱\"\n<\($0)> ボード") }
    let text = try #require(SiteManifest.BoardRecord.text(of: records))
    #expect(!text.contains("\n") && !text.contains("\t"))
    let site = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-boards-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: site) }
    let manifest = SiteManifest(
      files: ["board-0/index.html": .init(fingerprint: 1)],
      key: "abc 14 21 1\t" + SiteManifest.boardsMark + text)
    try manifest.bytes.write(to: site.appendingPathComponent(SiteManifest.name))
    let found = try #require(SiteManifest.key(ofSite: site.path))
    #expect(found.key == "abc" && found.tasks == 14 && found.historyEntries == 21 && found.files == 1)
    #expect(found.boards == records)
    #expect(found.built("board-3") && !found.built("board-12") && !found.built(""))
    // The same bytes on every build: the records are one line of JSON with sorted keys.
    #expect(SiteManifest.BoardRecord.text(of: records) == text)
  }

  @Test func aOneBoardHeadingHasNoBoards() throws {
    let site = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-one-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: site) }
    try SiteManifest(files: ["index.html": .init()], key: "abc 1 2 1").bytes.write(
      to: site.appendingPathComponent(SiteManifest.name))
    let found = try #require(SiteManifest.key(ofSite: site.path))
    #expect(found.boards == nil && found.built("") && !found.built("mobile"))
  }

  /// The lines under a board's folder, in a sorted manifest and in one edited by hand.
  @Test func linesUnderAFolder() {
    let paths = ["a/x.html", "mobile-2/a.html", "mobile/en/index.html", "mobile/index.html", "mobiles/x.html"]
    let sorted = SiteManifest(files: Dictionary(uniqueKeysWithValues: paths.map { ($0, .init()) }), key: nil)
    #expect(sorted.lines(under: "mobile/").map { sorted.paths[$0] } == ["mobile/en/index.html", "mobile/index.html"])
    #expect(sorted.lines(under: "none/").isEmpty)
  }
}
