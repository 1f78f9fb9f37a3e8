import Foundation
import PMBoardBytes
import PMBoardTestSupport
import Testing

@testable import PMBoardSite

/// The spare: a rebuild takes the site before the live one over as its staging folder and changes only what
/// differs. These hold it to what a whole staging folder gave: the same site, unchanged files keeping their inode,
/// the user's files kept, and a spare whose manifest lists exactly what it holds.
@Suite struct SiteWriterSpareTests {
  private func temporaryDirectory() throws -> URL {
    try TemporaryFolder.make("pmboard-spare")
  }

  /// One build: `pages` written, `prints` as fingerprinted pages reused when their fingerprint matches.
  @discardableResult
  private func build(
    _ out: URL, pages: [String: String], prints: [String: UInt64] = [:], failing: Bool = false
  ) throws -> SiteWriter.Summary {
    let writer = try SiteWriter(out: out)
    for (path, text) in pages.sorted(by: { $0.key < $1.key }) {
      if let print = prints[path] {
        if writer.reuse(path, fingerprint: print) { continue }
        writer.keep(fingerprint: print, for: path)
      }
      try writer.write(path, Array(text.utf8))
    }
    if failing {
      writer.discard()
      return SiteWriter.Summary(files: 0, changed: 0, removed: 0, bytes: 0, kept: [])
    }
    return try writer.commit()
  }

  private func inode(_ path: String) -> UInt64? {
    POSIX.linkStatus(path).map { UInt64($0.st_ino) }
  }

  private func files(in folder: String) throws -> [String] {
    let all = try FileManager.default.subpathsOfDirectory(atPath: folder)
    return all.filter { !POSIX.isFolder(folder + "/" + $0) }.sorted()
  }

  /// The spare's files are exactly those its manifest lists.
  private func expectSpareIsWhole(_ directory: URL) throws {
    let spare = directory.appendingPathComponent(".site.pmboard-spare").path
    let absent = Set(
      (try? String(contentsOfFile: spare + "/" + SpareRecord.absentName, encoding: .utf8))?.split(separator: "\n")
        .map(String.init) ?? [])
    let listed = SiteManifest(site: spare).map { $0.paths.filter { !absent.contains($0) }.sorted() } ?? ["no manifest"]
    #expect(try files(in: spare).filter { !$0.hasPrefix(".pmboard-") } == listed)
  }

