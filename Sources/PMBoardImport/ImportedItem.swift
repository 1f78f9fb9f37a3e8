import Foundation
import PMBoardCore

/// One task as a source describes it, already checked by pmboard's rules: what a re-import compares the board with.
public struct ImportedItem: Sendable, Hashable {
  /// The task's id in its source: an issue number, a Taskwarrior UUID, a CSV id (or title).
  public var sourceID: String
  /// Where the item is in the input, for messages: `[17]`, `row 12`.
  public var path: String
  public var title: String
  public var body: String
  public var due: CalendarDate?
  public var state: TaskState
  /// Labels (GitHub labels, Taskwarrior tags), assignees, the task's page.
  public var labels: NameSet = []
  public var assignees: NameSet = []
  public var url = ""
  /// The source's times, where it has them (a CSV only in its `created` and `done` columns): made, last changed, and
  /// when it reached its state (closed, completed, deleted).
  public var created: Date?
  public var updated: Date?
  public var stateChanged: Date?
  /// The source says the task is gone (Taskwarrior's `deleted`): a re-import removes it from the board.
  public var removed: Bool
  /// The values of the source's fields, by their index in ``ImportedSource/fields`` (shorter when the last ones
  /// have none), as the reader found them.
  public var sourceValues: [SourceValue?] = []
  /// The values as the board's fields hold them, and the fields whose values the source decides (a field it
  /// has no value of is cleared; the board's other fields keep theirs): set by ``FieldImport``.
  public var values = FieldValues()
  public var valueFields: Set<UUID> = []

  public init(
    sourceID: String, path: String, title: String, body: String = "", due: CalendarDate? = nil,
    state: TaskState = .todo, created: Date? = nil, updated: Date? = nil, stateChanged: Date? = nil,
    removed: Bool = false
  ) {
    self.sourceID = sourceID
    self.path = path
    self.title = title
    self.body = body
    self.due = due
    self.state = state
    self.created = created
    self.updated = updated
    self.stateChanged = stateChanged
    self.removed = removed
  }

  /// Sets `field` of `task` to what the source says. Exhaustive: a new field must say what an import does with it,
  /// or a re-import would drop it without a word.
  public func set(_ field: TaskField, of task: inout BoardTask) {
    switch field {
    case .title: task.title = title
    case .body: task.body = body
    case .due: task.due = due
    case .state: task.state = state
    case .labels: task.labels = labels
    case .assignees: task.assignees = assignees
    case .url: task.url = url
    case .values:
      for field in valueFields { task.values[field] = values[field] }
    }
  }
}
