import Foundation
import PMBoardTestSupport
import Testing

/// Output that cannot be written, files export must not clobber, and board text that must not drive the terminal.
@Suite struct CLIOutputTests {
  private func board() throws -> CLIRunner {
    let cli = try CLIRunner()
    try cli.run("init")
    try cli.run("add", "Write the README", "--body", "line one\nline two")
    return cli
  }

  private func shell(_ cli: CLIRunner, _ script: String) throws -> CLIRunner.Result {
    try cli.run("/bin/sh", "-c", script.replacingOccurrences(of: "PMBOARD", with: CLIRunner.binary.path))
  }

  @Test(arguments: ["export", "list", "history", "show 0", "list --json"])
  func aFullDiskOnStandardOutputIsOneLineAndExit1(command: String) throws {
    let cli = try board()
    defer { cli.remove() }
    let id = String(try cli.firstTaskID().prefix(8))
    let result = try shell(cli, "PMBOARD \(command.replacingOccurrences(of: " 0", with: " \(id)")) > /dev/full")
    #expect(result.status == 1)
    #expect(result.stderr == "pmboard: error: cannot write to standard output: No space left on device\n")
  }

  /// Help and the version are output like any other: ArgumentParser's own `print` lost them and exited 0.
  @Test(arguments: ["--version", "--help", "add --help", "help add", "serve --help"])
  func helpOnAFullDiskIsOneLineAndExit1(command: String) throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    let result = try shell(cli, "PMBOARD \(command) > /dev/full")
    #expect(result.status == 1)
    #expect(result.stderr == "pmboard: error: cannot write to standard output: No space left on device\n")
    let shown = try shell(cli, "PMBOARD \(command)")
    #expect(shown.status == 0 && shown.stderr.isEmpty)
    #expect(shown.stdout.hasSuffix("\n"), "\(shown.stdout)")
  }

  /// A reader that went away (`pmboard list | head -1`) had what it wanted: the command ends quietly, status 0.
  @Test(arguments: ["list", "show 0", "export", "--help", "--version"])
  func aReaderThatLeftEndsTheCommandQuietly(command: String) throws {
    let cli = try board()
    defer { cli.remove() }
    let id = String(try cli.firstTaskID().prefix(8))
    // `true` has left before pmboard writes, so the write fails with EPIPE whatever its size.
    let run = "PMBOARD \(command.replacingOccurrences(of: " 0", with: " \(id)"))"
    let gone = try shell(cli, "(sleep 0.3; \(run) 2> err.txt; echo $? > status.txt) | true")
    #expect(gone.status == 0)
    #expect(try cli.read("status.txt") == "0\n")
    #expect(try cli.read("err.txt") == "")
  }

  @Test func aClosedStandardOutputIsReportedAndTheStoreIsUntouched() throws {
    let cli = try board()
    defer { cli.remove() }
    let before = cli.data("board.sqlite")
    let result = try shell(cli, "PMBOARD list >&-")
    #expect(result.status == 1)
    #expect(result.stderr == "pmboard: error: cannot write to standard output: it is closed\n")
    #expect(cli.data("board.sqlite") == before)
  }

  @Test func exportWritesThroughALinkAndKeepsModeAndHardLinks() throws {
    let cli = try board()
    defer { cli.remove() }
    try cli.write("backup/real.json", "old")
    #expect(chmod(cli.path("backup/real.json"), 0o600) == 0)
    try FileManager.default.createSymbolicLink(atPath: cli.path("link.json"), withDestinationPath: "backup/real.json")
    #expect(try cli.run("export", "link.json").status == 0)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: cli.path("link.json")) == "backup/real.json")
    #expect(try cli.read("backup/real.json").contains("\"format\": \"pmboard/1\""))
    var info = stat()
    #expect(stat(cli.path("backup/real.json"), &info) == 0 && info.st_mode & 0o777 == 0o600)
    #expect(link(cli.path("backup/real.json"), cli.path("hard.json")) == 0)
    try cli.run("add", "Another")
    #expect(try cli.run("export", "hard.json").status == 0)
    #expect(try cli.read("backup/real.json").contains("Another"))
  }

  @Test func exportWritesAFIFOInPlaceAndRefusesAFolder() throws {
    let cli = try board()
    defer { cli.remove() }
    #expect(mkfifo(cli.path("pipe"), 0o644) == 0)
    let result = try shell(cli, "cat pipe > got.json & PMBOARD export pipe; wait")
    #expect(result.status == 0)
    #expect(try cli.read("got.json").contains("Write the README"))
    var info = stat()
    #expect(lstat(cli.path("pipe"), &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    let folder = try cli.run("export", ".")
    #expect(folder.status == 1)
    #expect(folder.stderr == "pmboard: error: . is a directory; give export a file name, e.g. ./board.json\n")
    let device = try cli.run("export", "/dev/null")
    #expect(device.status == 0)
    #expect(lstat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
  }

  @Test func controlCharactersAreRefusedOnInputAndNeverPrintedRaw() throws {
    let cli = try board()
    defer { cli.remove() }
    let evil = "Evil \u{1B}]0;pwned\u{07} title"
    let results = [
      try cli.run("add", evil), try cli.run("add", "Fine", "--body", "bell \u{07}"),
      try cli.run("show", evil), try cli.run("add", "\u{200B}\u{200B}"),
    ]
    for result in results {
      #expect(result.status == 1)
      #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(result.stderr)")
    }
    #expect(results[0].stderr.contains("control character U+001B"))
    #expect(results[1].stderr.contains("control character U+0007"))
    #expect(results[2].stderr.contains("\\u{1B}]0;pwned\\u{7}"), "\(results[2].stderr)")
    #expect(results[3].stderr.contains("no visible character"))
    #expect(try cli.run("add", "Tabbed body", "--body", "a\tb\nc").status == 0)
  }

  @Test func bidiTextIsIsolatedOnTheTerminal() throws {
    let cli = try board()
    defer { cli.remove() }
    let added = try cli.run("add", "rtl \u{202E}txet")
    #expect(added.status == 0)
    for output in [added.stdout, try cli.run("list").stdout, try cli.run("history").stdout] {
      #expect(!output.unicodeScalars.contains { $0.value == 0x202E }, "\(output)")
      #expect(output.contains("rtl \\u{202E}txet"))
    }
  }

  @Test(arguments: [["add"], ["frob"], ["list", "--limit", "3"], ["history", "--limit", "0"]])
  func aUsageMistakeIsOneLineWithExit64(arguments: [String]) throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    let result = try cli.run(arguments)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("pmboard: error: "))
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(result.stderr.contains("--help`"))
  }
}
