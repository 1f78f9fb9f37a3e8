import Foundation
import PMBoardTestSupport
import Testing

/// An undo record is checked like an import before it is applied: a hand edit of a JSON store cannot smuggle in a
/// task that breaks the rules.
@Suite struct UndoRecordTests {
  @Test func aHandEditedUndoRecordIsRefusedAndTheStoreStaysUsable() throws {
    var cli = try CLIRunner()
    cli.environment["PMBOARD_STORE"] = "board.json"
    defer { cli.remove() }
    try cli.run("init")
    try cli.run("add", "Original")
    let id = try cli.firstTaskID()
    try cli.run("edit", String(id.prefix(8)), "--title", "Renamed")
    var document = try #require(
      try JSONSerialization.jsonObject(with: Data(try cli.read("board.json").utf8)) as? [String: Any])
    var undo = try #require(document["undo"] as? [[String: Any]])
    var last = undo[undo.count - 1]
    var before = try #require(last["before"] as? [String: Any])
    before["title"] = String(repeating: "x", count: 300) + "\nsecond line"
    last["before"] = before
    undo[undo.count - 1] = last
    document["undo"] = undo
    try cli.write("board.json", String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self))
    let result = try cli.run("undo")
    #expect(result.status == 1)
    #expect(result.stderr.contains("breaks a rule (title: the title has a line break"), "\(result.stderr)")
    let list = try cli.run("list")
    #expect(list.status == 0)
    #expect(list.stdout.contains("Renamed"))
    #expect(try cli.run("add", "Still works").status == 0)
  }
}
