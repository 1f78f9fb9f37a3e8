import Foundation
import PMBoardCore

/// Declared fields of every type with values on a board's tasks, for the tests that hold the site's tables to the
/// plain reference: names escaping trips on, a select in an order that is not the names', a milestone, a
/// multi-select, and values a field no longer fits (an option removed, a value of another type).
package enum FieldSamples {
  package static let priority = FieldDefinition(
    id: UUID(uuidString: "f1e1d000-0000-4000-8000-000000000001")!, key: "priority", type: .select,
    names: ["en": "Priority", "ko": "우선순위", "ja": "優先度"],
    options: [
      FieldOption(id: "0000000a", name: "P0 <now> & \"x\"", color: "#d73a4a"), FieldOption(id: "0000000b", name: "P1"),
      FieldOption(id: "0000000c", name: "낮음"),
    ])
  package static let team = FieldDefinition(
    id: UUID(uuidString: "f1e1d000-0000-4000-8000-000000000002")!, key: "team", type: .multiSelect,
    names: ["": "Team & Co"])
  package static let estimate = FieldDefinition(
    id: UUID(uuidString: "f1e1d000-0000-4000-8000-000000000003")!, key: "estimate", type: .number,
    names: ["ja": "見積もり"])
  package static let notes = FieldDefinition(
    id: UUID(uuidString: "f1e1d000-0000-4000-8000-000000000004")!, key: "notes", type: .text)
  package static let target = FieldDefinition(
    id: UUID(uuidString: "f1e1d000-0000-4000-8000-000000000005")!, key: "target", type: .date)
  package static let milestone: FieldDefinition = {
    var milestone = BuiltInField.milestone.definition
    milestone.options = [
      FieldOption(id: "00000001", name: "Release 2.0", due: CalendarDate(year: 2026, month: 12, day: 15)),
      FieldOption(
        id: "00000002", name: "1.9 <hotfix>", start: CalendarDate(year: 2026, month: 10, day: 1),
        due: CalendarDate(year: 2026, month: 11, day: 1), isClosed: true),
    ]
    return milestone
  }()

  /// `board` with the fields declared (the milestone's first, as a store keeps it) and values on its tasks, by the
  /// task's place: every third task has none.
  package static func declare(on board: Board) -> Board {
    var board = board
    board.info.fields = BoardFields(stored: [milestone, priority, team, estimate, notes, target])
    for index in board.tasks.indices where index % 3 != 2 {
      var values = FieldValues()
      values[priority.id] = .option(["0000000a", "0000000b", "0000000c", "0000dead"][index % 4])
      values[milestone.id] = .option(index % 2 == 0 ? "00000001" : "00000002")
      if index % 5 != 1 { values[team.id] = .names(NameSet(["ios", "<web>", "디자인"].prefix(1 + index % 3))) }
      values[estimate.id] = index % 7 == 3 ? .text("not a number") : .number(String(index % 5) + ".5")
      if index % 2 == 1 { values[notes.id] = .text("see <b>\(index)</b> & 'q'") }
      if index % 4 == 0 { values[target.id] = .date(CalendarDate(year: 2027, month: 1, day: 1 + index % 28)!) }
      board.tasks[index].values = values
    }
    // Edits of values, as the history keeps them: the sentences show what changed, markup and all.
    let last = board.history.last?.at ?? Date(timeIntervalSince1970: 1_795_000_000)
    for (offset, task) in board.tasks.prefix(3).enumerated() {
      board.history.append(
        HistoryEntry(
          at: last.addingTimeInterval(Double(60 * (offset + 1))), action: .edited, taskID: task.id, title: task.title,
          fields: offset == 2 ? [.title, .values] : [.values],
          changes: [
            ValueChange(field: priority.id, key: "priority", before: "P1", after: "P0 <now> & \"x\""),
            ValueChange(field: estimate.id, key: "estimate", before: "", after: "3.5"),
          ].prefix(1 + offset % 2).map { $0 }))
    }
    return board
  }
}
