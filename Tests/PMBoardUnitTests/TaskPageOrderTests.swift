import Foundation
import PMBoardCore
import PMBoardTestSupport
import Testing

@testable import PMBoardSite

/// The order a rebuild takes task pages in (``TaskPageTables/pagesByID(_:)``): the order of their paths in a
/// manifest, so that each kept page's line is found next to the one before.
@Suite struct TaskPageOrderTests {
  @Test func pagesByIDFollowTheManifestsOrderOfPaths() {
    var random = SplitMix64(seed: 11)
    let day = CalendarDate(year: 2026, month: 11, day: 21)!
    let at = Date(timeIntervalSince1970: 1_795_000_000)
    let tasks = (0..<300).map { index in
      BoardTask(id: UUID(), title: "t\(random.below(40))", state: TaskState.allCases[index % 3], created: at)
    }
    // Removed tasks have pages too (tombstones), after the cards.
    let history = (0..<40).map { index in
      HistoryEntry(at: at, action: .removed, taskID: UUID(), title: "gone \(index)", from: .todo)
    }
    let board = Board(info: BoardInfo(title: "b", timeZoneID: "UTC"), tasks: tasks, history: history)
    let tables = BoardTables(snapshot: BoardSnapshot(board), today: day)
    let pages = TaskPageTables(tables: tables)
    #expect(pages.pageCount == 340)
    let order = pages.pagesByID(tables.cardKeys)
    #expect(Set(order).count == pages.pageCount)
    let paths = order.map { "en/" + SiteAddresses.task(pages.id(ofPage: Int($0))) }
    #expect(paths == paths.sorted())
    #expect(pages.pagesInOrder == (0..<340).map { Int32($0) })
  }

  @Test func aTaskPagesPathIsTheLocalesTaskFile() {
    for prefix in ["", "mobile/", "팀/보드/"] {
      let addresses = SiteAddresses(prefix: prefix)
      for id in ["0f6c1f62-9d1b-4c43-9a5e-3c1d2b4a5e6f", "gh-17", "작업"] {
        #expect(addresses.taskPage("ko", id) == addresses.inLocale("ko", SiteAddresses.task(id)))
        #expect(addresses.taskFolder("ko") + "/" + id + ".html" == addresses.taskPage("ko", id))
      }
    }
  }
}
