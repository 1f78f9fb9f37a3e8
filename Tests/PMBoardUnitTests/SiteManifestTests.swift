import Foundation
import PMBoardTestSupport
import Testing

@testable import PMBoardSite

/// The manifest as a rebuild reads it: every listed path found, with its fingerprint, and the spare's listing of
/// each old page the same whether worked out by walking two sorted manifests or by looking each path up.
@Suite struct SiteManifestTests {
  private static func manifest(_ lines: [String], key: String? = nil) -> SiteManifest {
    let heading = SiteManifest.heading + (key.map { "\t\(SiteManifest.keyMark)\($0)" } ?? "")
    return SiteManifest(bytes: Data(([heading] + lines).joined(separator: "\n").utf8 + [UInt8(ascii: "\n")]))
  }

  private static let hex = "00000000000000"

  @Test func readsPathsFingerprintsAndTheKey() {
    let read = Self.manifest(
      ["a.html\t\(Self.hex)0a", "b/c.html", "b/d.html\tnot-hex", "ko/tasks/x.html\t\(Self.hex)ff"], key: "k 1 2 3")
    #expect(read.key == "k 1 2 3")
    #expect(read.paths == ["a.html", "b/c.html", "b/d.html", "ko/tasks/x.html"])
    #expect(read.fingerprint(of: "a.html") == 10)
    #expect(read.fingerprint(of: "ko/tasks/x.html") == 255)
    #expect(read.contains("b/c.html") && read.fingerprint(of: "b/c.html") == nil)
    #expect(read.fingerprint(of: "b/d.html") == nil)
    #expect(!read.contains("a.htm") && !read.contains("a.html\t") && read.line(of: "nope") == nil)
    #expect(read.line(of: "b/d.html") == 2)
  }

  @Test func aPathListedTwiceKeepsItsLastFingerprint() {
    let read = Self.manifest(["a.html\t\(Self.hex)01", "b.html", "a.html\t\(Self.hex)02"])
    #expect(read.count == 2)
    #expect(read.fingerprint(of: "a.html") == 2)
    #expect(read.paths == ["a.html", "b.html"])
  }

  @Test func theSparesListingsAreTheSameWalkedOrLookedUp() {
    var random = SplitMix64(seed: 7)
    for _ in 0..<50 {
      let names = (0..<40).map { "en/tasks/\($0).html" }
      func pick() -> [String] {
        names.filter { _ in random.next() % 3 != 0 }.map { name in
          random.next() % 4 == 0 ? name : "\(name)\t\(Self.hex)0\(random.next() % 3)"
        }
      }
      let (old, spare) = (pick(), pick())
      let sorted = (Self.manifest(old.sorted()), Self.manifest(spare.sorted()))
      let shuffled = (Self.manifest(old.shuffled(using: &random)), Self.manifest(spare))
      #expect(sorted.0.isSorted && sorted.1.isSorted)
      let walked = sorted.0.listings(in: sorted.1)
      let lookedUp = shuffled.0.listings(in: shuffled.1)
      for (line, path) in sorted.0.paths.enumerated() {
        let expected: SiteManifest.Listing =
          if !sorted.1.contains(path) {
            .absent
          } else if sorted.1.fingerprint(of: path) == sorted.0.fingerprint(of: path) {
            .sameFingerprint
          } else {
            .otherFingerprint
          }
        #expect(walked[line] == expected, "\(path)")
        #expect(lookedUp[shuffled.0.line(of: path) ?? -1] == expected, "\(path)")
      }
    }
  }

  /// The manifest's own path table (open addressing over an FNV hash) against a dictionary: every listed path is
  /// found at its line, paths it does not list are not, duplicates keep their first line, and the table grows
  /// past its first size; random paths, many of them sharing long prefixes as pages do.
  @Test func thePathTableFindsWhatADictionaryFinds() {
    var random = SplitMix64(seed: 41)
    var files: [String: SiteManifest.Entry] = [:]
    var reference: [String: UInt64] = [:]
    for _ in 0..<5_000 {
      let path = ["ko", "en", "ja"][random.below(3)] + "/tasks/" + String(random.below(4_000), radix: 16) + ".html"
      let print = random.next()
      files[path] = SiteManifest.Entry(fingerprint: print)
      reference[path] = print
    }
    let manifest = SiteManifest(bytes: SiteManifest(files: files, key: nil).bytes)
    #expect(manifest.count == reference.count)
    for (path, print) in reference {
      let line = manifest.line(of: path)
      #expect(line.map { manifest.paths[$0] } == path)
      #expect(manifest.fingerprint(of: path) == print)
    }
    for _ in 0..<2_000 {
      let path = "en/tasks/" + String(4_000 + random.below(4_000), radix: 16) + ".html"
      #expect(manifest.line(of: path) == nil)
    }
  }

