import Foundation
import PMBoardTestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// End-to-end: the calendar, change feed, board.json and badges of a real build, read back by independent
/// parsers (`Tests/Scripts/check_feeds.py`: icalendar, vobject, feedparser, jsonschema; libxml2 for the badges).
@Suite("feeds", .serialized)
struct FeedTests {
  static let script = Golden.repositoryRoot.appendingPathComponent("Tests/Scripts/check_feeds.py").path
  static let schema = Golden.repositoryRoot.appendingPathComponent("docs/board.schema.json").path

  /// The oracle's report on `cli`'s `_site`; its parse problems are recorded as issues.
  func report(_ cli: CLIRunner, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
    let result = try cli.run("/usr/bin/env", "python3", Self.script, cli.path("_site"), Self.schema)
    #expect(result.status == 0, "check_feeds.py: \(result.stderr)", sourceLocation: sourceLocation)
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
      sourceLocation: sourceLocation)
    #expect(report["errors"] as? [String] == [], sourceLocation: sourceLocation)
    return report
  }

  func events(_ report: [String: Any], _ file: String) -> [[String: String]] {
    let calendars = report["calendars"] as? [String: [String: Any]]
    return calendars?[file]?["events"] as? [[String: String]] ?? []
  }

  func entries(_ report: [String: Any], _ file: String) -> [[String: String]] {
    let feeds = report["feeds"] as? [String: [String: Any]]
    return feeds?[file]?["entries"] as? [[String: String]] ?? []
  }

  @Test func demoFeedsPassTheParsersWithAbsoluteLinks() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    let result = try cli.run("build", "--demo", "--base-url", "https://example.org/board")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty, "no warning with --base-url")
    let report = try report(cli)
    let board = try #require(report["board"] as? [String: Any])
    let tasks = try #require(board["tasks"] as? [[String: Any]])
    let open = tasks.filter { $0["state"] as? String != "done" && !($0["due"] is NSNull) }
    for file in ["calendar.ics", "ko/calendar.ics", "en/calendar.ics", "ja/calendar.ics"] {
      let events = events(report, file)
      #expect(events.count == open.count, "\(file)")
      #expect(Set(events.map { $0["uid"] ?? "" }) == Set(open.map { "\($0["id"] ?? "")@pmboard" }))
      #expect(events.allSatisfy { $0["description"]?.contains("https://example.org/board/") == true })
    }
    // Seoul is UTC+9: 09:00 there is midnight UTC.
    #expect(events(report, "en/calendar.ics").allSatisfy { $0["alarm"]?.hasSuffix("T00:00:00Z") == true })
    for code in ["ko", "en", "ja"] {
      let entries = entries(report, "\(code)/history.atom")
      #expect(entries.count == 50)
      #expect(entries.allSatisfy { $0["link"]?.hasPrefix("https://example.org/board/\(code)/") == true })
    }
    #expect(board["overdue"] as? Int == tasks.filter { $0["overdue"] as? Bool == true }.count)
    let page = try cli.read("_site/en/index.html")
    #expect(page.contains(#"<link rel="alternate" type="application/atom+xml" href="history.atom""#))
    #expect(page.contains(#"<a href="webcal://example.org/board/en/calendar.ics" type="text/calendar">"#))
    #expect(try cli.read("_site/ja/history.html").contains("カレンダーを購読"))
  }

  @Test func kiritimatiAlarmsAndFoldedHangulAndKana() throws {
    let hangul = String(repeating: "가나다라마바사아자차카타파하", count: 3)
    let kana = String(repeating: "カタカナひらがなテスト", count: 4)
    let body = #"a\b;c,d"# + "\nline two"
    let cards = [
      BoardFixture.Card(id: BoardFixture.id(1), title: hangul, body: body, due: "2026-11-21"),
      BoardFixture.Card(id: BoardFixture.id(2), title: kana, due: "2026-11-22", state: "doing"),
      BoardFixture.Card(id: BoardFixture.id(3), title: "finished", due: "2026-11-20", state: "done"),
    ]
    let cli = try CLIRunner.importing(BoardFixture.json(timeZone: "Pacific/Kiritimati", cards: cards))
    defer { cli.remove() }
    #expect(try cli.run("build").stderr == "", "no --base-url warning on a local build")
    var inCI = cli
    inCI.environment["CI"] = "true"
    let result = try inCI.run("build")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr == "pmboard: warning: feeds need --base-url for absolute links; calendar.ics, history.atom and "
        + "board.json use relative links\n", "in CI, where sites are published, it is given")
    let raw = try #require(cli.data("_site/en/calendar.ics"))
    #expect(raw.count > 0 && String(decoding: raw, as: UTF8.self).contains("\r\n "), "long titles fold")
    let report = try report(cli)
    let events = events(report, "en/calendar.ics")
    #expect(events.map { $0["uid"] } == ["\(BoardFixture.id(1))@pmboard", "\(BoardFixture.id(2))@pmboard"])
    // Kiritimati is UTC+14: 09:00 on the 21st there is 19:00 UTC on the 20th.
    #expect(events.map { $0["alarm"] } == ["2026-11-20T19:00:00Z", "2026-11-21T19:00:00Z"])
    #expect(events.map { $0["start"] } == ["2026-11-21", "2026-11-22"])
    #expect(events.map { $0["end"] } == ["2026-11-22", "2026-11-23"])
    #expect(events.first?["summary"] == "\(hangul) (TODO)")
    #expect(events.first?["description"] == "\(body)\n\ntasks/\(BoardFixture.id(1)).html")
    #expect(self.events(report, "ja/calendar.ics").last?["summary"] == "\(kana)（進行中）")
    #expect(self.events(report, "calendar.ics") == self.events(report, "ko/calendar.ics"))
  }

  @Test func anUnchangedBoardKeepsItsFeedsByteForByte() throws {
    let history = """
      { "at": "2026-11-01T09:00:00Z", "action": "added", "task": "\(BoardFixture.id(1))", "title": "one", "to": "todo" },
      { "at": "2026-11-01T09:00:00Z", "action": "edited", "task": "\(BoardFixture.id(1))", "title": "one",
        "fields": ["body"] },
      { "at": "2026-11-01T09:00:00Z", "action": "edited", "task": "\(BoardFixture.id(1))", "title": "one",
        "fields": ["due"] }
      """
    let cards = [BoardFixture.Card(id: BoardFixture.id(1), title: "one", due: "2026-11-25")]
    var cli = try CLIRunner.importing(BoardFixture.json(cards: cards, history: history))
    defer { cli.remove() }
    #expect(try cli.run("build").status == 0)
    let files = ["calendar.ics", "en/calendar.ics", "en/history.atom", "badges/open.svg", "badges/overdue.svg"]
    func identities() throws -> [String: (Data?, Int?)] {
      var found: [String: (Data?, Int?)] = [:]
      for file in files {
        let attributes = try FileManager.default.attributesOfItem(atPath: cli.path("_site/\(file)"))
        found[file] = (cli.data("_site/\(file)"), attributes[.systemFileNumber] as? Int)
      }
      return found
    }
    let first = try identities()
    let ids = entries(try report(cli), "en/history.atom").map { $0["id"] ?? "" }
    #expect(Set(ids).count == 3, "two edits in one second still get their own ids")
    cli.environment["PMBOARD_NOW"] = "2026-11-21T10:30:00Z"
    #expect(try cli.run("build").status == 0)
    let second = try identities()
    for file in files {
      #expect(first[file]?.0 == second[file]?.0, "\(file) changed")
      #expect(first[file]?.1 == second[file]?.1, "\(file) was rewritten, not kept")
    }
    #expect(entries(try report(cli), "en/history.atom").map { $0["id"] ?? "" } == ids)
  }

  /// Canary strings in every field the policy hides; no byte of any file under the site may hold one.
  @Test func redactedFieldsAppearInNoOutputFile() throws {
    let canaryHistory = """
      { "at": "2026-11-01T09:00:00Z", "action": "added", "task": "\(BoardFixture.id(2))",
        "title": "CANARY-OLD-DONE-TITLE", "to": "todo" },
      { "at": "2026-11-02T09:00:00Z", "action": "moved", "task": "\(BoardFixture.id(2))",
        "title": "CANARY-DONE-TITLE", "from": "todo", "to": "done" },
      { "at": "2026-11-03T09:00:00Z", "action": "added", "task": "\(BoardFixture.id(1))", "title": "Visible task",
        "to": "todo" },
      { "at": "2026-11-04T09:00:00Z", "action": "edited", "task": "\(BoardFixture.id(1))", "title": "Visible task",
        "fields": ["body"] },
      { "at": "2026-11-05T09:00:00Z", "action": "added", "task": "\(BoardFixture.id(9))", "title": "CANARY-REMOVED",
        "to": "todo" },
      { "at": "2026-11-06T09:00:00Z", "action": "removed", "task": "\(BoardFixture.id(9))", "title": "CANARY-REMOVED",
        "from": "todo" }
      """
    let cards = [
      BoardFixture.Card(id: BoardFixture.id(1), title: "Visible task", body: "CANARY-BODY-TODO", due: "2026-11-25"),
      BoardFixture.Card(id: BoardFixture.id(2), title: "CANARY-DONE-TITLE", body: "CANARY-DONE-BODY", state: "done"),
      BoardFixture.Card(
        id: BoardFixture.id(3), title: "Doing task", body: "CANARY-BODY-DOING", due: "2026-11-10", state: "doing"),
    ]
    let cli = try CLIRunner.importing(BoardFixture.json(cards: cards, history: canaryHistory))
    defer { cli.remove() }
    try cli.write(
      "pmboard.yml", "publish:\n  bodies: hide\n  states: [todo, doing]\n  history: titles\n  feeds: on\n")
    let result = try cli.run("build")
    #expect(result.status == 0, "\(result.stderr)")
    try expectNoCanary(in: cli)
    let report = try report(cli)
    #expect(events(report, "en/calendar.ics").count == 2)
    #expect(entries(report, "en/history.atom").map { $0["title"] ?? "" }.allSatisfy { $0.contains("Visible task") })
    #expect(entries(report, "en/history.atom").count == 2)
    #expect(!(try cli.read("_site/en/history.html").contains("description")), "titles: no edited fields")
    #expect(!FileManager.default.fileExists(atPath: cli.path("_site/badges/done.svg")))

    // The same through flags, with less still: one column, no history, no feeds.
    let less = try cli.run(
      "build", "--publish-states", "todo", "--publish-history", "off", "--publish-feeds", "off")
    #expect(less.status == 0, "\(less.stderr)")
    #expect(less.stderr.isEmpty, "no feeds, no warning about their links")
    try expectNoCanary(in: cli, alsoAbsent: ["Doing task", "application/atom+xml", "calendar.ics"])
    for file in ["board.json", "calendar.ics", "en/history.atom", "badges/overdue.svg"] {
      #expect(!FileManager.default.fileExists(atPath: cli.path("_site/\(file)")), "\(file) with feeds off")
    }
  }

  func expectNoCanary(
    in cli: CLIRunner, alsoAbsent: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let site = cli.path("_site")
    let files = try FileManager.default.subpathsOfDirectory(atPath: site)
    #expect(files.contains(".pmboard-manifest"), sourceLocation: sourceLocation)
    var checked = 0
    for file in files {
      guard let data = FileManager.default.contents(atPath: site + "/" + file) else { continue }
      checked += 1
      for needle in ["CANARY"] + alsoAbsent {
        #expect(data.range(of: Data(needle.utf8)) == nil, "\(file) holds \(needle)", sourceLocation: sourceLocation)
      }
    }
    #expect(checked > 5, sourceLocation: sourceLocation)
  }

  @Test func badgesAreWellFormedSVGSizedToTheirText() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    #expect(try cli.run("build", "--demo").status == 0)
    var widths: [String: Int] = [:]
    for name in ["open", "overdue", "done"] {
      let data = try #require(cli.data("_site/badges/\(name).svg"))
      // FoundationXML's parser is libxml2.
      let parser = XMLParser(data: data)
      #expect(parser.parse(), "badges/\(name).svg: \(String(describing: parser.parserError))")
      let text = String(decoding: data, as: UTF8.self)
      #expect(text.contains("<title>\(name): "))
      let width = text.split(separator: "\"").dropFirst(3).first.flatMap { Int($0) }
      widths[name] = width
    }
    #expect(try cli.read("_site/badges/overdue.svg").contains("#e05d44"), "the demo has overdue tasks: red")
    #expect((widths["overdue"] ?? 0) > (widths["done"] ?? 0), "a longer label makes a wider badge")
  }

  /// Calendars hold the open tasks due in a window around the build's day, the nearest the day under a cap
  /// (`calendar:`), or every one with `calendar: all`; a bad window names its place.
  @Test func calendarsHoldAWindowOfDueDays() throws {
    let cards = [
      ("2026-09-01", "long overdue"), ("2026-11-20", "yesterday"), ("2026-11-25", "soon"), ("2026-12-30", "later"),
      ("2027-08-01", "far ahead"),
    ].enumerated().map { BoardFixture.Card(id: BoardFixture.id($0 + 1), title: $1.1, due: $1.0) }
    let cli = try CLIRunner.importing(BoardFixture.json(cards: cards))
    defer { cli.remove() }
    for card in cards { #expect(try cli.run("edit", card.id, "--label", "x").status == 0) }
    func titles(_ file: String) throws -> [String] {
      try cli.read(file).components(separatedBy: "SUMMARY:").dropFirst().compactMap {
        $0.components(separatedBy: " (").first
      }
    }
    #expect(try cli.run("build", "--today", "2026-11-21").status == 0)
    #expect(try titles("_site/en/calendar.ics") == ["yesterday", "soon", "later"])
    let label = try #require(
      FileManager.default.contentsOfDirectory(atPath: cli.path("_site/en/labels")).first { $0.hasSuffix(".ics") })
    #expect(try titles("_site/en/labels/" + label) == ["yesterday", "soon", "later"])
    // Each event is stamped with its task's last change: a change to a task outside the window moves no byte of
    // any calendar; one inside moves its calendars.
    func calendars() throws -> [String: Data] {
      var found: [String: Data] = [:]
      for path in FileManager.default.enumerator(atPath: cli.path("_site"))?.allObjects as? [String] ?? []
      where path.hasSuffix(".ics") {
        found[path] = cli.data("_site/" + path)
      }
      return found
    }
    let before = try calendars()
    #expect(before.count == 7, "the root's, each locale's and each locale's label's: \(before.keys.sorted())")
    #expect(try cli.run("edit", cards[4].id, "--title", "far ahead renamed").status == 0)
    #expect(try cli.run("build", "--today", "2026-11-21").status == 0)
    #expect(try calendars() == before)
    #expect(try cli.run("edit", cards[2].id, "--title", "soon renamed").status == 0)
    #expect(try cli.run("build", "--today", "2026-11-21").status == 0)
    #expect(try calendars().filter { before[$0.key] != $0.value }.count == 7)
    try cli.write("pmboard.yml", "calendar: {days-back: 100, days-ahead: 40, events: 2}\n")
    #expect(try cli.run("build", "--today", "2026-11-21").status == 0)
    // Four in the window; the two due nearest the day, in board order.
    #expect(try titles("_site/en/calendar.ics") == ["yesterday", "soon renamed"])
    #expect(try titles("_site/en/labels/" + label) == ["yesterday", "soon renamed"])
    // The flag outranks the file: every open task with a due date; an unknown value is one line and builds nothing.
    #expect(try cli.run("build", "--today", "2026-11-21", "--calendar", "all").status == 0)
    #expect(
      try titles("_site/en/calendar.ics") == [
        "long overdue", "yesterday", "soon renamed", "later", "far ahead renamed",
      ])
    let wrong = try cli.run("build", "--today", "2026-11-21", "--calendar", "month")
    #expect(wrong.status != 0 && wrong.stderr.contains("--calendar takes window or all"))
    try cli.write("pmboard.yml", "calendar: all\n")
    #expect(try cli.run("build", "--today", "2026-11-21").status == 0)
    #expect(try titles("_site/en/calendar.ics").count == 5)
    try cli.write("pmboard.yml", "calendar: {days-back: lots}\n")
    let bad = try cli.run("build", "--today", "2026-11-21")
    #expect(
      bad.status != 0 && bad.stderr.contains("pmboard.yml:1:1: calendar: `days-back` takes a number from 0 to 3650"),
      "\(bad.stderr)")
  }

  @Test func aBadPublishSettingNamesItsPlace() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    try cli.write("pmboard.yml", "publish:\n  bodies: maybe\n")
    let result = try cli.run("build", "--demo")
    #expect(result.status != 0)
    #expect(result.stderr.contains("pmboard.yml:2:3: publish: `bodies` takes show or hide, not `maybe`"))
    try FileManager.default.removeItem(atPath: cli.path("pmboard.yml"))
    let flag = try cli.run("build", "--demo", "--publish-states", "todo,later")
    #expect(flag.status != 0)
    #expect(flag.stderr.contains("--publish-states: `states` takes todo, doing and done, not `later`"))
  }
}
