import Foundation
import PMBoardBytes
import PMBoardTestSupport
import Testing

@testable import PMBoardSite

/// Issue 39: someone who can rename entries in the folder that holds `--out` (a group-writable web root without
/// the sticky bit) swaps names while a build runs. The build writes only into the folder it made, never where a
/// link planted in its place leads, and publishes nothing it did not mean to.
@Suite struct SiteWriterRaceTests {
  private let pages = ["index.html": "board", "en/index.html": "en board", "en/tasks/a.html": "a"]

  private func write(_ writer: SiteWriter, _ pages: [String: String]) throws {
    for (path, text) in pages.sorted(by: { $0.key < $1.key }) { try writer.write(path, Array(text.utf8)) }
  }

  private func build(_ out: URL, _ pages: [String: String]) throws {
    let writer = try SiteWriter(out: out)
    try write(writer, pages)
    _ = try writer.commit()
  }

  private func files(in folder: String) -> [String] {
    let all = (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []
    return all.filter { POSIX.linkStatus(folder + "/" + $0).map { $0.st_mode & S_IFMT != S_IFDIR } ?? false }.sorted()
  }

  private func text(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }

  /// A folder elsewhere with one file, standing for a root-only folder the link would lead to.
  private func elsewhere(_ directory: URL) throws -> String {
    let path = directory.path + "/elsewhere"
    try FileManager.default.createDirectory(atPath: path + "/en", withIntermediateDirectories: true)
    try Data("theirs".utf8).write(to: URL(fileURLWithPath: path + "/en/index.html"))
    return path
  }

  /// The staging folder renamed away and a link put in its place once the writer made it: every page still goes
  /// into the folder the writer made, nothing is written where the link leads, and the swap refuses to publish
  /// the link, leaving the live site as it was.
  @Test(arguments: [false, true])
  func aLinkInPlaceOfTheStagingFolderIsNeverWrittenThrough(withOldSite: Bool) throws {
    let directory = try TemporaryFolder.make("pmboard-race")
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("site")
    if withOldSite { try build(out, pages) }
    let target = try elsewhere(directory)
    let writer = try SiteWriter(out: out)
    let staging = directory.path + "/.site.pmboard-staging-\(getpid())"
    try FileManager.default.moveItem(atPath: staging, toPath: directory.path + "/moved")
    try FileManager.default.createSymbolicLink(atPath: staging, withDestinationPath: target)
    var next = pages
    next["en/tasks/b.html"] = "b"
    try write(writer, next)
    #expect {
      _ = try writer.commit()
    } throws: { error in
      "\(error)".contains("the staging folder was moved or replaced while the build ran; build again")
    }
    #expect(files(in: target) == ["en/index.html"])
    #expect(text(target + "/en/index.html") == "theirs")
    #expect(files(in: directory.path + "/moved").contains("en/tasks/b.html"), "written where the writer made it")
    if withOldSite {
      #expect(POSIX.linkStatus(out.path).map { $0.st_mode & S_IFMT == S_IFDIR } == true)
      #expect(files(in: out.path) == [".pmboard-manifest", "en/index.html", "en/tasks/a.html", "index.html"])
    } else {
      #expect(POSIX.linkStatus(out.path) == nil, "the link is not published as the site")
    }
    // The next build cleans up after the link and publishes.
    try FileManager.default.removeItem(atPath: staging)
    try build(out, next)
    #expect(
      files(in: out.path) == [".pmboard-manifest", "en/index.html", "en/tasks/a.html", "en/tasks/b.html", "index.html"])
  }

  /// The live site renamed away and a link put in its place while the build runs: the swap refuses (the name is no
  /// longer the site it found), so the link never becomes a parked site whose files are moved or deleted, and
  /// nothing where it leads changes.
  @Test func aLinkInPlaceOfTheLiveSiteIsNotSwappedOrSettled() throws {
    let directory = try TemporaryFolder.make("pmboard-race")
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("site")
    try build(out, pages)
    try build(out, pages.merging(["index.html": "board 2"]) { $1 })
    let target = try elsewhere(directory)
    let writer = try SiteWriter(out: out)
    try write(writer, pages.merging(["index.html": "board 3"]) { $1 })
    try FileManager.default.moveItem(atPath: out.path, toPath: directory.path + "/moved-site")
    try FileManager.default.createSymbolicLink(atPath: out.path, withDestinationPath: target)
    #expect {
      _ = try writer.commit()
    } throws: { error in
      "\(error)".contains("the site was moved or replaced while the build ran; build again")
    }
    #expect(files(in: target) == ["en/index.html"])
    #expect(text(target + "/en/index.html") == "theirs")
    #expect(POSIX.linkStatus(out.path).map { $0.st_mode & S_IFMT == S_IFLNK } == true)
    #expect(text(directory.path + "/moved-site/index.html") == "board 2")
  }

  /// A FIFO in place of a live page, of a page in the spare, or of the build lock never makes a build wait: the
  /// page is written anew, the spare's FIFO removed, and the lock refused with what to do.
  @Test func aFIFOAnywhereNeverMakesABuildWait() throws {
    let directory = try TemporaryFolder.make("pmboard-race")
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("site")
    try build(out, pages)
    try build(out, pages.merging(["index.html": "board 2"]) { $1 })
    for fifo in [out.path + "/en/index.html", directory.path + "/.site.pmboard-spare/en/tasks/a.html"] {
      try FileManager.default.removeItem(atPath: fifo)
      #expect(mkfifo(fifo, 0o644) == 0)
    }
    try build(out, pages)
    #expect(text(out.path + "/en/index.html") == "en board")
    #expect(text(out.path + "/en/tasks/a.html") == "a")
    let lock = directory.path + "/.site.pmboard-lock"
    try FileManager.default.removeItem(atPath: lock)
    #expect(mkfifo(lock, 0o644) == 0)
    #expect {
      try build(out, pages)
    } throws: { error in
      "\(error)".contains("is not a regular file, not pmboard's; remove it and build again")
    }
  }

  /// Where others can rename entries in the folder that holds the site, the build is refused (issue 57); told that
  /// the folder is shared, one warning says so. With the sticky bit it is accepted.
  @Test(.enabled(if: getuid() == 0, "gives the folder to another group"))
  func aSharedParentWithoutTheStickyBitIsNamed() throws {
    let directory = try TemporaryFolder.make("pmboard-race")
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("site")
    #expect(chown(directory.path, 0, 65534) == 0)
    #expect(chmod(directory.path, 0o775) == 0)
    #expect(throws: SiteWriteError.self) { _ = try SiteWriter(out: out) }
    let shared = try SiteWriter(out: out, trust: OutFolderTrust(shared: true))
    #expect(shared.warnings.count == 1)
    #expect(shared.warnings.first?.contains("is writable by others (mode 775) without the sticky bit") == true)
    shared.discard()
    #expect(chmod(directory.path, 0o1775) == 0)
    let sticky = try SiteWriter(out: out)
    #expect(sticky.warnings.isEmpty)
    sticky.discard()
  }
}
