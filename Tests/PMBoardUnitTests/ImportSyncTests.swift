import Foundation
import PMBoardCore
import PMBoardImport
import Testing

/// What a re-import changes: only the tasks of its own source, each difference as the change a person would make.
@Suite("import sync")
struct ImportSyncTests {
  let now = Instant.parse("2026-11-21T09:00:00Z")!
  var sync: ImportSync { ImportSync(source: "github", author: "import:github", now: now) }

  func at(_ day: Int) -> Date { Instant.parse("2026-11-\(String(format: "%02d", day))T09:00:00Z")! }

  func item(_ id: String, _ title: String, state: TaskState = .todo, updated: Int = 2, changed: Int? = nil)
    -> ImportedItem
  {
    ImportedItem(
      sourceID: id, path: "[\(id)]", title: title, state: state, created: at(1), updated: at(updated),
      stateChanged: changed.map(at))
  }

  func imported(_ id: String, _ title: String, state: TaskState = .todo, source: String = "github") -> BoardTask {
    BoardTask(title: title, state: state, created: at(1), source: TaskSource(name: source, id: id))
  }

  @Test func aFirstImportAddsEveryItemAtItsCreationTime() {
    let changes = sync.changes(board: [], items: [item("1", "A"), item("2", "B", state: .doing)])
    #expect(changes.map(\.entry.action) == [.added, .added])
    #expect(changes.map(\.entry.at) == [at(1), at(1)])
    #expect(changes.map(\.entry.author) == ["import:github", "import:github"])
    #expect(
      changes.compactMap(\.after?.source) == [TaskSource(name: "github", id: "1"), TaskSource(name: "github", id: "2")])
  }

  @Test func aReImportRecordsEachDifferenceAndTouchesNothingElse() {
    let local = BoardTask(title: "Made here", created: at(1))
    let other = imported("1", "Other source", source: "csv")
    let same = imported("1", "Same")
    let renamed = imported("2", "Old name")
    let closed = imported("3", "Closing")
    let both = imported("4", "Both")
    let gone = imported("5", "Gone")
    let items = [
      item("1", "Same"), item("2", "New name", updated: 5), item("3", "Closing", state: .done, updated: 6, changed: 4),
      item("4", "Both renamed", state: .doing, updated: 7, changed: 3), item("6", "Brand new"),
    ]
    let changes = sync.changes(board: [local, other, same, renamed, closed, both, gone], items: items)
    let lines = changes.map { "\($0.entry.action) \($0.entry.title) \($0.entry.fields.map(\.rawValue))" }
    #expect(
      lines == [
        "added Brand new []", "moved Both []", "moved Closing []", "edited New name [\"title\"]",
        "edited Both renamed [\"title\"]", "removed Gone []",
      ])
    #expect(changes.map(\.entry.at) == [at(1), at(3), at(4), at(5), at(7), now])
    // Each change finds its task as the one before it left it.
    let bothChanges = changes.filter { $0.taskID == both.id }
    #expect(bothChanges[0].before == both && bothChanges[1].before == bothChanges[0].after)
    #expect(bothChanges[1].after?.state == .doing && bothChanges[1].after?.title == "Both renamed")
    #expect(!changes.contains { $0.taskID == local.id || $0.taskID == other.id || $0.taskID == same.id })
  }

  /// #57: a closed issue new to the board said "Done" on the day it was opened, and no throughput counted it.
  @Test func aClosedItemNewToTheBoardIsAddedToTodoThenMovedToDoneAtItsCloseTime() {
    let changes = sync.changes(board: [], items: [item("1", "Closed", state: .done, updated: 6, changed: 3)])
    #expect(changes.map(\.entry.action) == [.added, .moved])
    #expect(changes.map(\.entry.at) == [at(1), at(3)])
    #expect(changes[0].after?.state == .todo && changes[0].entry.to == .todo)
    #expect(changes[1].entry.from == .todo && changes[1].entry.to == .done)
    #expect(changes[1].before == changes[0].after && changes[1].after?.state == .done)
    #expect(changes[1].after?.updated == at(6) && changes[1].after?.created == at(1))
    // Without a close time the last change stands for it; never before the creation (a floor clamps both).
    #expect(
      sync.changes(board: [], items: [item("2", "No close", state: .done, updated: 4)]).map(\.entry.at) == [
        at(1), at(4),
      ])
    let floored = ImportSync(source: "github", author: "import:github", now: now, floor: at(10))
    let late = floored.changes(board: [], items: [item("3", "Old", state: .done, changed: 5)])
    #expect(late.map(\.entry.at) == [at(10), at(10)] && late.map(\.entry.action) == [.added, .moved])
  }

  @Test func aSourceClockAheadOfOursIsRecordedAsNow() {
    let changes = sync.changes(board: [], items: [item("1", "Future", updated: 30)])
    #expect(changes[0].after?.updated == now)
  }

  @Test func noChangeIsRecordedBeforeTheBoardsLatestHistoryEntry() {
    let floored = ImportSync(source: "github", author: "import:github", now: now, floor: at(10))
    let changes = floored.changes(board: [], items: [item("1", "Old"), item("2", "Newer", updated: 12)])
    #expect(changes.map(\.entry.at) == [at(10), at(10)])
    #expect(changes.map(\.entry.title) == ["Old", "Newer"])
    let edit = floored.changes(board: [imported("2", "Newer")], items: [item("2", "Renamed", updated: 12)])
    #expect(edit.map(\.entry.at) == [at(12)])
  }

  @Test func aDeletedItemRemovesItsTaskOnceAndIsNotAddedLater() {
    var gone = item("1", "Gone", changed: 3)
    gone.removed = true
    let task = imported("1", "Gone")
    #expect(sync.changes(board: [task], items: [gone]).map(\.entry.action) == [.removed])
    #expect(sync.changes(board: [task], items: [gone]).first?.entry.at == at(3))
    #expect(sync.changes(board: [], items: [gone]).isEmpty)
  }
}