  /// A manifest big enough to be read in several pieces, as pmboard writes it (sorted: taken line by line, its folders
  /// found while reading) and out of order with a path listed twice (merged line by line): the same lookups and
  /// the same folders as worked out from the paths.
  @Test func bigManifestsReadInHalvesFindEveryPathAndFolder() {
    var random = SplitMix64(seed: 5)
    let lines = (0..<12_000).map { index in
      ["ko", "en/x", "ja/tasks/deep"][random.below(3)]
        + "/p\(index).html\t\(Self.hex)\(String(format: "%02x", index % 256))"
    }
    let sorted = Self.manifest(lines.sorted())
    let shuffled = Self.manifest(lines.shuffled(using: &random) + [lines[7]])
    #expect(sorted.isSorted && !shuffled.isSorted)
    #expect(sorted.parsedFolders != nil && shuffled.parsedFolders == nil)
    for manifest in [sorted, shuffled] {
      #expect(manifest.count == lines.count)
      #expect(manifest.folders == SiteManifest.folders(containing: manifest.paths))
      #expect(manifest.folders == ["ko", "en", "en/x", "ja", "ja/tasks", "ja/tasks/deep"])
      for line in lines {
        let path = String(line.prefix { $0 != "\t" })
        #expect(manifest.line(of: path).map { manifest.paths[$0] } == path)
        #expect(manifest.fingerprint(of: path) == UInt64(line.suffix(2), radix: 16))
      }
      #expect(manifest.line(of: "ko/p12000.html") == nil)
      // A line compared with a folder and a name as they are: the path's own split, and nothing else.
      for line in stride(from: 0, to: manifest.count, by: 97) {
        let (folder, name) = SiteManifest.split(manifest.paths[line])
        #expect(manifest.path(line, is: folder, name))
        #expect(!manifest.path(line, is: folder, name + "x") && !manifest.path(line, is: folder + "x", name))
        #expect(!manifest.path(line, is: "", folder + "/" + name) && !manifest.path(line, is: folder, "x" + name))
      }
    }
  }

  /// A rebuild's manifest written by copying runs of the old manifest's lines gives the bytes and stamps that
  /// writing it line by line gives: pages kept, written again, removed and added anywhere, the first and last
  /// lines among them.
  @Test func manifestsCopiedByRunsMatchThoseWrittenLineByLine() {
    var random = SplitMix64(seed: 23)
    for round in 0..<60 {
      var files: [String: SiteManifest.Entry] = [:]
      for index in 0..<(round % 7 == 0 ? 3 : 300) {
        let folder = ["", "en/", "ko/tasks/", "ja/tasks/"][random.below(4)]
        files["\(folder)p\(index).html"] = SiteManifest.Entry(
          fingerprint: random.below(5) == 0 ? nil : random.next(), stamp: random.next())
      }
      var read = SiteManifest(bytes: SiteManifest(files: files, key: "k").bytes)
      read.setStamps(read.paths.map { _ in random.below(4) == 0 ? nil : random.next() })
      let lineByLine = SiteManifest(
        files: Dictionary(
          uniqueKeysWithValues: read.paths.indices.map {
            (read.paths[$0], read.entry($0))
          }), key: "k")
      #expect(read.source != nil && lineByLine.source == nil)
      let reused = read.paths.map { _ in random.below(10) != 0 }
      var written: [String: SiteManifest.Entry] = [:]
      for (line, path) in read.paths.enumerated() where !reused[line] && random.below(2) == 0 {
        written[path] = SiteManifest.Entry(fingerprint: random.next(), stamp: random.next())
      }
      let added = (0..<random.below(6)).map { "\(["", "en/", "ko/tasks/", "zz/"][random.below(4)])new\($0).html" }
      for path in added { written[path] = SiteManifest.Entry(fingerprint: random.next(), stamp: nil) }
      let byRuns = SiteManifest.bytes(previous: read, reused: reused, written: written, added: added, key: "k2")
      let byLines = SiteManifest.bytes(previous: lineByLine, reused: reused, written: written, added: added, key: "k2")
      #expect(byRuns.manifest == byLines.manifest)
      #expect(byRuns.stamps == byLines.stamps)
    }
  }
}
