import Foundation
import PMBoardTestSupport
import Testing

/// A label's page is kept by its fingerprint: a change to a task without the label leaves it untouched, a change
/// to one with it rewrites it.
@Suite("name pages on a rebuild")
struct NamePageRebuildTests {
  func stamp(_ path: String) throws -> [Int] {
    var info = stat()
    #expect(stat(path, &info) == 0)
    return [Int(info.st_ino), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
  }

  func id(_ cli: CLIRunner, _ title: String) throws -> String {
    let object = try JSONSerialization.jsonObject(with: Data(try cli.run("list", "--json").stdout.utf8))
    let tasks = (object as? [String: Any])?["tasks"] as? [[String: Any]] ?? []
    return try #require(tasks.first { $0["title"] as? String == title }?["id"] as? String)
  }

  @Test func aLabelsPageChangesOnlyWithItsTasks() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    #expect(try cli.run("init", "--title", "Names").status == 0)
    #expect(try cli.run("add", "Labelled task", "--label", "bug").status == 0)
    #expect(try cli.run("add", "Plain task").status == 0)
    let build = ["build", "--today", "2026-11-21"]
    #expect(try cli.run(build).status == 0)
    let page = try #require(
      try FileManager.default.contentsOfDirectory(atPath: cli.path("_site/en/labels")).first {
        $0.hasPrefix("bug-") && $0.hasSuffix(".html")
      })
    let path = cli.path("_site/en/labels/\(page)")
    let before = try stamp(path)
    #expect(try cli.run("edit", try id(cli, "Plain task"), "--title", "Plain task, retitled").status == 0)
    #expect(try cli.run(build).status == 0)
    #expect(try stamp(path) == before, "a task without the label left its page alone")
    #expect(try cli.run("edit", try id(cli, "Labelled task"), "--title", "Labelled task, retitled").status == 0)
    #expect(try cli.run(build).status == 0)
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains("Labelled task, retitled"))
  }
}
