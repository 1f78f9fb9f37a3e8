import Foundation
import PMBoardTestSupport
import Testing

/// `pmboard serve` as a person runs it: the real binary on a free port, fetched over loopback.
@Suite("serve", .serialized)
struct ServeTests {
  /// A demo board in a temporary folder, served on a free port until the test ends.
  final class Served {
    let cli: CLIRunner
    let process: WatchTests.Watching
    let port: UInt16

    /// Serves with `extra` options; `descriptors` sets the process's limit on open files (`ulimit -n`).
    init(_ extra: [String] = [], descriptors: Int? = nil) throws {
      cli = try CLIRunner()
      try #require(try cli.run("init", "--demo").status == 0)
      let arguments = ["serve", "--port", "0", "--today", "2026-11-21"] + extra
      if let descriptors {
        let script = "ulimit -n \(descriptors) && exec \"$0\" \"$@\""
        process = try WatchTests.Watching(
          cli, ["-c", script, CLIRunner.binary.path] + arguments, executable: URL(fileURLWithPath: "/bin/sh"))
      } else {
        process = try WatchTests.Watching(cli, arguments)
      }
      let line = "Serving http://127.0.0.1:"
      let started = process.wait { out, err in out.contains(line) || err.contains("error:") }
      let out = process.output.withLock { $0 }
      try #require(started && out.contains(line), "\(out)\(process.errors.withLock { $0 })")
      let number = out.components(separatedBy: line)[1].prefix { $0.isNumber }
      port = try #require(UInt16(number))
      #expect(out.contains("Serving http://127.0.0.1:\(port)/ (Ctrl-C to stop)\n"))
    }

    func get(_ target: String, _ method: String = "GET", host: String? = nil) throws -> HTTPProbe.Response {
      try HTTPProbe.request(method, target, port: port, host: host)
    }

    /// Ctrl-C; true when it ended by itself with status 0.
    func stop() -> Bool {
      kill(process.process.processIdentifier, SIGINT)
      process.process.waitUntilExit()
      return process.process.terminationReason == .exit && process.process.terminationStatus == 0
    }

    deinit {
      if process.process.isRunning { process.process.terminate() }
      cli.remove()
    }
  }

  @Test func servesPagesFeedsCalendarsAndBadgesWithTheirTypes() throws {
    let served = try Served()
    let task = try #require(
      try FileManager.default.contentsOfDirectory(atPath: served.cli.path("_site/en/tasks")).first)
    let expected = [
      "/": "text/html; charset=utf-8", "/en/": "text/html; charset=utf-8", "/en/index.html": "text/html; charset=utf-8",
      "/en/tasks/\(task)": "text/html; charset=utf-8", "/en/history.atom": "application/atom+xml",
      "/calendar.ics": "text/calendar; charset=utf-8", "/en/calendar.ics": "text/calendar; charset=utf-8",
      "/badges/open.svg": "image/svg+xml", "/board.json": "application/json",
      "/search/en.js": "text/javascript; charset=utf-8",
      "/assets/style.css": "text/css; charset=utf-8", "/assets/search.js": "text/javascript; charset=utf-8",
      "/__pmboard/reload.js": "text/javascript; charset=utf-8",
    ]
    for (target, type) in expected {
      let response = try served.get(target)
      #expect(response.status == 200, "\(target)")
      #expect(response.contentType == type, "\(target)")
    }
    // Exactly the bytes built, but for the reload script's tag in pages.
    let badge = try served.get("/badges/open.svg")
    #expect(badge.body == served.cli.data("_site/badges/open.svg"))
    let page = try served.get("/en/index.html")
    let tag = "<script src=\"/__pmboard/reload.js\" data-generation=\"1\" defer></script></head>"
    #expect(page.text.contains(tag))
    #expect(page.text.replacingOccurrences(of: tag, with: "</head>") == (try served.cli.read("_site/en/index.html")))
    #expect(try served.get("/en/history.atom").text.contains("__pmboard") == false)

    let head = try served.get("/en/index.html", "HEAD")
    #expect(head.status == 200 && head.body.isEmpty)
    #expect(head.headers["content-length"] == String(page.body.count))
    #expect(head.contentType == "text/html; charset=utf-8")

