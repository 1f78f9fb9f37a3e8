import Foundation
import PMBoardTestSupport
import Synchronization
import Testing

/// Builds into one `--out` that overlap (cron and a slow build, two CI jobs) while a web server serves the site and
/// a user drops files into it: every page a reader fetches is whole, and nobody's files are lost.
@Suite("concurrent builds", .serialized)
struct ConcurrentBuildTests {
  /// A store of `count` tasks, so that a build takes long enough for two to overlap.
  private func bigBoard(_ cli: CLIRunner, count: Int) throws {
    let cards = (0..<count).map { BoardFixture.Card(id: BoardFixture.id($0), title: "Task \($0)") }
    try cli.write("board.json", BoardFixture.json(cards: cards))
    let imported = try cli.run("import", "board.json", "--store", "board.sqlite")
    #expect(imported.status == 0, "\(imported.stderr)")
  }

  @Test func twoBuildsAndAReaderOverHTTPNeverSeeAMissingOrPartialPage() async throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    try bigBoard(cli, count: 3000)
    #expect(try cli.run("build", "--store", "board.sqlite").status == 0)
    let pages = try cli.read("_site/.pmboard-manifest").split(separator: "\n").dropFirst()
      .map { String($0.split(separator: "\t")[0]) }.filter { $0.hasSuffix(".html") }
    try cli.write("pages.txt", pages.joined(separator: "\n"))
    let reader = try HTTPReader(cli)
    for round in 0..<4 {
      try cli.run("add", "Round \(round)", "--store", "board.sqlite")
      let runner = cli
      async let first = Task.detached { try runner.run("build", "--store", "board.sqlite") }.value
      async let second = Task.detached { try runner.run("build", "--store", "board.sqlite") }.value
      for result in try await [first, second] {
        #expect(result.status == 0, "\(result.stderr)")
      }
    }
    let (fetched, bad) = try reader.finish()
    #expect(fetched > 0)
    #expect(bad.isEmpty, "\(bad)")
    let manifest = try cli.read("_site/.pmboard-manifest").split(separator: "\n").dropFirst()
      .map { $0.split(separator: "\t")[0] }
    for file in manifest {
      #expect(FileManager.default.fileExists(atPath: cli.path("_site/\(file)")), "missing \(file)")
    }
    #expect(try cli.read("_site/en/history.html").contains("Round 3"))
  }

  @Test func filesAUserWritesIntoTheSiteDuringBuildsAreKept() async throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    try bigBoard(cli, count: 500)
    #expect(try cli.run("build", "--store", "board.sqlite").status == 0)
    let uploads = cli.path("_site/uploads")
    try FileManager.default.createDirectory(atPath: uploads, withIntermediateDirectories: true)
    let stop = Mutex(false)
    // A thread of its own: the test's pool threads are busy waiting for the builds.
    let count = Mutex(0)
    let writer = Thread {
      while !stop.withLock({ $0 }) {
        // Through the path, as another program would: whichever site is live at that moment.
        let next = count.withLock { $0 }
        if FileManager.default.createFile(atPath: "\(uploads)/file-\(next).txt", contents: Data("\(next)".utf8)) {
          count.withLock { $0 += 1 }
        }
        Thread.sleep(forTimeInterval: 0.0002)
      }
    }
    writer.start()
    for round in 0..<10 {
      try cli.run("add", "Round \(round)", "--store", "board.sqlite")
      let result = try cli.run("build", "--store", "board.sqlite")
      #expect(result.status == 0, "\(result.stderr)")
    }
    stop.withLock { $0 = true }
    while !writer.isFinished { try await Task.sleep(for: .milliseconds(5)) }
    let written = count.withLock { $0 }
    let kept = try FileManager.default.contentsOfDirectory(atPath: uploads).filter { $0.hasPrefix("file-") }.count
    #expect(written > 0)
    #expect(kept == written)
  }
}

/// `Tests/Scripts/http_reader.py`: Python's static file server on 127.0.0.1 and a loop fetching the site's pages
/// until told to stop.
private struct HTTPReader {
  let cli: CLIRunner
  let process = Process()
  let output = Pipe()

  init(_ cli: CLIRunner) throws {
    self.cli = cli
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Scripts/http_reader.py")
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", script.path, cli.path("_site"), cli.path("pages.txt"), cli.path("stop"), cli.path("ready"),
    ]
    process.standardOutput = output
    try process.run()
    while !FileManager.default.fileExists(atPath: cli.path("ready")) {
      guard process.isRunning else { throw CocoaError(.fileReadUnknown) }
      Thread.sleep(forTimeInterval: 0.02)
    }
  }

  /// Stops the reader: how many pages it fetched and what was wrong with any.
  func finish() throws -> (fetched: Int, bad: [String]) {
    try cli.write("stop", "")
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    return (
      object["fetched"] as? Int ?? 0,
      object["bad"] as? [String] ?? ["no report: \(String(decoding: data, as: UTF8.self))"]
    )
  }
}
