import Foundation
import PMBoardCore
import Testing

@testable import PMBoardSite

/// The store's text is checked while the card and history tables are made, in slices and halves on every core;
/// the problem named is still the first in the store's order, as a plain walk over the rows finds it.
@Suite("control characters found while the tables are made")
struct StoredTextCheckTests {
  @Test(arguments: [100, 20_000])
  func theFirstTaskInTheStoresOrderIsNamed(count: Int) throws {
    var builder = BoardSnapshot.Tasks.Builder(capacity: count)
    for index in 0..<count {
      // Task 7 sorts last (done, no due date); a task near the end sorts first (todo, due first). Both are bad.
      let bad = index == 7 || index == count - 3
      builder.add(
        id: String(format: "%08x-0000-4000-8000-000000000000", index), title: bad ? "T\u{7}" : "Task \(index)",
        body: index == count - 3 ? "x\u{1B}" : "",
        due: index == count - 3 ? CalendarDate(year: 2026, month: 1, day: 1) : nil,
        state: index == 7 ? .done : .todo, labels: "", assignees: "", url: "")
    }
    let tasks = builder.finish()
    let (tables, problem) = CardTables.checked(
      tasks: tasks, fields: .none, today: try #require(CalendarDate(year: 2026, month: 6, day: 1)), cutsExcerpts: false)
    #expect(tables.records.count == count)
    #expect(problem?.description == StoredTextCheck.problem(in: tasks)?.description)
    #expect(problem?.description.contains("task 00000007 has the control character U+0007 in its title") == true)
  }

  @Test func aTaskWithoutControlCharactersHasNoProblem() throws {
    var builder = BoardSnapshot.Tasks.Builder(capacity: 2)
    builder.add(
      id: "00000001-0000-4000-8000-000000000000", title: "Tab\tok", body: "Line\nfeed\tok", due: nil, state: .doing,
      labels: "bug\nui", assignees: "kyo", url: "https://example.com/1")
    #expect(
      CardTables.checked(
        tasks: builder.finish(), fields: .none, today: try #require(CalendarDate(year: 2026, month: 6, day: 1)),
        cutsExcerpts: true
      )
      .problem == nil)
  }

  @Test func theOlderHistoryEntryIsNamedAcrossTheHalves() {
    var builder = BoardSnapshot.History.Builder(capacity: 5000)
    for index in 0..<5000 {
      builder.add(
        at: Int64(1_700_000_000 + index), action: .added, taskID: "00000001-0000-4000-8000-000000000000",
        title: index == 300 || index == 4000 ? "Old\u{1B}[2J" : "Entry \(index)", from: nil, to: .todo, fields: [],
        author: "", resolution: nil)
    }
    let history = builder.finish()
    let (tables, problem) = HistoryTables.checked(history: history, zone: TimeZone(identifier: "Asia/Seoul")!)
    #expect(tables.entries.count == 5000)
    #expect(problem != nil)
    #expect(problem?.description == StoredTextCheck.problem(in: history)?.description)
  }
}
