import Foundation
import PMBoardBytes
import PMBoardTestSupport
import Testing

@testable import PMBoardSite

/// Issue 31, round 3: the spare beside the site is untrusted input, holds nothing the new site does not, and a
/// page changed by hand in the live site does not survive a rebuild.
@Suite struct SiteWriterHardeningTests {
  /// One build: `pages` written, each task page reused instead when the old site kept it with the same
  /// fingerprint (here of its text, as a task page whose inputs did not change is).
  @discardableResult
  private func build(_ out: URL, pages: [String: String], verify: Bool = false) throws -> SiteWriter.Summary {
    let writer = try SiteWriter(out: out, verify: verify)
    for (path, text) in pages.sorted(by: { $0.key < $1.key }) {
      if path.contains("tasks/") {
        var print = Fingerprint()
        print.add(text)
        if writer.reuse(path, fingerprint: print.value) { continue }
        writer.keep(fingerprint: print.value, for: path)
      }
      try writer.write(path, Array(text.utf8))
    }
    return try writer.commit()
  }

  private func text(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }

  private func files(in folder: String) throws -> [String] {
    let all = try FileManager.default.subpathsOfDirectory(atPath: folder)
    return all.filter { POSIX.linkStatus(folder + "/" + $0).map { $0.st_mode & S_IFMT != S_IFDIR } ?? false }.sorted()
  }

  private func mode(_ path: String) -> mode_t {
    (POSIX.linkStatus(path)?.st_mode ?? 0) & 0o7777
  }

  private let pages = ["index.html": "board", "en/tasks/a.html": "a", "en/tasks/b.html": "b"]

  /// Two builds, so that the next one takes a spare over.
  private func siteWithSpare() throws -> (directory: URL, out: URL, spare: String) {
    let directory = try TemporaryFolder.make("pmboard-hardening")
    let out = directory.appendingPathComponent("site")
    try build(out, pages: pages)
    var second = pages
    second["index.html"] = "board 2"
    try build(out, pages: second)
    return (directory, out, directory.path + "/.site.pmboard-spare")
  }

