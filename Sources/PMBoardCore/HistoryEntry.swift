import Foundation
import PMBoardBytes

/// What happened to a task in one change.
public enum HistoryAction: String, Sendable, Hashable, CaseIterable, Codable {
  case added
  case edited
  case moved
  case removed
  /// A field's definition was added, changed or removed (docs/fields.md): the entry's `taskID` is the field's id,
  /// its `title` the field's key, its ``HistoryEntry/changes`` what changed.
  case defined
}

/// How a sync settled a change that met a concurrent change to the same task on the remote (docs/sync.md).
public enum SyncResolution: String, Sendable, Hashable, CaseIterable, Codable {
  /// Applied over the other change: fields this change set won, the others kept the remote's values.
  case merged
  /// Not applied: the task had been removed elsewhere.
  case lost
}

/// One line of the board's history: who-did-what to which task, kept oldest first.
public struct HistoryEntry: Sendable, Hashable {
  public var at: Date
  public var action: HistoryAction
  public var taskID: UUID
  /// The task's title at that moment, so the history reads right after later renames or removal.
  public var title: String
  /// Set for `moved` and `removed`.
  public var from: TaskState?
  /// Set for `added` and `moved`.
  public var to: TaskState?
  /// For `edited`: which fields changed.
  public var fields: [TaskField]
  /// Who made the change (`PMBOARD_USER`, else user@host); empty when not known (older entries).
  public var author: String
  /// Set when a sync applied the change otherwise than it was made.
  public var resolution: SyncResolution?
  /// For `edited`: each declared field's value before and after; for `defined`: what of the definition changed.
  public var changes: [ValueChange]

  public init(
    at: Date, action: HistoryAction, taskID: UUID, title: String, from: TaskState? = nil, to: TaskState? = nil,
    fields: [TaskField] = [], author: String = "", resolution: SyncResolution? = nil, changes: [ValueChange] = []
  ) {
    self.at = at
    self.action = action
    self.taskID = taskID
    self.title = title
    self.from = from
    self.to = to
    self.fields = fields
    self.author = author
    self.resolution = resolution
    self.changes = changes
  }

  /// `history`, recorded in that order, as a board shows it: oldest first by time, entries of the same second in
  /// the order they were recorded. Stores append in time order (a change synced or imported after a later line is
  /// recorded at that line's time, docs/sync.md), so this is nearly always the order they hold; a store edited by
  /// hand may not be. Stores that sort in SQL (`ORDER BY at, seq`) give the same order.
  public static func inTimeOrder(_ history: [HistoryEntry]) -> [HistoryEntry] {
    // Almost every history is in time order already: one pass tells, and only the rest is sorted (stably).
    guard zip(history, history.dropFirst()).contains(where: { $0.at > $1.at }) else { return history }
    return history.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
  }
}
