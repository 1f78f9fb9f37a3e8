import Foundation
import PMBoardCore
import Testing

@testable import PMBoardSite

/// When each column last changed, as its page says: the newest entry that moved a task in or out, or an edit of a
/// task in it now; and, for a history that does not show every move, the newest entry about a task in it now.
@Suite struct ColumnChangesTests {
  private static let day = CalendarDate(year: 2026, month: 11, day: 21)!
  private static func at(_ hour: Int) -> Date { Date(timeIntervalSince1970: 1_795_000_000 + Double(hour) * 3600) }

  private static func changes(_ board: Board, taskPages: Bool) -> [Int?] {
    let tables = BoardTables(snapshot: BoardSnapshot(board), today: day)
    let pages = taskPages ? TaskPageTables(tables: tables) : TaskPageTables(noPagesFor: tables)
    return ColumnChanges(tables: tables, taskPages: pages).seconds
  }

  private static func seconds(_ hour: Int) -> Int { Int(at(hour).timeIntervalSince1970) }

  @Test(arguments: [true, false]) func movesEditsAndRemovalsPlaceTheirColumns(taskPages: Bool) {
    let (a, b, c) = (UUID(), UUID(), UUID())
    let board = Board(
      info: BoardInfo(title: "b", timeZoneID: "UTC"),
      tasks: [
        BoardTask(id: a, title: "a", state: .todo, created: Self.at(0)),
        BoardTask(id: b, title: "b", state: .doing, created: Self.at(0)),
      ],
      history: [
        HistoryEntry(at: Self.at(1), action: .added, taskID: a, title: "a", to: .todo),
        HistoryEntry(at: Self.at(2), action: .added, taskID: b, title: "b", to: .todo),
        HistoryEntry(at: Self.at(3), action: .added, taskID: c, title: "c", to: .done),
        HistoryEntry(at: Self.at(4), action: .moved, taskID: b, title: "b", from: .todo, to: .doing),
        HistoryEntry(at: Self.at(5), action: .removed, taskID: c, title: "c", from: .done),
        HistoryEntry(at: Self.at(6), action: .edited, taskID: b, title: "b", fields: [.title]),
      ])
    #expect(Self.changes(board, taskPages: taskPages) == [Self.seconds(4), Self.seconds(6), Self.seconds(5)])
  }

  @Test(arguments: [true, false]) func aHistoryWithoutTheMovesFallsBackToTheTasksInTheColumn(taskPages: Bool) {
    let (a, b) = (UUID(), UUID())
    let board = Board(
      info: BoardInfo(title: "b", timeZoneID: "UTC"),
      tasks: [
        BoardTask(id: a, title: "a", state: .done, created: Self.at(0)),
        BoardTask(id: b, title: "b", state: .todo, created: Self.at(0)),
      ],
      history: [
        HistoryEntry(at: Self.at(1), action: .added, taskID: a, title: "a", to: .todo),
        HistoryEntry(at: Self.at(2), action: .added, taskID: b, title: "b", to: .todo),
      ])
    #expect(Self.changes(board, taskPages: taskPages) == [Self.seconds(2), nil, Self.seconds(1)])
  }
}
