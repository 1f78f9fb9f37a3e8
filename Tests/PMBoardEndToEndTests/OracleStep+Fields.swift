import Foundation
import PMBoardCore

/// The oracle's declared fields: definitions added, renamed, reordered and removed between builds, and values set
/// on tasks, so that every page a field's declaration or values reach is checked against a fresh build.
extension OracleStep {
  static let priorityID = UUID(uuidString: "0ac1e000-0000-4000-8000-000000000001")!
  static let teamID = UUID(uuidString: "0ac1e000-0000-4000-8000-000000000002")!
  static let estimateID = UUID(uuidString: "0ac1e000-0000-4000-8000-000000000003")!

  static let priorityOptions = [
    FieldOption(id: "00000001", name: "P0"), FieldOption(id: "00000002", name: "P1", color: "#d73a4a"),
    FieldOption(id: "00000003", name: "P2"),
  ]

  /// What `variant` does to the board's declarations `fields`: the definition before and after (nil: none).
  static func definitionChange(
    _ variant: Int, of fields: BoardFields
  ) -> (old: FieldDefinition?, new: FieldDefinition?) {
    let priority = fields.field(id: priorityID)
    let fresh = FieldDefinition(id: priorityID, key: "priority", type: .select, options: priorityOptions)
    switch variant % definitionChanges.count {
    case 0:
      guard var changed = priority else { return (nil, fresh) }
      // Reordered: the first option goes last.
      changed.options = Array(changed.options.dropFirst()) + changed.options.prefix(1)
      return (priority, changed)
    case 1:
      guard var changed = priority else { return (nil, fresh) }
      changed.key = changed.key == "priority" ? "urgency" : "priority"
      return (priority, changed)
    case 2: return priority == nil ? (nil, fresh) : (priority, nil)
    case 3:
      guard var changed = priority else { return (nil, fresh) }
      if changed.options.contains(where: { $0.id == "00000004" }) {
        changed.options.removeAll { $0.id == "00000004" }
      } else {
        changed.options.append(FieldOption(id: "00000004", name: "P3 & <later>"))
      }
      return (priority, changed)
    case 4:
      let old = fields.field(id: BuiltInField.milestone.id)
      var changed = old ?? BuiltInField.milestone.definition
      if changed.options.isEmpty {
        changed.options = [FieldOption(id: "00000001", name: "M1", due: baseDay.adding(days: 7))]
      } else if changed.options.count == 1 {
        changed.options.append(
          FieldOption(id: "00000002", name: "마일스톤 2", start: baseDay, due: baseDay.adding(days: 30)))
      } else {
        changed.options[0].isClosed.toggle()
      }
      return (old, changed)
    case 5:
      let team = fields.field(id: teamID)
      return team == nil ? (nil, FieldDefinition(id: teamID, key: "team", type: .multiSelect)) : (team, nil)
    case 6:
      guard var changed = fields.field(id: estimateID) else {
        return (nil, FieldDefinition(id: estimateID, key: "estimate", type: .number))
      }
      changed.names = changed.names.isEmpty ? ["ko": "추정", "": "Estimate"] : [:]
      return (fields.field(id: estimateID), changed)
    default:
      guard var changed = priority, let index = changed.options.firstIndex(where: { $0.id == "00000002" }) else {
        return (nil, fresh)
      }
      changed.options[index].name = changed.options[index].name == "P1" ? "P1 <hi>" : "P1"
      return (priority, changed)
    }
  }

  /// What each variant of ``definitionChange(_:of:)`` does, in its order.
  static let definitionChanges = [
    "add priority or reorder its options", "rename priority ↔ urgency", "remove or add priority",
    "add or remove option P3", "milestones: add M1, add 마일스톤 2, toggle M1 closed", "add or remove team",
    "add estimate or toggle its names", "rename option P1",
  ]

  static func describeDefinition(_ variant: Int) -> String { definitionChanges[variant % definitionChanges.count] }

  /// Sets one declared field's value on `task`: an option of priority (one the field may no longer have), a
  /// milestone, a team name toggled, an estimate, or every value cleared.
  static func setValue(variant: Int, of task: inout BoardTask) {
    switch variant % 6 {
    case 0: task.values = FieldValues()
    case 1: task.values[priorityID] = .option(priorityOptions[variant % 3].id)
    case 2: task.values[BuiltInField.milestone.id] = .option(variant % 4 < 2 ? "00000001" : "00000002")
    case 3:
      var names: NameSet
      if case .names(let set)? = task.values[teamID] { names = set } else { names = [] }
      let name = ["core", "웹 & <ui>", "ops"][variant % 3]
      if names.contains(name) { names.remove(name) } else { names.insert(name) }
      task.values[teamID] = names.isEmpty ? nil : .names(names)
    case 4: task.values[estimateID] = .number(String(variant % 13))
    default: task.values[priorityID] = .option("00000004")
    }
  }
}
