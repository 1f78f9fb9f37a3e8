import Foundation
import PMBoardCore
import PMBoardStore
import PMBoardTestSupport
import Testing

/// What an import refuses rather than keep differently from what it was given, and the text rules every way in
/// shares (NFC, controls, invisible titles, byte limits).
@Suite struct ImportRulesTests {
  private func problems(_ text: String) -> [String] {
    do {
      _ = try InterchangeReader().read(Data(text.utf8), source: "in.json")
      return []
    } catch {
      return error.problems
    }
  }

  private func board(_ cards: [BoardFixture.Card], zone: String = "UTC", history: String = "") -> String {
    BoardFixture.json(timeZone: zone, cards: cards, history: history)
  }

  @Test func aMemberGivenTwiceIsRefused() {
    let text = board([BoardFixture.Card(id: BoardFixture.id(1), title: "First")])
      .replacingOccurrences(of: "\"title\": \"First\"", with: "\"title\": \"First\", \"title\": \"Second\"")
    let found = problems(text)
    #expect(found.count == 1)
    #expect(found.first?.contains("tasks[0].title is given twice") == true, "\(found)")
  }

  @Test(arguments: ["2026-11-01T09:00:00.5Z", "2026-12-31T23:59:60Z"])
  func fractionsAndLeapSecondsAreRefused(instant: String) {
    let text = board([BoardFixture.Card(id: BoardFixture.id(1), title: "A")])
      .replacingOccurrences(of: "\"created\": \"2026-11-01T09:00:00Z\"", with: "\"created\": \"\(instant)\"")
    let found = problems(text)
    #expect(found.count == 1)
    #expect(found.first?.contains("tasks[0].created: \"\(instant)\" has a fraction or a leap second") == true)
  }

  @Test func historyIsKeptInTheOrderGivenEvenWhereAClockWentBack() throws {
    let entry = { (at: String) in
      "{ \"at\": \"\(at)\", \"action\": \"added\", \"task\": \"\(BoardFixture.id(1))\", \"title\": \"A\", \"to\": \"todo\" }"
    }
    let text = board([], history: entry("2026-11-02T09:00:00Z") + "," + entry("2026-11-01T09:00:00Z"))
    let read = try InterchangeReader().board(from: Data(text.utf8), source: "in.json")
    #expect(read.history.map { Instant.format($0.at) } == ["2026-11-02T09:00:00Z", "2026-11-01T09:00:00Z"])
    let again = try InterchangeReader().board(from: InterchangeWriter().data(for: read), source: "out.json")
    #expect(again.history == read.history)
  }

  @Test(arguments: ["GMT+9", "EST5EDT", "Factory", "Seoul"])
  func namesThatAreNotPlacesAreNotTimeZones(zone: String) {
    #expect(problems(board([], zone: zone)).contains { $0.hasPrefix("board.timeZone: \"\(zone)\" is not an IANA") })
  }

  @Test(arguments: ["UTC", "Etc/UTC", "Etc/GMT+9", "Asia/Seoul", "Pacific/Kiritimati"])
  func ianaNamesAreTimeZones(zone: String) {
    #expect(problems(board([], zone: zone)).isEmpty)
  }

  @Test(arguments: ["a\u{0}b", "Evil \u{1B}]0;x\u{7}", "del \u{7F}", "c1 \u{85}x", "tab\tin title"])
  func controlCharactersInTitlesAreRefused(title: String) {
    let found = problems(board([BoardFixture.Card(id: BoardFixture.id(1), title: title)]))
    #expect(found.contains { $0.hasPrefix("tasks[0].title:") }, "\(found)")
  }

  @Test func invisibleTitlesAreRefusedAndBodiesKeepOnlyNewlinesAndTabs() {
    #expect(
      problems(board([BoardFixture.Card(id: BoardFixture.id(1), title: "\u{200B}\u{FEFF}\u{200D}")])) == [
        "tasks[0].title: the title has no visible character; give the task a title"
      ])
    #expect(problems(board([BoardFixture.Card(id: BoardFixture.id(1), title: "A", body: "a\nb\tc")])).isEmpty)
    #expect(
      problems(board([BoardFixture.Card(id: BoardFixture.id(1), title: "A", body: "bell \u{7}")])) == [
        "tasks[0].body: the body has the control character U+0007; only newlines and tabs are kept"
      ])
  }

  @Test func combiningMarksCannotCarryMegabytes() {
    let heavy = String(repeating: "e" + String(repeating: "\u{301}", count: 2000), count: 5)
    #expect(heavy.count == 5)
    let found = problems(board([BoardFixture.Card(id: BoardFixture.id(1), title: heavy, body: heavy)]))
    #expect(found.contains { $0.hasPrefix("tasks[0].title: the title is") && $0.contains("at most 1000 are allowed") })
    #expect(found.contains { $0.hasPrefix("tasks[0].body: the body is") && $0.contains("at most 8000 are allowed") })
  }

  @Test func canonicallyEquivalentTitlesAreStoredInNFCAndOrderByCodePoints() throws {
    let decomposed = "Cafe\u{301}"  // e + combining acute
    let composed = "Caf\u{E9}"
    let cards = [
      BoardFixture.Card(id: BoardFixture.id(3), title: decomposed, body: "Cre\u{300}me"),
      BoardFixture.Card(id: BoardFixture.id(1), title: composed),
      BoardFixture.Card(id: BoardFixture.id(2), title: decomposed),
    ]
    let read = try InterchangeReader().board(from: Data(board(cards).utf8), source: "in.json")
    #expect(read.tasks.allSatisfy { Array($0.title.utf8) == Array(composed.utf8) })
    #expect(Array(read.tasks[0].body.utf8) == Array("Cr\u{E8}me".utf8))
    // Same bytes now: the order is by id, whatever order the file listed them in.
    #expect(BoardOrder.sorted(read.tasks).map(\.id) == [1, 2, 3].map { UUID(text: BoardFixture.id($0)) })
    #expect(BoardOrder.sorted(read.tasks.reversed()).map(\.id) == BoardOrder.sorted(read.tasks).map(\.id))
  }
}
