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

  /// A kept board's lines are one run of bytes: cut out of the manifest unparsed, with their stamps, and merged back
  /// as they were among new paths that sort beside the board's folder.
  @Test func aKeptBoardsLinesAreCutOutAndMergedBackAsTheyWere() throws {
    let paths = [
      "a/x.html", "index.html", "mobile-2/a.html", "mobile/en/index.html", "mobile/index.html", "mobiles/x.html",
      "ops/en/t/1.html", "ops/index.html", "z.html",
    ]
    let entries = paths.enumerated().map { ($1, SiteManifest.Entry(fingerprint: UInt64($0 + 1))) }
    let data = SiteManifest(files: Dictionary(uniqueKeysWithValues: entries), key: "k 1 2 9").bytes
    let stamps: [UInt64?] = paths.indices.map { UInt64(100 + $0) }
    let kept: [String: SiteManifest.RunShape] = [
      "mobile": .init(files: 2, folders: ["mobile", "mobile/en"]),
      "ops": .init(files: 2, folders: ["ops", "ops/en", "ops/en/t"]),
    ]
    let split = try #require(SiteManifest.splitting(data, kept: kept, stamps: stamps))
    #expect(split.manifest.paths == ["a/x.html", "index.html", "mobile-2/a.html", "mobiles/x.html", "z.html"])
    #expect(split.stamps == [100, 101, 102, 105, 108])
    #expect(split.runs.map(\.folder) == ["mobile", "ops"])
    #expect(split.runs.map(\.stamps) == [[103, 104], [106, 107]])
    var previous = split.manifest
    previous.setStamps(split.stamps)
    let all = [Bool](repeating: true, count: previous.count)
    let same = SiteManifest.bytes(
      previous: previous, reused: all, written: [:], added: [], runs: split.runs, key: "k 1 2 9")
    #expect(same.manifest == data && same.stamps == stamps)
    // New paths just before and after a board's folder and "/" ("." and "0" sort either side of "/").
    let added = ["mobile.html", "mobile0.html", "ops.html"]
    let written = Dictionary(uniqueKeysWithValues: added.map { ($0, SiteManifest.Entry(fingerprint: 7, stamp: 9)) })
    let merged = SiteManifest.bytes(
      previous: previous, reused: all, written: written, added: added, runs: split.runs, key: "k 1 2 12")
    let whole = Dictionary(uniqueKeysWithValues: entries + added.map { ($0, SiteManifest.Entry(fingerprint: 7)) })
    #expect(merged.manifest == SiteManifest(files: whole, key: "k 1 2 12").bytes)
    #expect(
      merged.stamps.count == 12
        && merged.stamps.compactMap { $0 }.sorted() == (stamps + [9, 9, 9]).compactMap { $0 }.sorted())
    // Counts that do not add up, and a board with no lines: every line is read instead.
    #expect(SiteManifest.splitting(data, kept: ["mobile": .init(files: 3, folders: ["mobile"])], stamps: stamps) == nil)
    #expect(SiteManifest.splitting(data, kept: ["web": .init(files: 0, folders: ["web"])], stamps: stamps) == nil)
    #expect(SiteManifest.splitting(data, kept: kept, stamps: Array(stamps.dropLast())) == nil)
  }

  /// What the new manifest holds of each board: the old lines kept under its folder and the files written there.
  @Test func aBoardsShapeIsItsKeptAndWrittenFiles() {
    let old = SiteManifest(
      files: Dictionary(uniqueKeysWithValues: ["ops/a.html", "ops/en/b.html", "web/c.html"].map { ($0, .init()) }),
      key: nil)
    let shapes = SiteManifest.shapes(
      of: ["ops", "teams/web"], previous: old, reused: [true, false, true],
      written: ["ops/ko/t/x.html", "index.html", "teams/web/index.html"])
    #expect(shapes["ops"] == .init(files: 2, folders: ["ops", "ops/ko", "ops/ko/t"]))
    #expect(shapes["teams/web"] == .init(files: 1, folders: ["teams/web"]))
  }
}
