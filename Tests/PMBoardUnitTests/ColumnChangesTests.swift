import Foundation
import PMBoardCore
import Testing

@testable import PMBoardSite

/// When each column last changed, as its page says: the newest entry that moved a task in or out, or an edit of a
/// task in it now; and, for a history that does not show every move, the newest entry about a task in it now.
@Suite struct ColumnChangesTests {
  private static let day = CalendarDate(year: 2026, month: 11, day: 21)!
  private static func at(_ hour: Int) -> Date { Date(timeIntervalSince1970: 1_795_000_000 + Double(hour) * 3600) }

  /// The column changes of a board with `tasks` (id and column) and `history`, oldest first.
  private static func changes(
    tasks: [(UUID, TaskState)], history: [HistoryEntry], taskPages: Bool
  ) -> [Int?] {
    let board = Board(
      info: BoardInfo(title: "b", timeZoneID: "UTC"),
      tasks: tasks.map { BoardTask(id: $0.0, title: "t", state: $0.1, created: at(0)) }, history: history)
    let tables = BoardTables(snapshot: BoardSnapshot(board), today: day)
    let pages = taskPages ? TaskPageTables(tables: tables) : TaskPageTables(noPagesFor: tables)
    return ColumnChanges(tables: tables, taskPages: pages).seconds
  }

  private static func seconds(_ hour: Int) -> Int { Int(at(hour).timeIntervalSince1970) }

  @Test(arguments: [true, false]) func movesEditsAndRemovalsPlaceTheirColumns(taskPages: Bool) {
    let (a, b, c) = (UUID(), UUID(), UUID())
    let history = [
      HistoryEntry(at: Self.at(1), action: .added, taskID: a, title: "a", to: .todo),
      HistoryEntry(at: Self.at(2), action: .added, taskID: b, title: "b", to: .todo),
      HistoryEntry(at: Self.at(3), action: .added, taskID: c, title: "c", to: .done),
      HistoryEntry(at: Self.at(4), action: .moved, taskID: b, title: "b", from: .todo, to: .doing),
      HistoryEntry(at: Self.at(5), action: .removed, taskID: c, title: "c", from: .done),
      HistoryEntry(at: Self.at(6), action: .edited, taskID: b, title: "b", fields: [.title]),
    ]
    #expect(
      Self.changes(tasks: [(a, .todo), (b, .doing)], history: history, taskPages: taskPages)
        == [Self.seconds(4), Self.seconds(6), Self.seconds(5)])
  }

  @Test(arguments: [true, false]) func aHistoryWithoutTheMovesFallsBackToTheTasksInTheColumn(taskPages: Bool) {
    let (a, b) = (UUID(), UUID())
    let history = [
      HistoryEntry(at: Self.at(1), action: .added, taskID: a, title: "a", to: .todo),
      HistoryEntry(at: Self.at(2), action: .added, taskID: b, title: "b", to: .todo),
    ]
    #expect(
      Self.changes(tasks: [(a, .done), (b, .todo)], history: history, taskPages: taskPages)
        == [Self.seconds(2), nil, Self.seconds(1)])
  }
}
