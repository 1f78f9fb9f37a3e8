import Foundation

/// How a change made in a replica is applied on the remote when the task has changed there since the replica last
/// pulled: the one rule every replica and the remote agree on (docs/sync.md).
///
/// The remote applies pushed changes one after another, in the order they reach it; for each, per field
/// (``TaskField``, merged as its ``TaskField/syncMerge`` says), the change that reaches the remote last wins:
/// - an edit or move sets only the fields it changed, over the task as it is now; other fields keep their
///   current values (`merged` when the task was not as the change found it); a set of names (labels, assignees)
///   takes only the names the change added and drops only the ones it removed, so two people who add different
///   labels offline keep both; declared fields merge one by one, a multi-select's names as labels do;
/// - an edit, move or removal of a task that no longer exists is not applied (`lost`);
/// - a removal removes the task as it is now (`merged` when it had changed meanwhile);
/// - an add whose task exists (an undo of a removal that was also undone elsewhere) sets its fields like an edit.
/// Every such change still records its history line, marked with its resolution.
public enum SyncRule {
  /// `change` rebased on `current`, the task as the remote holds it now.
  public static func rebase(_ change: BoardChange, onto current: BoardTask?) -> BoardChange {
    if current == change.before { return change }
    var entry = change.entry
    guard let current else {
      // Removed meanwhile (or, for an add, never there): nothing to apply, the line says so.
      entry.resolution = .lost
      if let before = change.before { entry.title = before.title }
      return BoardChange(before: nil, after: nil, entry: entry)
    }
    entry.resolution = .merged
    guard let after = change.after else {
      entry.title = current.title
      entry.from = current.state
      return BoardChange(before: current, after: nil, entry: entry)
    }
    let result = merged(after, changedFrom: change.before, onto: current)
    entry.title = result.title
    if entry.action == .moved || entry.action == .removed { entry.from = current.state }
    if entry.action == .moved || entry.action == .added { entry.to = result.state }
    return BoardChange(before: current, after: result, entry: entry)
  }

  /// `current` with the fields `after` changed from `before` (all of them when there was no `before`).
  private static func merged(_ after: BoardTask, changedFrom before: BoardTask?, onto current: BoardTask) -> BoardTask {
    var result = current
    for field in TaskField.allCases {
      switch field.syncMerge {
      case .lastChangeWins:
        if before.map({ !$0.hasSame(field, as: after) }) ?? true { result.take(field, from: after) }
      case .elementByElement:
        guard let wanted = after.names(field), let now = current.names(field) else { continue }
        let found = before?.names(field) ?? []
        result.setNames(now.union(wanted.subtracting(found)).subtracting(found.subtracting(wanted)), of: field)
      case .fieldByField:
        result.values = after.values.merged(changedFrom: before?.values, onto: current.values)
      }
    }
    result.updated = max(current.updated, after.updated)
    return result
  }
}
