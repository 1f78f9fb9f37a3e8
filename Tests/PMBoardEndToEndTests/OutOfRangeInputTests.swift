import Foundation
import PMBoardTestSupport
import Testing

/// Numbers from the user that used to end in a runtime trap (exit 132 with a backtrace): each is refused with
/// one clear line.
@Suite struct OutOfRangeInputTests {
  private static let huge = "9223372036854775807"

  /// One `pmboard: error:` line, no trap and no backtrace.
  static func expectOneLineError(_ result: CLIRunner.Result, _ words: String, status: Int32 = 1) {
    #expect(result.status == status, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("pmboard: error: "), "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(result.stderr.contains(words), "\(result.stderr)")
    #expect(!result.stderr.contains("Backtrace") && !result.stderr.contains("Fatal error"))
  }

  @Test func aHugeColumnLimitIsRefused() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    #expect(try cli.run("init").status == 0)
    #expect(try cli.run("add", "One").status == 0)
    Self.expectOneLineError(try cli.run("build", "--column-limit", Self.huge), "from 1 to 1000000", status: 64)
    try cli.write("pmboard.yml", "column-limit: \(Self.huge)\n")
    Self.expectOneLineError(
      try cli.run("build"), "pmboard.yml:1:1: `column-limit` takes a number of cards from 1 to 1000000")
    #expect(cli.data("_site/index.html") == nil)
  }

  @Test(arguments: [Self.huge, "9223372036854775000", "253402300800", "99999999999999999999999"])
  func aSourceDateEpochPastTheYear9999IsRefused(epoch: String) throws {
    var cli = try CLIRunner()
    defer { cli.remove() }
    #expect(try cli.run("init").status == 0)
    cli.environment["PMBOARD_NOW"] = nil
    cli.environment["SOURCE_DATE_EPOCH"] = epoch
    Self.expectOneLineError(try cli.run("build"), "SOURCE_DATE_EPOCH=\"\(epoch)\" is out of range (years 1970–9999")
    Self.expectOneLineError(try cli.run("add", "x"), "is out of range")
    cli.environment["SOURCE_DATE_EPOCH"] = nil
    #expect(try cli.run("list").stdout.contains("0 tasks"))
  }

  @Test func theLastSecondOfTheYear9999IsAValidSourceDateEpoch() throws {
    var cli = try CLIRunner()
    defer { cli.remove() }
    cli.environment["PMBOARD_NOW"] = nil
    cli.environment["SOURCE_DATE_EPOCH"] = "253402300799"
    #expect(try cli.run("init", "--time-zone", "UTC").status == 0)
    let added = try cli.run("add", "Last", "--due", "today")
    #expect(added.status == 0, "\(added.stderr)")
    #expect(try cli.run("list").stdout.contains("9999-12-31"))
  }

  /// Past the year 9999 the way back in range is an earlier date, before the year 1 a later one; the message says
  /// which, and nothing is added.
  @Test(arguments: [
    ("9999-12-31T12:00:00Z", "+100000w", "an earlier"), ("9999-12-31T12:00:00Z", "tomorrow", "an earlier"),
    ("0001-01-01T00:00:00Z", "yesterday", "a later"), ("0001-01-01T00:00:00Z", "-1w", "a later"),
  ])
  func aDueDateOutsideTheYears1To9999IsRefused(now: String, due: String, way: String) throws {
    let cli = try CLIRunner(now: now)
    defer { cli.remove() }
    #expect(try cli.run("init", "--time-zone", "UTC").status == 0)
    Self.expectOneLineError(
      try cli.run("add", "Out", "--due", due), "--due: \"\(due)\" is out of range (years 1–9999); give \(way) date")
    #expect(try cli.run("list").stdout.contains("0 tasks"))
  }

  /// A FIFO or a folder named `pmboard.yml` is refused with what to do, never waited on.
  @Test func aSettingsFileThatIsNoFileIsNamedSo() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    #expect(try cli.run("init").status == 0)
    #expect(mkfifo(cli.path("pmboard.yml"), 0o644) == 0)
    for command in [["build"], ["add", "Kept out"]] {
      Self.expectOneLineError(try cli.run(command), "pmboard.yml: not a regular file (a FIFO, folder or device)")
    }
    try FileManager.default.removeItem(atPath: cli.path("pmboard.yml"))
    try FileManager.default.createDirectory(atPath: cli.path("pmboard.yml"), withIntermediateDirectories: false)
    Self.expectOneLineError(try cli.run("build"), "pmboard.yml: not a regular file")
  }
}
