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
  /// The source's times, where it has them (a CSV has none): made, last changed, and when it reached its state
  /// (closed, completed, deleted).
  public var created: Date?
  public var updated: Date?
  public var stateChanged: Date?
  /// The source says the task is gone (Taskwarrior's `deleted`): a re-import removes it from the board.
  public var removed: Bool

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
}