  @Test func rebuildsThroughTheSpareKeepInodesUserFilesAndMatchAFreshBuild() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("site")
    var pages = ["index.html": "board 1", "tasks/a.html": "a", "tasks/b.html": "b", "tasks/c.html": "c"]
    var prints: [String: UInt64] = ["tasks/a.html": 1, "tasks/b.html": 1, "tasks/c.html": 1]
    try build(out, pages: pages, prints: prints)
    pages["index.html"] = "board 2"
    pages["tasks/a.html"] = "a2"
    prints["tasks/a.html"] = 2
    try build(out, pages: pages, prints: prints)
    let site = out.path
    let before = (b: inode(site + "/tasks/b.html"), a: inode(site + "/tasks/a.html"))
    // The user adds a file to a folder the record knows, and deletes one of pmboard's pages.
    try Data("mine".utf8).write(to: out.appendingPathComponent("tasks/notes.txt"))
    #expect(POSIX.unlink(site + "/tasks/c.html") == 0)
    pages["index.html"] = "board 3"
    pages["tasks/d.html"] = "d"
    prints["tasks/d.html"] = 1
    pages["tasks/b.html"] = nil
    prints["tasks/b.html"] = nil
    let third = try build(out, pages: pages, prints: prints)
    #expect(third.kept == ["tasks/notes.txt"])
    #expect(inode(site + "/tasks/a.html") == before.a)
    #expect(
      try files(in: site) == [
        ".pmboard-manifest", "index.html", "tasks/a.html", "tasks/c.html", "tasks/d.html", "tasks/notes.txt",
      ])
    #expect(try String(contentsOfFile: site + "/tasks/c.html", encoding: .utf8) == "c")
    #expect(try String(contentsOfFile: site + "/tasks/a.html", encoding: .utf8) == "a2")
    #expect(try String(contentsOfFile: site + "/index.html", encoding: .utf8) == "board 3")
    #expect(before.b != nil)
    try expectSpareIsWhole(directory)
    // A fourth build with nothing changed rewrites nothing; a fifth after one change rewrites that page only.
    #expect(try build(out, pages: pages, prints: prints).changed == 0)
    pages["tasks/d.html"] = "d2"
    prints["tasks/d.html"] = 2
    let unchanged = try files(in: site).map { ($0, inode(site + "/" + $0)) }
    #expect(try build(out, pages: pages, prints: prints).changed == 1)
    for (path, number) in unchanged where path != "tasks/d.html" && path != SiteManifest.name {
      #expect(inode(site + "/" + path) == number, "\(path)")
    }
    try expectSpareIsWhole(directory)
  }

  @Test func aFailedBuildPutsTheSpareBackWithoutWhatItReplaced() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("site")
    var pages = ["index.html": "one", "tasks/a.html": "a", "tasks/b.html": "b"]
    try build(out, pages: pages)
    pages["index.html"] = "two"
    try build(out, pages: pages)
    pages["index.html"] = "three"
    pages["tasks/a.html"] = "a3"
    try build(out, pages: pages, failing: true)
    #expect(try String(contentsOfFile: out.path + "/index.html", encoding: .utf8) == "two")
    try expectSpareIsWhole(directory)
    let spare = directory.appendingPathComponent(".site.pmboard-spare").path
    #expect(try String(contentsOfFile: spare + "/tasks/b.html", encoding: .utf8) == "b")
    #expect(!FileManager.default.fileExists(atPath: spare + "/tasks/a.html"))
    // The next build still gives the whole site.
    try build(out, pages: pages)
    #expect(try files(in: out.path) == [".pmboard-manifest", "index.html", "tasks/a.html", "tasks/b.html"])
    #expect(try String(contentsOfFile: out.path + "/tasks/a.html", encoding: .utf8) == "a3")
  }

  /// After a rebuild through the spare, the spare records the stamps of both manifest files (its copy and the live
  /// one): the next build reads the bytes once. A spare manifest changed since (its stamp moved) is read and
  /// compared again, and so is a live one.
  @Test func theSparesTwinRecordSparesASecondReadOnlyWhileBothFilesAreAsWritten() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("site")
    let (site, spare) = (out.path, directory.appendingPathComponent(".site.pmboard-spare").path)
    let prints: [String: UInt64] = ["tasks/a.html": 1, "tasks/b.html": 1]
    try build(out, pages: ["index.html": "1", "tasks/a.html": "a", "tasks/b.html": "b"], prints: prints)
    try build(out, pages: ["index.html": "2", "tasks/a.html": "a", "tasks/b.html": "b"], prints: prints)
    #expect(FileManager.default.fileExists(atPath: spare + "/" + SpareRecord.twinName))
    #expect(SiteWriter.readManifests(site: site, spare: spare).same)
    // A spare manifest edited by hand: its stamp moves, so its own bytes are read. (Saved as an editor saves, a new
    // file renamed over it: until then the spare's manifest is the live one, a hard link.)
    let edited = try Data(contentsOf: URL(fileURLWithPath: spare + "/" + SiteManifest.name)) + Data("x.html\n".utf8)
    try edited.write(to: URL(fileURLWithPath: spare + "/" + SiteManifest.name), options: .atomic)
    let read = SiteWriter.readManifests(site: site, spare: spare)
    #expect(!read.same)
    #expect(read.spare?.contains("x.html") == true && read.live?.contains("x.html") == false)
    // The next build takes the record out and rebuilds as before.
    try build(out, pages: ["index.html": "3", "tasks/a.html": "a", "tasks/b.html": "b"], prints: prints)
    try expectSpareIsWhole(directory)
    #expect(SiteWriter.readManifests(site: site, spare: spare).same)
  }
}
