import PMBoardCore
import PMBoardSite

extension NameField {
  /// The names a task has of this field, read the plain way from the task: a built-in field's own set, a select's
  /// or milestone's option by its id, a multi-select's names; none for an option the field no longer has.
  package func names(of task: BoardTask) -> [String] {
    switch taskField {
    case .labels?: return task.labels.names
    case .assignees?: return task.assignees.names
    default:
      switch task.values[definition.id] {
      case .option(let id)? where definition.type.hasOptions: return definition.option(id: id).map { [$0.name] } ?? []
      case .names(let set)? where definition.type.holdsNames: return set.names
      default: return []
      }
    }
  }

  /// The key ``SharedBoardData/nameCounts`` counts a name of this field under.
  package func countKey(_ name: String) -> String { folder + name }
}