  @Test func aLinkedFolderInTheSpareIsNeverWrittenThrough() throws {
    let (directory, out, spare) = try siteWithSpare()
    defer { try? FileManager.default.removeItem(at: directory) }
    let elsewhere = directory.path + "/elsewhere"
    try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
    try Data("theirs".utf8).write(to: URL(fileURLWithPath: elsewhere + "/a.html"))
    try FileManager.default.removeItem(atPath: spare + "/en/tasks")
    try FileManager.default.createSymbolicLink(atPath: spare + "/en/tasks", withDestinationPath: elsewhere)
    // A linked page and a stray file in the spare must not be published either.
    try FileManager.default.createSymbolicLink(
      atPath: spare + "/stray.html", withDestinationPath: elsewhere + "/a.html")
    try Data("stray".utf8).write(to: URL(fileURLWithPath: spare + "/unlisted.html"))
    var next = pages
    next["index.html"] = "board 3"
    next["en/tasks/a.html"] = "a3"
    next["en/tasks/c.html"] = "c"
    try build(out, pages: next)
    #expect(try files(in: elsewhere) == ["a.html"])
    #expect(text(elsewhere + "/a.html") == "theirs")
    let tasks = POSIX.linkStatus(out.path + "/en/tasks")
    #expect(tasks.map { $0.st_mode & S_IFMT == S_IFDIR } == true, "the live folder is a folder, not the link")
    #expect(
      try files(in: out.path) == [
        ".pmboard-manifest", "en/tasks/a.html", "en/tasks/b.html", "en/tasks/c.html", "index.html",
      ])
    #expect(text(out.path + "/en/tasks/a.html") == "a3")
    #expect(text(out.path + "/en/tasks/b.html") == "b")
  }

  @Test func aSpareThatIsALinkIsRemovedNotFollowed() throws {
    let (directory, out, spare) = try siteWithSpare()
    defer { try? FileManager.default.removeItem(at: directory) }
    let elsewhere = directory.path + "/elsewhere"
    try FileManager.default.createDirectory(atPath: elsewhere + "/en/tasks", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: spare + "/.pmboard-manifest", toPath: elsewhere + "/.pmboard-manifest")
    try FileManager.default.removeItem(atPath: spare)
    try FileManager.default.createSymbolicLink(atPath: spare, withDestinationPath: elsewhere)
    var next = pages
    next["index.html"] = "board 3"
    next["en/tasks/a.html"] = "a3"
    try build(out, pages: next)
    #expect(try files(in: elsewhere) == [".pmboard-manifest"])
    #expect(text(out.path + "/en/tasks/a.html") == "a3")
    #expect(POSIX.linkStatus(out.path).map { $0.st_mode & S_IFMT == S_IFDIR } == true)
  }

  /// The spare is the old site less every page the new one does not share: a page the new build drops (as a
  /// publish policy hiding done tasks does) or changes is gone from it once the build finishes. It and the
  /// staging folder are the builder's only.
  @Test func theSpareHoldsOnlyWhatTheNewSiteHolds() throws {
    let (directory, out, spare) = try siteWithSpare()
    defer { try? FileManager.default.removeItem(at: directory) }
    let writer = try SiteWriter(out: out)
    let staging = directory.path + "/.site.pmboard-staging-\(getpid())"
    #expect(mode(staging) == 0o700)
    var print = Fingerprint()
    print.add("a")
    #expect(writer.reuse("en/tasks/a.html", fingerprint: print.value))
    try writer.write("index.html", Array("board without b".utf8))
    _ = try writer.commit()
    #expect(mode(spare) == 0o700)
    let held = try files(in: spare).filter { !$0.hasPrefix(".pmboard-") }
    #expect(held == ["en/tasks/a.html"])
    for path in held {
      #expect(POSIX.linkStatus(spare + "/" + path)?.st_ino == POSIX.linkStatus(out.path + "/" + path)?.st_ino)
    }
    // It keeps the new site's manifest, and the list of that manifest's files it does not hold.
    #expect(SiteManifest(site: spare)?.paths == ["en/tasks/a.html", "index.html"])
    #expect(text(spare + "/" + SpareRecord.absentName) == "index.html\n")
    // And the next builds through that spare still give the whole site.
    try build(out, pages: pages)
    #expect(try files(in: out.path) == [".pmboard-manifest", "en/tasks/a.html", "en/tasks/b.html", "index.html"])
    #expect(text(out.path + "/index.html") == "board")
  }

  /// A page replaced by hand in the live site (another file renamed over it, as editors and `sed -i` do) is
  /// written again by the next build and stays right on the build after. One changed in place keeps its folder's
  /// time and is trusted by a default rebuild (no `stat` per page); a verifying build writes it again.
  @Test(arguments: [false, true])
  func aPageChangedByHandIsWrittenAgain(inPlace: Bool) throws {
    let (directory, out, _) = try siteWithSpare()
    defer { try? FileManager.default.removeItem(at: directory) }
    let page = out.path + "/en/tasks/a.html"
    if inPlace {
      let handle = try #require(FileHandle(forWritingAtPath: page))
      try handle.seekToEnd()
      try handle.write(contentsOf: Data(" changed".utf8))
      try handle.close()
      try build(out, pages: pages)
      #expect(text(page) == "a changed", "a default rebuild trusts the page's folder")
    } else {
      try Data("replaced".utf8).write(to: URL(fileURLWithPath: page), options: .atomic)
    }
    for round in 1...3 {
      try build(out, pages: pages, verify: inPlace && round == 1)
      #expect(text(page) == "a", "build \(round)")
      #expect(try files(in: out.path) == [".pmboard-manifest", "en/tasks/a.html", "en/tasks/b.html", "index.html"])
    }
  }

  /// A folder of pmboard's in the live site replaced by a link is replaced by the folder again, never followed.
  @Test func aLiveFolderReplacedByALinkIsReplaced() throws {
    let (directory, out, _) = try siteWithSpare()
    defer { try? FileManager.default.removeItem(at: directory) }
    let elsewhere = directory.path + "/elsewhere"
    try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
    try Data("theirs".utf8).write(to: URL(fileURLWithPath: elsewhere + "/a.html"))
    try FileManager.default.removeItem(atPath: out.path + "/en/tasks")
    try FileManager.default.createSymbolicLink(atPath: out.path + "/en/tasks", withDestinationPath: elsewhere)
    for _ in 1...2 {
      try build(out, pages: pages)
      #expect(POSIX.linkStatus(out.path + "/en/tasks").map { $0.st_mode & S_IFMT == S_IFDIR } == true)
      #expect(try files(in: out.path) == [".pmboard-manifest", "en/tasks/a.html", "en/tasks/b.html", "index.html"])
      #expect(try files(in: elsewhere) == ["a.html"])
      #expect(text(elsewhere + "/a.html") == "theirs")
    }
  }

  /// The other names a build uses beside the site are not followed either: a link in place of the parked old
  /// site is removed, and one in place of the build lock stops the build with what to do.
  @Test func linksInPlaceOfTheLockOrTheParkedSiteAreNotFollowed() throws {
    let (directory, out, _) = try siteWithSpare()
    defer { try? FileManager.default.removeItem(at: directory) }
    let elsewhere = directory.path + "/elsewhere"
    try FileManager.default.createDirectory(atPath: elsewhere + "/en", withIntermediateDirectories: true)
    try Data("theirs".utf8).write(to: URL(fileURLWithPath: elsewhere + "/en/notes.html"))
    let aside = directory.path + "/.site.pmboard-previous"
    try FileManager.default.createSymbolicLink(atPath: aside, withDestinationPath: elsewhere)
    try build(out, pages: pages)
    #expect(POSIX.linkStatus(aside) == nil)
    #expect(try files(in: elsewhere) == ["en/notes.html"])
    #expect(try files(in: out.path) == [".pmboard-manifest", "en/tasks/a.html", "en/tasks/b.html", "index.html"])
    let lock = directory.path + "/.site.pmboard-lock"
    try FileManager.default.removeItem(atPath: lock)
    try FileManager.default.createSymbolicLink(atPath: lock, withDestinationPath: elsewhere + "/lock")
    #expect {
      try build(out, pages: pages)
    } throws: { error in
      "\(error)".contains("is a symbolic link, not pmboard's file; remove it")
    }
    #expect(!FileManager.default.fileExists(atPath: elsewhere + "/lock"))
  }
}
