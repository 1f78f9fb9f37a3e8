import Foundation
import PMBoardTestSupport
import Synchronization
import Testing

/// `pmboard build --watch` as a person runs it: it rebuilds on a change to the store or a template, shows a
/// template error and keeps the last good site, and stops on Ctrl-C.
@Suite("build --watch", .serialized)
struct WatchTests {
  /// A running `pmboard build --watch` whose output is collected as it comes.
  final class Watching: Sendable {
    let process = Process()
    let output = Mutex("")
    let errors = Mutex("")

    /// Runs `pmboard arguments`, or `executable arguments` (a shell that sets a limit, then runs pmboard).
    init(_ cli: CLIRunner, _ arguments: [String], executable: URL = CLIRunner.binary) throws {
      process.executableURL = executable
      process.arguments = arguments
      process.environment = cli.environment
      process.currentDirectoryURL = cli.directory
      let (out, err) = (Pipe(), Pipe())
      process.standardOutput = out
      process.standardError = err
      out.fileHandleForReading.readabilityHandler = { handle in
        let text = String(decoding: handle.availableData, as: UTF8.self)
        self.output.withLock { $0 += text }
      }
      err.fileHandleForReading.readabilityHandler = { handle in
        let text = String(decoding: handle.availableData, as: UTF8.self)
        self.errors.withLock { $0 += text }
      }
      try process.run()
    }

    /// Waits up to `seconds` for `condition` on (stdout, stderr).
    func wait(seconds: Double = 15, until condition: (String, String) -> Bool) -> Bool {
      let deadline = Date().addingTimeInterval(seconds)
      while Date() < deadline {
        if condition(output.withLock { $0 }, errors.withLock { $0 }) { return true }
        usleep(50_000)
      }
      return false
    }

    func count(_ text: String) -> Int { output.withLock { $0.components(separatedBy: text).count - 1 } }
  }

  @Test func rebuildsOnChangesKeepsTheLastGoodSiteAndStopsOnCtrlC() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    #expect(try cli.run("init", "--demo").status == 0)
    try FileManager.default.createDirectory(atPath: cli.path("theme/partials"), withIntermediateDirectories: true)
    try cli.write("theme/partials/footer.mustache", "<footer class=\"site-footer\"><p>Our footer</p></footer>\n")
    let watching = try Watching(cli, ["build", "--watch", "--today", "2026-11-21", "--templates", "theme"])
    defer { if watching.process.isRunning { watching.process.terminate() } }
    #expect(watching.wait { out, _ in out.contains("Watching for changes") }, "\(watching.output.withLock { $0 })")
    #expect(try cli.read("_site/en/index.html").contains("Our footer"))

    #expect(try cli.run("add", "Added while watching").status == 0)
    #expect(watching.wait { out, _ in out.contains("Rebuilt in") })
    #expect(try cli.read("_site/en/index.html").contains("Added while watching"))

    try cli.write("theme/partials/footer.mustache", "<footer><p>{{#broken}}</p></footer>\n")
    #expect(watching.wait { _, err in err.contains("pmboard: error:") }, "\(watching.errors.withLock { $0 })")
    #expect(try cli.read("_site/en/index.html").contains("Our footer"))

    try cli.write("theme/partials/footer.mustache", "<footer class=\"site-footer\"><p>Fixed footer</p></footer>\n")
    #expect(watching.wait { _, _ in (try? cli.read("_site/en/index.html").contains("Fixed footer")) ?? false })
    // The line comes after the swap (and the spare's tidying): wait for it before counting.
    #expect(watching.wait { out, _ in out.components(separatedBy: "Rebuilt in").count - 1 >= 2 })
    let rebuilds = watching.count("Rebuilt in")
    usleep(1_000_000)
    // Its own builds do not set it off again.
    #expect(watching.count("Rebuilt in") == rebuilds)

    kill(watching.process.processIdentifier, SIGINT)
    let deadline = Date().addingTimeInterval(5)
    while watching.process.isRunning && Date() < deadline { usleep(50_000) }
    #expect(!watching.process.isRunning)
    #expect(watching.process.terminationStatus == 0)
  }

  /// A PostgreSQL board is listened to (PostgresCommandTests watches one); one that cannot be reached stops the
  /// watch at once with one line, as a build would.
  @Test func anUnreachablePostgreSQLStoreIsOneLine() throws {
    var cli = try CLIRunner()
    defer { cli.remove() }
    cli.environment["PMBOARD_STORE"] = "postgresql:///nowhere?host=/nonexistent"
    let result = try cli.run("build", "--watch")
    #expect(result.status != 0)
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("pmboard: error: "))
  }
}
