import Foundation
import PMBoardBytes

/// What happened to a task in one change.
package enum HistoryAction: String, Sendable, Hashable, CaseIterable, Codable {
  case added
  case edited
  case moved
  case removed
}

/// A field of a task that an edit can change.
package enum TaskField: String, Sendable, Hashable, CaseIterable, Codable {
  case title
  case body
  case due
}

/// One line of the board's history: who-did-what to which task, kept oldest first.
package struct HistoryEntry: Sendable, Hashable {
  package var at: Date
  package var action: HistoryAction
  package var taskID: UUID
  /// The task's title at that moment, so the history reads right after later renames or removal.
  package var title: String
  /// Set for `moved` and `removed`.
  package var from: TaskState?
  /// Set for `added` and `moved`.
  package var to: TaskState?
  /// For `edited`: which fields changed.
  package var fields: [TaskField]

  package init(
    at: Date, action: HistoryAction, taskID: UUID, title: String, from: TaskState? = nil, to: TaskState? = nil,
    fields: [TaskField] = []
  ) {
    self.at = at
    self.action = action
    self.taskID = taskID
    self.title = title
    self.from = from
    self.to = to
    self.fields = fields
  }
}
