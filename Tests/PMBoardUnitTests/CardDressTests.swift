import Foundation
import PMBoardBytes
import PMBoardCore
import PMBoardTestSupport
import Testing

@testable import PMBoardSite

/// Cards dressed when a page needs them (a rebuild, ``CardDresses``) are dressed exactly as the ones every slice
/// dresses while it copies the cards (a fresh build), in whatever order pages ask for them.
@Suite struct CardDressTests {
  @Test func lazyDressesEqualEagerOnesInAnyOrder() throws {
    var random = SplitMix64(seed: 29)
    let day = try #require(CalendarDate(year: 2026, month: 11, day: 21))
    let at = Date(timeIntervalSince1970: 1_795_000_000)
    let bodies = [
      "", "short", "- [x] done\n- [ ] open\nsee https://example.com/a?b=c&d",
      String(repeating: "앱을 열고 로그인을 누르면 재현됩니다. ", count: 12),
      String(repeating: "iPhoneとiPadの両方で確認してください。", count: 9) + "\n- [ ] 確認",
      "one\ntwo\nthree\nfour\nfive: [link](https://example.org)", String(repeating: "e\u{301}", count: 260),
    ]
    let tasks = (0..<700).map { index in
      BoardTask(
        id: UUID(), title: ["QA 패스", "テスト", "Release"][random.below(3)] + " \(index)",
        body: bodies[random.below(bodies.count)], state: TaskState.allCases[index % 3], created: at)
    }
    let snapshot = BoardSnapshot(Board(info: BoardInfo(title: "b", timeZoneID: "UTC"), tasks: tasks, history: []))
    for cuts in [true, false] {
      let eager = CardTables(tasks: snapshot.tasks, today: day, cutsExcerpts: cuts)
      let lazy = CardTables(tasks: snapshot.tasks, today: day, cutsExcerpts: cuts, dressingEveryCard: false)
      let count = eager.records.count
      // Pages ask for runs, for single cards and for the whole board, in a shuffled order.
      var asked = (0..<count).shuffled(using: &random)
      asked.removeLast(count / 2)
      for card in asked { _ = lazy.dresses.dress(of: card) }
      let all = lazy.dresses.dresses(in: 0..<count)
      // A build that dresses every card reads them from one table in board order.
      let every = try #require(eager.everyDress)
      #expect(lazy.everyDress == nil && every.count == count)
      for card in 0..<count {
        let (want, got) = (eager.dresses.dress(of: card), all[card])
        #expect(every[card].excerpt.start == want.excerpt.start && every[card].bodyHTML.start == want.bodyHTML.start)
        func text(_ ref: TextRef, _ tables: CardTables) -> String { tables.bytes.string(ref) }
        #expect(text(got.excerpt, lazy) == text(want.excerpt, eager), "card \(card)")
        #expect(text(got.bodyHTML, lazy) == text(want.bodyHTML, eager), "card \(card)")
        #expect(text(got.excerptHTML, lazy) == text(want.excerptHTML, eager), "card \(card)")
        #expect(got.isLong == want.isLong && got.titleLang == want.titleLang && got.bodyLang == want.bodyLang)
        #expect(got.checklistDone == want.checklistDone && got.checklistTotal == want.checklistTotal)
      }
      #expect(all.contains { $0.isLong } == cuts)
      #expect(all.contains { $0.checklistTotal > 0 } && all.contains { $0.bodyLang == 1 })
    }
  }

  @Test func aPageTakesTheDressesOfTheCardsItLists() throws {
    let day = try #require(CalendarDate(year: 2026, month: 11, day: 21))
    let at = Date(timeIntervalSince1970: 1_795_000_000)
    let tasks = (0..<300).map { index in
      BoardTask(id: UUID(), title: "t\(index)", body: "- [x] \(index)", state: .todo, created: at)
    }
    let snapshot = BoardSnapshot(Board(info: BoardInfo(title: "b", timeZoneID: "UTC"), tasks: tasks, history: []))
    let tables = CardTables(tasks: snapshot.tasks, today: day, dressingEveryCard: false)
    let page = PageDresses(cards: [250, 3, 4, 5, 5, 90, 251, 70], of: tables.dresses)
    for card in [3, 4, 5, 70, 90, 250, 251] {
      #expect(page.dress(of: card)?.checklistTotal == 1, "card \(card)")
    }
    for card in [0, 6, 89, 252, 299] {
      #expect(page.dress(of: card) == nil, "card \(card)")
      #expect(tables.dresses.dress(of: card).checklistTotal == 1, "card \(card)")
    }
    let one = PageDresses(card: 17, of: tables.dresses)
    #expect(one.dress(of: 17)?.checklistDone == 1)
    #expect(one.dress(of: 18) == nil)
  }
}
