import Foundation
import PMBoardTestSupport
import Testing

/// A writing command whose change is recorded never reports plain failure: a script would retry it.
@Suite struct RecordedChangeTests {
  private func shell(_ cli: CLIRunner, _ script: String) throws -> CLIRunner.Result {
    try cli.run("/bin/sh", "-c", script.replacingOccurrences(of: "PMBOARD", with: CLIRunner.binary.path))
  }

  /// `command` with `ID` standing for the task's id, and what its message says was done.
  @Test(arguments: [
    ("add Again", "added task "), ("edit ID --title Renamed", "edited task "), ("move ID doing", "moved task "),
    ("remove ID", "removed task "), ("undo", "undid: "),
  ])
  func aFullDiskAfterTheChangeSaysItIsRecorded(command: String, done: String) throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    #expect(try cli.run("init").status == 0)
    #expect(try cli.run("add", "Write the README").status == 0)
    let id = String(try cli.firstTaskID().prefix(8))
    let historyBefore = try cli.run("history").stdout
    let result = try shell(cli, "PMBOARD \(command.replacingOccurrences(of: "ID", with: id)) > /dev/full")
    #expect(result.status == 3, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("pmboard: \(done)"), "\(result.stderr)")
    #expect(
      result.stderr.hasSuffix(
        ", but could not print to standard output: No space left on device; the change is recorded, so do not run "
          + "the command again\n"))
    #expect(result.stderr.split(separator: "\n").count == 1)
    let history = try cli.run("history").stdout
    #expect(history.split(separator: "\n").count == historyBefore.split(separator: "\n").count + 1, "\(history)")
  }

  @Test func initAndImportSayTheyAreRecordedToo() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    let created = try shell(cli, "PMBOARD init > /dev/full")
    #expect(created.status == 3)
    #expect(created.stderr.hasPrefix("pmboard: created board.sqlite, but could not print"), "\(created.stderr)")
    #expect(try cli.run("add", "Kept").status == 0)
    #expect(try cli.run("export", "board.json").status == 0)
    let imported = try shell(cli, "PMBOARD import --store copy.sqlite board.json >&-")
    #expect(imported.status == 3)
    #expect(imported.stderr.hasPrefix("pmboard: imported board.json into copy.sqlite, but could not print"))
    #expect(imported.stderr.contains("standard output: it is closed"))
    #expect(try cli.run("list", "--store", "copy.sqlite").stdout.contains("Kept"))
  }

  /// Standard error on a full disk, or a reader that went away, never kills pmboard (no trap, exit 132, and no
  /// SIGPIPE, exit 141): the change is recorded and the exit status says so.
  @Test func aFullStandardErrorOrAGoneReaderNeverKillsACommand() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    #expect(try cli.run("init").status == 0)
    let bothFull = try shell(cli, "PMBOARD add 'Full disk' > /dev/full 2> /dev/full; echo $?")
    #expect(bothFull.stdout == "3\n", "\(bothFull.stdout)")
    let gone = try shell(cli, "(sleep 0.3; PMBOARD add 'Reader gone' 2> err.txt; echo $? > status.txt) | true; sleep 1")
    #expect(gone.status == 0)
    #expect(try cli.read("status.txt") == "3\n")
    #expect(try cli.read("err.txt").contains("added task "))
    #expect(try cli.read("err.txt").contains("Broken pipe; the change is recorded"))
    let usage = try shell(cli, "PMBOARD no-such-command 2> /dev/full; echo $?")
    #expect(usage.stdout == "64\n")
    let list = try cli.run("list").stdout
    #expect(list.contains("Full disk") && list.contains("Reader gone"))
  }
}