    let folder = try served.get("/en?x=1")
    #expect(folder.status == 301)
    #expect(folder.headers["location"] == "/en/?x=1")
    #expect(try served.get("//en").headers["location"] == "/en/")
    #expect(try served.get("/nothing.html").status == 404)
    #expect(try served.get("/en/index.html/").status == 404)
    #expect(try served.get("/", "get").status == 400)
    let post = try served.get("/", "POST")
    #expect(post.status == 405)
    #expect(post.headers["allow"] == "GET, HEAD")
    #expect(served.stop())
  }

  @Test func neverServesAnythingOutsideTheSiteNorItsSideFiles() throws {
    let served = try Served()
    try served.cli.write("secret.txt", "not for the web\n")
    // Links planted in the site after the build, to a file and a folder outside it.
    try FileManager.default.createSymbolicLink(
      atPath: served.cli.path("_site/en/link.txt"), withDestinationPath: served.cli.path("secret.txt"))
    try FileManager.default.createSymbolicLink(
      atPath: served.cli.path("_site/outside"), withDestinationPath: served.cli.directory.path)
    #expect(FileManager.default.fileExists(atPath: served.cli.path("_site/.pmboard-manifest")))
    let refused = [
      "/../secret.txt", "/en/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt",
      "/en/%2e%2e/%2e%2e/secret.txt", "/en/..%2f..%2fsecret.txt", "/en%2f..%2f..%2fsecret.txt",
      "/..%5csecret.txt", "/secret.txt%00.html", "/%zz", "/en/link.txt", "/outside/secret.txt", "/outside/",
      "/.pmboard-manifest", "/%2epmboard-manifest", "/en/./index.html", "secret.txt",
    ]
    for target in refused {
      let response = try served.get(target)
      #expect([400, 404].contains(response.status), "\(target): \(response.status)")
      #expect(!response.text.contains("not for the web"), "\(target)")
    }
    #expect(served.stop())
  }

  @Test func listensOnLoopbackOnly() throws {
    let served = try Served()
    let port = String(served.port, radix: 16, uppercase: true)
    func listening(_ table: String) throws -> [String] {
      try String(contentsOfFile: table, encoding: .utf8).split(separator: "\n").dropFirst().compactMap { row in
        let fields = row.split(separator: " ")
        // local_address is ADDRESS:PORT in hex; state 0A is LISTEN.
        guard fields.count > 3, fields[1].hasSuffix(":" + port), fields[3] == "0A" else { return nil }
        return String(fields[1].prefix { $0 != ":" })
      }
    }
    #expect(try listening("/proc/net/tcp") == ["0100007F"])
    if FileManager.default.fileExists(atPath: "/proc/net/tcp6") {
      #expect(try listening("/proc/net/tcp6").isEmpty)
    }
    // Another loopback address reaches a server bound to every address, not one bound to 127.0.0.1.
    #expect(throws: HTTPProbe.Failure.self) { try HTTPProbe.connect("127.0.0.2", served.port) }
    // A connection that sends nothing does not hold up the next.
    let idle = try HTTPProbe.connect("127.0.0.1", served.port)
    defer { close(idle) }
    #expect(try served.get("/").status == 200)
    #expect(served.stop())
  }

  /// A page elsewhere whose name resolves to 127.0.0.1 (DNS rebinding) sends its own name in `Host:`: refused.
  @Test func answersOnlyLocalhostIPAddressesAndAllowedNames() throws {
    let served = try Served(["--allow-host", "Board.Test"])
    for host in [
      "localhost", "LOCALHOST:\(served.port)", "127.0.0.1", "127.0.0.1:\(served.port)", "[::1]:8000",
      "10.1.2.3", "board.test", "BOARD.test.:\(served.port)",
    ] {
      #expect(try served.get("/", host: host).status == 200, "\(host)")
    }
    for host in [
      "evil.test", "evil.test:\(served.port)", "localhost.evil.test", "127.0.0.1.evil.test", "board.test.evil",
      "sub.board.test", "1.2.3", "[evil.test]",
    ] {
      let refused = try served.get("/en/", host: host)
      #expect(refused.status == 403, "\(host)")
      #expect(refused.text.contains("--allow-host"), "\(refused.text)")
      #expect(!refused.text.contains("<html"), "\(host)")
    }
    #expect(try HTTPProbe.request("GET", "/", port: served.port, sendsHost: false).status == 400)
    #expect(served.stop())
    let other = try CLIRunner()
    defer { other.remove() }
    let bad = try other.run("serve", "--allow-host", "https://board.test/")
    #expect(bad.status == 64)
    #expect(
      bad.stderr.hasPrefix("pmboard: error: --allow-host takes a host name such as board.example"), "\(bad.stderr)")
  }

  /// Connections that send nothing are bounded: with fewer descriptors than connections, a request is still
  /// answered at once (it waited 8.8 s for the idle ones to time out), and the oldest idle ones are closed.
  @Test func idleConnectionsDoNotHoldUpARequest() throws {
    let served = try Served(descriptors: 256)
    var idle: [Int32] = []
    defer { idle.forEach { close($0) } }
    for _ in 0..<400 { idle.append(try HTTPProbe.connect("127.0.0.1", served.port)) }
    let start = Date()
    // On a loaded machine the kernel may hand the server some idle connections after this one, which then is
    // among the oldest and may be closed unanswered: a browser sends again, and so does this test, once.
    let answer = try (try? served.get("/")) ?? served.get("/")
    #expect(answer.status == 200)
    let elapsed = Date().timeIntervalSince(start)
    #expect(elapsed < 3, "\(elapsed) s")
    // The first connection was told to close: it reads the end of the stream, not a timeout.
    var byte: UInt8 = 0
    #expect(recv(idle[0], &byte, 1, 0) == 0)
    #expect(served.stop())
  }

  @Test func rebuildsOnAChangeAndTellsOpenPages() throws {
    let served = try Served()
    #expect(try served.get("/__pmboard/generation").text == "1\n")
    #expect(try served.cli.run("add", "Added while serving").status == 0)
    #expect(served.process.wait { out, _ in out.contains("Rebuilt in") }, "\(served.process.output.withLock { $0 })")
    #expect(try served.get("/__pmboard/generation").text == "2\n")
    let page = try served.get("/en/")
    #expect(page.text.contains("Added while serving"))
    #expect(page.text.contains("data-generation=\"2\""))
    let built = try served.cli.read("_site/en/index.html")
    #expect(built.contains("Added while serving"))
    #expect(!built.contains("__pmboard"))
    #expect(served.stop())
  }

  @Test func aTakenPortOrABadAddressIsOneLine() throws {
    let served = try Served()
    let second = try served.cli.run("serve", "--port", String(served.port))
    #expect(second.status == 1)
    #expect(
      second.stderr
        == "pmboard: error: port \(served.port) is in use on 127.0.0.1; give another with --port (--port 0 picks a free one)\n"
    )
    let host = try served.cli.run("serve", "--host", "example.com")
    #expect(host.status == 64)
    #expect(host.stderr.split(separator: "\n").count == 1)
    #expect(host.stderr.hasPrefix("pmboard: error: --host takes an IP address"))
    let port = try served.cli.run("serve", "--port", "65536")
    #expect(port.status == 64)
    #expect(port.stderr.hasPrefix("pmboard: error: --port takes a number from 0 to 65535, not 65536"))
    #expect(served.stop())
  }

  /// serve always rebuilds on changes: its help offers build's options but `--watch`, and `--watch` is refused.
  @Test func takesBuildsOptionsButWatch() throws {
    let cli = try CLIRunner()
    let help = try cli.run("serve", "--help")
    #expect(help.status == 0)
    for option in ["--store", "--publish-search", "--verify", "--port"] {
      #expect(help.stdout.contains(option), "\(option)")
    }
    // An option's line starts with its name; the discussion above may name --watch in its prose.
    func offers(_ text: String, _ option: String) -> Bool {
      text.split(separator: "\n").contains { $0.drop { $0 == " " }.hasPrefix(option + " ") }
    }
    #expect(!offers(help.stdout, "--watch"), "\(help.stdout)")
    #expect(offers(try cli.run("build", "--help").stdout, "--watch"))
    let watch = try cli.run("serve", "--watch", "--demo", "--port", "0")
    #expect(watch.status == 64)
    #expect(watch.stderr.hasPrefix("pmboard: error: Unknown option '--watch'"), "\(watch.stderr)")
  }
}
