import Foundation
import PMBoardBytes
import PMBoardTestSupport
import Synchronization
import Testing

@testable import PMBoardSite

/// What the swap keeps: the user's files and folders (with their mode), a half-finished swap's old site, and the
/// build lock that makes two writers of one site take turns.
@Suite struct SiteWriterSwapTests {
  private func temporaryDirectory() throws -> URL {
    try TemporaryFolder.make("pmboard-swap")
  }

  private func publish(_ out: URL, _ page: String, swap: SiteWriter.Swap = .exchange) throws {
    let writer = try SiteWriter(out: out, swap: swap)
    try writer.write("en/index.html", Array(page.utf8))
    _ = try writer.commit()
  }

  private func mode(_ path: String) -> mode_t {
    var info = stat()
    _ = stat(path, &info)
    return info.st_mode & 0o7777
  }

  @Test(arguments: [SiteWriter.Swap.exchange, .twoRenames])
  func userFoldersKeepTheirModeAndEmptyOnesStay(swap: SiteWriter.Swap) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("site")
    try publish(out, "one", swap: swap)
    try FileManager.default.createDirectory(
      at: out.appendingPathComponent("uploads/empty"), withIntermediateDirectories: true)
    #expect(chmod(out.path, 0o2750) == 0)
    #expect(chmod(out.appendingPathComponent("uploads").path, 0o700) == 0)
    #expect(chmod(out.appendingPathComponent("en").path, 0o750) == 0)
    try publish(out, "two", swap: swap)
    #expect(try String(contentsOf: out.appendingPathComponent("en/index.html"), encoding: .utf8) == "two")
    #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("uploads/empty").path))
    #expect(mode(out.path) == 0o2750)
    #expect(mode(out.appendingPathComponent("uploads").path) == 0o700)
    #expect(mode(out.appendingPathComponent("en").path) == 0o750)
    // Beside the site: the lock, the records of its folders and of its pages' stamps, and the spare (the old site
    // without the user's files and folders, and without the pages the new site does not share with it: here, all
    // of them).
    let beside = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(
      beside == [".site.pmboard-folders", ".site.pmboard-lock", ".site.pmboard-spare", ".site.pmboard-stamps", "site"])
    let spare = directory.appendingPathComponent(".site.pmboard-spare").path
    // No page: only the new site's manifest, the list of its files the spare lacks, the record of the spare's
    // folders and the stamps of both manifests, which the next build takes out before it writes (SpareRecord).
    #expect(
      try FileManager.default.subpathsOfDirectory(atPath: spare).sorted() == [
        ".pmboard-absent", ".pmboard-folders", ".pmboard-manifest", ".pmboard-twin",
      ])
    #expect(mode(spare) == 0o700)
  }

  @Test func aFileWrittenIntoTheOldSiteDuringTheSwapMovesToTheNewOne() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let site = directory.appendingPathComponent("site").path
    let old = directory.appendingPathComponent(".site.pmboard-previous").path
    try FileManager.default.createDirectory(atPath: site + "/en", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: old + "/notes/deep", withIntermediateDirectories: true)
    try Data("manifest\nen/index.html\n".utf8).write(to: URL(fileURLWithPath: old + "/.pmboard-manifest"))
    try FileManager.default.createDirectory(atPath: old + "/en", withIntermediateDirectories: true)
    try Data("old page".utf8).write(to: URL(fileURLWithPath: old + "/en/index.html"))
    try Data("mine".utf8).write(to: URL(fileURLWithPath: old + "/notes/deep/todo.txt"))
    let parent = try #require(FolderHandle(path: directory.path))
    let siteFolder = try #require(FolderHandle(path: site))
    SiteWriter.settle(old: ".site.pmboard-previous", in: parent, into: siteFolder, pmboardFiles: ["en/index.html"])
    #expect(!FileManager.default.fileExists(atPath: old))
    #expect(try String(contentsOfFile: site + "/notes/deep/todo.txt", encoding: .utf8) == "mine")
    #expect(!FileManager.default.fileExists(atPath: site + "/en/index.html"))
  }

  @Test func aSwapKilledBetweenTheTwoRenamesIsUndoneByTheNextBuild() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("site")
    try publish(out, "one", swap: .twoRenames)
    try Data("only copy".utf8).write(to: out.appendingPathComponent("mine.txt"))
    // Killed after the old site was moved aside and before the new one took its place.
    let aside = directory.appendingPathComponent(".site.pmboard-previous")
    #expect(rename(out.path, aside.path) == 0)
    try publish(out, "two", swap: .twoRenames)
    #expect(try String(contentsOf: out.appendingPathComponent("mine.txt"), encoding: .utf8) == "only copy")
    #expect(try String(contentsOf: out.appendingPathComponent("en/index.html"), encoding: .utf8) == "two")
    #expect(!FileManager.default.fileExists(atPath: aside.path))
  }

  @Test func aFailedSecondRenamePutsTheOldSiteBackAndSaysSoTruly() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("site")
    try publish(out, "one", swap: .twoRenames)
    try Data("mine".utf8).write(to: out.appendingPathComponent("mine.txt"))
    #expect {
      try publish(out, "two", swap: .twoRenamesSecondFailing)
    } throws: { error in
      (error as? SiteWriteError)?.description.hasSuffix("the previous site is unchanged") == true
    }
    #expect(try String(contentsOf: out.appendingPathComponent("en/index.html"), encoding: .utf8) == "one")
    #expect(try String(contentsOf: out.appendingPathComponent("mine.txt"), encoding: .utf8) == "mine")
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent(".site.pmboard-previous").path))
  }

  @Test func aSecondWriterOfOneSiteWaitsForTheFirst() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("site")
    var first: SiteWriter? = try SiteWriter(out: out)
    try first?.write("en/index.html", Array("first".utf8))
    let waited = Signal()
    let second = Task.detached {
      let writer = try SiteWriter(out: out) { waited.fire() }
      try writer.write("en/index.html", Array("second".utf8))
      return try writer.commit()
    }
    try await waited.wait()
    // The second writer waits without touching the first one's staging folder: the first commits what it wrote.
    // Its commit releases the lock, so on a loaded machine the second may already have committed too by the time
    // the page is read here.
    let committed = try first?.commit()
    #expect(committed?.files == 1 && committed?.changed == 1)
    let shown = try String(contentsOf: out.appendingPathComponent("en/index.html"), encoding: .utf8)
    #expect(shown == "first" || shown == "second")
    first = nil
    _ = try await second.value
    #expect(try String(contentsOf: out.appendingPathComponent("en/index.html"), encoding: .utf8) == "second")
  }

  @Test func aLinkedOutputFolderIsUpdatedThroughTheLink() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let served = directory.appendingPathComponent("www/html")
    try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
    let link = directory.appendingPathComponent("_site")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "www/html")
    try publish(link, "one")
    try publish(link, "two")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "www/html")
    #expect(try String(contentsOf: served.appendingPathComponent("en/index.html"), encoding: .utf8) == "two")
  }

  @Test func aLinkedFileSharesItsSourcesFileAndKeepsItWhileUnchanged() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("site")
    func build(_ text: String, old: String? = nil) throws -> SiteWriter.Summary {
      let writer = try SiteWriter(out: out)
      try writer.write("ko/calendar.ics", Array(text.utf8))
      if let old {
        // The old site's root file is a copy, not a link: the first build after makes it one.
        try writer.write("calendar.ics", Array(old.utf8))
      } else {
        try writer.link("calendar.ics", sameAs: "ko/calendar.ics")
      }
      return try writer.commit()
    }
    func inode(_ path: String) -> ino_t {
      var info = stat()
      _ = stat(out.appendingPathComponent(path).path, &info)
      return info.st_ino
    }
    func text(_ path: String) throws -> String {
      try String(contentsOf: out.appendingPathComponent(path), encoding: .utf8)
    }
    _ = try build("one", old: "one")
    #expect(inode("calendar.ics") != inode("ko/calendar.ics"))
    #expect(try build("one").changed == 1)
    #expect(inode("calendar.ics") == inode("ko/calendar.ics"))
    #expect(try text("calendar.ics") == "one")
    let kept = inode("calendar.ics")
    let unchanged = try build("one")
    #expect(unchanged.changed == 0 && unchanged.files == 2)
    #expect(inode("calendar.ics") == kept && inode("ko/calendar.ics") == kept)
    #expect(try build("two").changed == 2)
    #expect(inode("calendar.ics") == inode("ko/calendar.ics"))
    #expect(inode("calendar.ics") != kept)
    #expect(try text("calendar.ics") == "two")
  }
}

/// A one-shot flag a test can wait for.
private final class Signal: Sendable {
  private let fired = Mutex(false)

  func fire() { fired.withLock { $0 = true } }

  func wait() async throws {
    while !fired.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(5)) }
  }
}
