import Foundation
import PMBoardTestSupport
import Testing

/// Settings and arguments that were silently taken the wrong way, and ids that did not name one task.
@Suite struct CLIStrictInputTests {
  @Test(arguments: [
    ("PMBOARD_NOW", "yesterday", "PMBOARD_NOW=\"yesterday\" is not a UTC instant"),
    ("SOURCE_DATE_EPOCH", "17e8", "SOURCE_DATE_EPOCH=\"17e8\" is not a whole number of seconds"),
  ])
  func aClockVariableThatIsNotAMomentIsAnError(name: String, value: String, message: String) throws {
    var cli = try CLIRunner()
    defer { cli.remove() }
    cli.environment[name] = value
    let result = try cli.run("build", "--demo")
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("pmboard: error: \(message)"), "\(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count == 1)
  }

  @Test(arguments: ["+-3d", "-+1w", "+d", "+3", "+ 3d"])
  func aRelativeDueDateHasDigitsOnly(due: String) throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    try cli.run("init")
    let result = try cli.run("add", "Task", "--due", due)
    #expect(result.status == 1)
    #expect(result.stderr.contains("is not a date"), "\(result.stderr)")
  }

  @Test func aFIFOAsTheStoreIsRefusedNotWaitedOn() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    #expect(mkfifo(cli.path("board.sqlite"), 0o644) == 0)
    let result = try cli.run("list")
    #expect(result.status == 1)
    #expect(result.stderr.contains("it is not a regular file"), "\(result.stderr)")
  }

  @Test func listShowsEachIDLongEnoughToNameOneTask() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    let cards = [1, 2, 300].map { BoardFixture.Card(id: BoardFixture.id($0), title: "Task \($0)") }
    try cli.write("board.json", BoardFixture.json(cards: cards))
    try cli.run("import", "board.json", "--store", "board.sqlite")
    let list = try cli.run("list").stdout
    // id(1) and id(2) differ only in their last character; id(300) from them at the third last.
    #expect(list.contains(BoardFixture.id(1) + "  "))
    #expect(list.contains(BoardFixture.id(2) + "  "))
    #expect(list.contains(String(BoardFixture.id(300).dropLast(2)) + " "))
    for line in list.split(separator: "\n").dropFirst().dropLast() {
      let shown = String(line.split(separator: " ", omittingEmptySubsequences: true)[1])
      #expect(try cli.run("show", shown).status == 0, "\(shown)")
    }
  }

  @Test func githubAnnotationsEscapeTheirProperties() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    try cli.write("Tem,pl:a%tes/board.mustache", "<p>no doctype</p>\n")
    let result = try cli.run("check", "--templates", "Tem,pl:a%tes", "--diagnostics", "github")
    #expect(result.status == 1)
    #expect(result.stdout.contains("::error file=Tem%2Cpl%3Aa%25tes/board.mustache,line=1,col=1::"), "\(result.stdout)")
  }
}
