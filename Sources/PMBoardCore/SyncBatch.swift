import Foundation

/// One push of a replica's changes, rebased one after another on the remote's tasks (docs/sync.md).
///
/// Changes a command made are rebased by ``SyncRule``. An undo or redo is not: it takes the board back (or forth)
/// to a state of one person's choosing, which merged over someone else's change would overwrite it. So:
/// - an undo of a change pushed in the same batch reverts that change as the remote applied it: the task goes
///   back to what the remote held before it (`merged` when that change was merged), so an edit undone offline
///   leaves a concurrent edit made elsewhere as it was;
/// - any other undo (of a change an earlier sync pushed) applies only while the remote's task is as the replica
///   saw it; once someone changed the task there since, it is not applied (`lost`, the task left as it is), like
///   an undo refused in any store;
/// - a redo likewise, of an undo in the same batch or against the task as the replica saw it.
public struct SyncBatch {
  /// One change of this batch: as the replica made it, and as the remote applied it.
  private struct Step {
    var made: BoardChange
    var applied: BoardChange
  }

  /// Per task, this batch's changes still in effect (newest last), which an undo in the batch can revert.
  private var done: [UUID: [Step]] = [:]
  /// Per task, the changes this batch's undos reverted (newest last), which a redo in the batch can apply again.
  private var undone: [UUID: [Step]] = [:]

  public init() {}

  /// `change`, made as `kind` in the replica, as the remote applies it to `current`, its task there now.
  public mutating func rebase(_ change: BoardChange, kind: ChangeKind, onto current: BoardTask?) -> BoardChange {
    let id = change.taskID
    switch kind {
    case .change:
      let applied = SyncRule.rebase(change, onto: current)
      keep(Step(made: change, applied: applied), in: &done)
      undone[id] = nil
      return applied
    case .undo:
      if let step = done[id]?.last, step.made.after == change.before, step.made.before == change.after {
        done[id]?.removeLast()
        undone[id, default: []].append(step)
        return Self.reverting(step.applied, by: change, onto: current)
      }
      let applied = Self.strict(change, onto: current)
      if applied.entry.resolution == nil {
        // Applied as made: a redo later in the batch puts back the change this undid.
        let undid = BoardChange(before: change.after, after: change.before, entry: change.entry)
        keep(Step(made: undid, applied: undid), in: &undone)
      }
      return applied
    case .redo:
      if let step = undone[id]?.last, step.made.before == change.before, step.made.after == change.after {
        undone[id]?.removeLast()
        let applied = Self.repeating(step.applied, by: change, onto: current)
        keep(Step(made: change, applied: applied), in: &done)
        return applied
      }
      let applied = Self.strict(change, onto: current)
      keep(Step(made: change, applied: applied), in: &done)
      return applied
    }
  }

  /// Keeps `step` for a later undo or redo in the batch, unless it was not applied (nothing to revert).
  private func keep(_ step: Step, in steps: inout [UUID: [Step]]) {
    guard step.applied.entry.resolution != .lost else { return }
    steps[step.made.taskID, default: []].append(step)
  }

  /// The undo `undo` of `applied`, a change of this batch: the task back as the remote held it before `applied`.
  private static func reverting(_ applied: BoardChange, by undo: BoardChange, onto current: BoardTask?) -> BoardChange {
    guard current == applied.after else { return strict(undo, onto: current) }
    // Applied as made: the undo as made reverts it exactly. Merged: the undo as made could equal the task now and
    // still take it back to what the replica saw rather than to the other change, so the merge itself is reverted.
    if applied.entry.resolution == nil { return undo }
    var reverted = applied.inverted(at: undo.entry.at, by: undo.entry.author)
    reverted.entry.resolution = .merged
    return reverted
  }

  /// The redo `redo` of `applied`, a change of this batch an undo in it reverted: `applied` again.
  private static func repeating(_ applied: BoardChange, by redo: BoardChange, onto current: BoardTask?) -> BoardChange {
    guard current == applied.before else { return strict(redo, onto: current) }
    if applied.entry.resolution == nil { return redo }
    var again = applied.repeated(at: redo.entry.at, by: redo.entry.author)
    again.entry.resolution = .merged
    return again
  }

  /// `change` as made while the task is as it found it; otherwise not applied (`lost`) and the task left as it
  /// is now (removed meanwhile: as ``SyncRule`` records it).
  private static func strict(_ change: BoardChange, onto current: BoardTask?) -> BoardChange {
    if current == change.before { return change }
    guard let current else { return SyncRule.rebase(change, onto: nil) }
    var entry = change.entry
    entry.resolution = .lost
    return BoardChange(before: current, after: current, entry: entry)
  }
}
