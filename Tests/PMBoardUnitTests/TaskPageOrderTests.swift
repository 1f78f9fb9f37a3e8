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
    // A card whose id is its key's lowercase text is compared with a manifest's line by its key: the same answer
    // as by its name, for its own line and for the lines around it.
    let ids = (0..<pages.pageCount).map { pages.id(ofPage: $0) }
    let manifest = SiteManifest(
      files: Dictionary(uniqueKeysWithValues: ids.map { ("en/tasks/\($0).html", SiteManifest.Entry()) }), key: nil)
    var keyed = 0
    for page in 0..<pages.cardCount {
      let key = pages.lowercaseKey(ofPage: page)
      #expect(key != nil || ids[page] != ids[page].lowercased())
      guard let key, let line = manifest.line(of: "en/tasks/\(ids[page]).html") else { continue }
      keyed += 1
      for other in max(0, line - 1)...min(manifest.count - 1, line + 1) {
        #expect(
          manifest.path(other, is: "en/tasks", pageOf: key) == manifest.path(other, is: "en/tasks", ids[page] + ".html")
        )
      }
      #expect(manifest.path(line, is: "en/tasks", pageOf: key))
      #expect(!manifest.path(line, is: "ko/tasks", pageOf: key) && !manifest.path(line, is: "en/task", pageOf: key))
    }
    #expect(keyed == pages.cardCount)
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

  /// A UUID's key names its lowercase text digit by digit, and says which texts it names exactly.
  @Test func uuidKeysNameTheirLowercaseDigits() {
    for _ in 0..<200 {
      let text = UUID().uuidString
      guard let key = UUIDKey(text.utf8.span) else {
        Issue.record("not read: \(text)")
        continue
      }
      let lower = Array(text.lowercased().utf8)
      for position in 0..<36 where ![8, 13, 18, 23].contains(position) {
        #expect(key.hexDigit(at: position) == lower[position])
      }
      let lowerText = text.lowercased()
      let lowerIsLowercase = UUIDKey.isLowercase(lowerText.utf8.span)
      let upperIsLowercase = UUIDKey.isLowercase(text.utf8.span)
      #expect(lowerIsLowercase)
      #expect(upperIsLowercase == !text.contains(where: { "ABCDEF".contains($0) }))
    }
  }
}
