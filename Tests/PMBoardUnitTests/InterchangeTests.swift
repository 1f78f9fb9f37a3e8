import Foundation
import PMBoardBytes
import PMBoardCLI
import PMBoardCore
import PMBoardMustache
import PMBoardSite
import PMBoardStore
import PMBoardTestSupport
import PMBoardValidation
import Testing

/// The interchange reader names every problem by its JSON path; the writer's output reads back as the same board.
@Suite("interchange format")
struct InterchangeTests {
  typealias Samples = StoreSamples

  /// The problems the reader finds in `text`, or none.
  func problems(_ text: String) -> [String] {
    problems(Data(text.utf8))
  }

  func problems(_ data: Data) -> [String] { interchangeProblems(data) }

  func cards(_ count: Int) -> [BoardFixture.Card] {
    (0..<count).map { BoardFixture.Card(id: BoardFixture.id($0), title: "Card \($0)") }
  }

  @Test func notJSON() {
    let found = problems("title: not json")
    #expect(found.count == 1)
    #expect(found.first?.hasPrefix("not valid pmboard JSON") == true)
  }

  @Test func notUTF8() {
    #expect(problems(Data([0x7B, 0xFF, 0xFE, 0x7D])) == ["the file is not UTF-8 text; save it as UTF-8"])
  }

  @Test func anotherFormat() {
    #expect(problems(#"{ "format": "trello/2" }"#) == [#"format: "trello/2" is not supported; expected "pmboard/1""#])
    #expect(problems(#"{ "board": {} }"#).first?.hasPrefix("format: missing") == true)
  }

  @Test func duplicateIDs() {
    var list = cards(5)
    list[3].id = list[1].id
    #expect(
      problems(BoardFixture.json(cards: list)) == [
        "tasks[3].id: \"\(list[1].id)\" is also the id of tasks[1]; ids must be unique"
      ])
  }

  @Test func unknownStateAndAction() {
    var list = cards(2)
    list[1].state = "blocked"
    let history = """
      { "at": "2026-11-02T10:00:00Z", "action": "deleted", "task": "\(list[0].id)", "title": "Card 0" }
      """
    #expect(
      problems(BoardFixture.json(cards: list, history: history)) == [
        #"tasks[1].state: "blocked" is not a state; use todo, doing or done"#,
        #"history[0].action: "deleted" is not an action; use added, edited, moved, removed or defined"#,
      ])
  }

  /// The board title obeys the rule `pmboard init --title` applies, and is kept trimmed.
  @Test func boardTitleIsOneTrimmedLine() throws {
    #expect(
      problems(BoardFixture.json(title: "Two\nlines", cards: cards(1))) == [
        "board.title: the title has a line break; a title is one line (put details in the body)"
      ])
    let board = try InterchangeReader().read(
      Data(BoardFixture.json(title: "  Team  ", cards: cards(1)).utf8), source: "t")
    #expect(board.board.info.title == "Team")
  }

  @Test func badDueDate() {
    var list = cards(18)
    list[17].due = "2026-13-01"
    #expect(problems(BoardFixture.json(cards: list)) == [#"tasks[17].due: "2026-13-01" is not a date (YYYY-MM-DD)"#])
  }

  @Test func titles() {
    var list = cards(3)
    list[0].title = String(repeating: "가", count: 201)
    list[2].title = "   "
    #expect(
      problems(BoardFixture.json(cards: list)) == [
        "tasks[0].title: the title has 201 characters; at most 200 are allowed",
        "tasks[2].title: the title is empty; give the task a title",
      ])
  }

  @Test func everyProblemIsReported() {
    var list = cards(4)
    list[0].state = "later"
    list[1].due = "tomorrow"
    list[2].title = ""
    list[3].id = "not-a-uuid"
    let found = problems(BoardFixture.json(timeZone: "Mars/Olympus", cards: list))
    #expect(found.count == 5)
    for path in ["board.timeZone", "tasks[0].state", "tasks[1].due", "tasks[2].title", "tasks[3].id"] {
      #expect(found.contains { $0.hasPrefix(path + ":") }, "no problem reported at \(path)")
    }
  }

  /// Found by the import fuzz target (docs/fuzzing.md): a leap second read as the next minute's first second made
  /// 9999-12-31T23:59:60Z the year 10000, which the writer cannot put in the four-digit form, so the JSON store
  /// would write a file it cannot read back. It is refused like any other instant out of range.
  @Test func leapSecondPastTheYear9999IsRefused() throws {
    let id = BoardFixture.id(1)
    func file(_ instant: String) -> String {
      """
      { "format": "pmboard/1", "board": { "title": "B", "timeZone": "UTC" },
        "tasks": [ { "id": "\(id)", "title": "T", "state": "todo", "created": "2026-11-01T09:00:00Z",
          "updated": "\(instant)" } ],
        "history": [ { "at": "\(instant)", "action": "added", "task": "\(id)", "title": "T", "to": "todo" } ] }
      """
    }
    let refusal = #""9999-12-31T23:59:60Z" is not a UTC instant like 2026-11-02T10:00:00Z"#
    #expect(
      problems(file("9999-12-31T23:59:60Z")) == ["tasks[0].updated: \(refusal)", "history[0].at: \(refusal)"])
    // Any other leap second is refused too: stores keep whole seconds, and it would come back as the next minute.
    #expect(
      problems(file("2016-12-31T23:59:60Z")).first
        == "tasks[0].updated: \"2016-12-31T23:59:60Z\" has a fraction or a leap second; pmboard keeps whole "
        + "seconds (write 2017-01-01T00:00:00Z)")
    #expect(
      try InterchangeReader().board(from: Data(file("9999-12-31T23:59:59Z").utf8), source: "in.json").tasks.count == 1)
  }

  @Test func writerOutputReadsBackAsTheSameBoard() throws {
    let board = Samples.board
    #expect(try InterchangeReader().board(from: InterchangeWriter().data(for: board), source: "x") == board)
    let undo = [BoardChange.add(Samples.newTask(1), at: Samples.at(10)), .remove(Samples.readme, at: Samples.at(11))]
    let redo = [BoardChange.update(from: Samples.korean, to: Samples.japanese, at: Samples.at(12))]
    let document = try InterchangeReader().read(
      InterchangeWriter().data(for: board, undo: undo, redo: redo), source: "x")
    #expect(document.board == board)
    #expect(document.undo == undo)
    #expect(document.redo == redo)
  }

  @Test func writerOutputIsPrettyWithKeysInOrder() throws {
    let text = String(decoding: InterchangeWriter().data(for: Samples.board), as: UTF8.self)
    #expect(text.hasPrefix("{\n  \"format\": \"pmboard/1\",\n  \"board\": {\n    \"title\": \"모바일 앱 / モバイル\""))
    #expect(text.hasSuffix("\n  ]\n}\n"))
    let keys = ["\"format\"", "\"board\"", "\"tasks\"", "\"history\""].map { key in
      text.range(of: "\n  \(key): ")?.lowerBound
    }
    #expect(keys.allSatisfy { $0 != nil })
    #expect(keys.compactMap { $0 } == keys.compactMap { $0 }.sorted())
    #expect(text.contains("\n    {\n      \"id\": \"\(Samples.readme.idString)\",\n      \"title\": \"Write README\""))
    #expect(text.contains(#""body": "Plain text\nwith two lines""#), "newlines are escaped")
    #expect(text.contains(#"<b>\"至急\"</b> & R&D"#), "only JSON's own characters are escaped")
    #expect(!text.contains("\t"))
  }
}
