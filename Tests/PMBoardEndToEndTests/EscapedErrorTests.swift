import Foundation
import PMBoardTestSupport
import Testing

/// What the user gave, quoted in an error, is escaped: it cannot split the line or drive the terminal; and a
/// file that cannot be read says why in words.
@Suite struct EscapedErrorTests {
  private func expectOneLineError(_ result: CLIRunner.Result, _ words: String) {
    OutOfRangeInputTests.expectOneLineError(result, words)
  }

  @Test func aNewlineInAQuotedValueDoesNotSplitTheMessage() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    let json =
      #"{"format": "pmboard/1", "board": {"title": "B", "timeZone": "UTC\n\u001b[2J"}, "tasks": [], "history": []}"#
    try cli.write("bad.json", json)
    let result = try cli.run("import", "bad.json")
    expectOneLineError(result, #"board.timeZone: "UTC\n\u{1B}[2J" is not an IANA time zone name"#)
    #expect(!result.stderr.contains("\u{1B}"))
    let zone = try cli.run("init", "--time-zone", "UTC\n\u{1B}[2J")
    expectOneLineError(zone, #"--time-zone: "UTC\n\u{1B}[2J" is not an IANA time zone name"#)
  }

  @Test func aNewlineInATypedValueDoesNotCutAUsageMessage() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    for (arguments, words) in [
      (["build", "--task-pages", "on\nx"], #"--task-pages takes on or off, not on\nx; see `pmboard build --help`"#),
      (["import", "--from=gi\nthub", "f"], #"--from: "gi\nthub" is not a format pmboard imports"#),
    ] {
      let result = try cli.run(arguments)
      #expect(result.status == 64)
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
      #expect(result.stderr.contains(words), "\(result.stderr)")
    }
  }

  @Test func importingAFolderSaysToGiveTheFile() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    try FileManager.default.createDirectory(atPath: cli.path("exports"), withIntermediateDirectories: true)
    let plain = try cli.run("import", "exports")
    expectOneLineError(plain, "exports: is a folder, not a file; give the pmboard/1 export file to import")
    #expect(!plain.stderr.contains("NSCocoaErrorDomain"))
    #expect(try cli.run("init").status == 0)
    let source = try cli.run("import", "--from", "csv", "exports")
    expectOneLineError(source, "exports: is a folder, not a file; give the csv export file to import")
  }
}
