import Foundation
import PMBoardCore

/// What importing a source again changes on the board: the tasks that source added before are compared with what it
/// says now, and every difference becomes the change a person would have made (added, edited with its fields,
/// moved, removed), recorded at the source's time where it has one. Tasks made in pmboard, or imported from another
/// source, are never looked at.
///
/// History is appended in time order, which the site relies on (an Atom entry's id counts the earlier entries of its
/// second, which it finds right before it; a feed is as new as its last entry): a source's time before the board's
/// latest entry is recorded as that entry's time.
public struct ImportSync: Sendable {
  public var source: String
  /// Who the history says made the changes: `import:SOURCE`.
  public var author: String
  /// The moment of the import: the time of a change the source gives no time for, and the latest time any change
  /// is recorded at (a source's clock ahead of this one does not put history in the future).
  public var now: Date
  /// The time of the board's latest history entry: no change is recorded before it.
  public var floor: Date?
  /// The board's fields as the import leaves them: what an `edited` line's changes name.
  public var fields: BoardFields

  public init(source: String, author: String, now: Date, floor: Date? = nil, fields: BoardFields = .none) {
    self.source = source
    self.author = author
    self.now = now
    self.floor = floor
    self.fields = fields
  }

  /// The changes to apply: the `definitions` the import makes first (a task's value needs its field), then the
  /// tasks' changes in the order of their times (a task's own changes stay in their order). The definitions are
  /// recorded at the time of the first task change, or now, so history stays in time order.
  public func changes(
    board tasks: [BoardTask], items: [ImportedItem], definitions: [DefinitionChange] = []
  ) -> [BoardChange] {
    let taskChanges = self.taskChanges(board: tasks, items: items)
    let at = taskChanges.first?.entry.at ?? time(nil)
    return definitions.map { .define(from: $0.before, to: $0.after, at: at, by: author) } + taskChanges
  }

  private func taskChanges(board tasks: [BoardTask], items: [ImportedItem]) -> [BoardChange] {
    var existing: [String: BoardTask] = [:]
    for task in tasks where task.source?.name == source {
      if let id = task.source?.id { existing[id] = task }
    }
    var changes: [BoardChange] = []
    var seen = Set<String>()
    seen.reserveCapacity(items.count)
    for item in items {
      seen.insert(item.sourceID)
      if let old = existing[item.sourceID] {
        if item.removed {
          changes.append(.remove(old, at: time(item.stateChanged ?? item.updated), by: author))
        } else {
          changes += updates(old, to: item)
        }
      } else if !item.removed {
        changes += additions(of: item)
      }
    }
    // A task the source no longer lists was deleted there (or moved to another repository).
    for task in tasks where task.source?.name == source && !seen.contains(task.source?.id ?? "") {
      changes.append(.remove(task, at: now, by: author))
    }
    // Stable: a task's edit and move, already in their order, stay so.
    return changes.enumerated().sorted { ($0.element.entry.at, $0.offset) < ($1.element.entry.at, $1.offset) }
      .map(\.element)
  }

  /// A task new to the board. One the source has already closed is recorded as a person's would have been: added
  /// to TODO when it was made, moved to DONE when it was closed. One line at its creation time would show that day
  /// as its "Done" day, sort the DONE column and "this week" by it, and leave it out of throughput and cycle time.
  private func additions(of item: ImportedItem) -> [BoardChange] {
    let at = time(item.created)
    var task = BoardTask(
      title: item.title, created: at, updated: time(item.updated ?? item.created),
      source: TaskSource(name: source, id: item.sourceID))
    for field in TaskField.allCases { item.set(field, of: &task) }
    guard item.state == .done else { return [.add(task, at: at, by: author)] }
    let doneAt = max(time(item.stateChanged ?? item.updated ?? item.created), at)
    var open = task
    (open.state, open.updated) = (.todo, at)
    task.updated = max(task.updated, doneAt)
    return [.add(open, at: at, by: author), update(open, to: task, at: doneAt)]
  }

  /// An edit of the fields that differ and a move if the state differs, each at its own time, in time order.
  private func updates(_ old: BoardTask, to item: ImportedItem) -> [BoardChange] {
    let editAt = time(item.updated)
    let moveAt = time(item.stateChanged ?? item.updated)
    var edited = old
    for field in TaskField.allCases where field.changeRecord == .edited { item.set(field, of: &edited) }
    let editsFields = edited != old
    let moves = item.state != old.state
    switch (editsFields, moves) {
    case (false, false): return []
    case (true, false):
      edited.updated = editAt
      return [update(old, to: edited, at: editAt)]
    case (false, true):
      var moved = old
      (moved.state, moved.updated) = (item.state, moveAt)
      return [update(old, to: moved, at: moveAt)]
    case (true, true):
      // Two history lines, as a person would have made them; the earlier one first (the edit on a tie).
      if moveAt < editAt {
        var moved = old
        (moved.state, moved.updated) = (item.state, moveAt)
        var both = edited
        (both.state, both.updated) = (item.state, editAt)
        return [
          update(old, to: moved, at: moveAt), update(moved, to: both, at: editAt),
        ]
      }
      edited.updated = editAt
      var both = edited
      (both.state, both.updated) = (item.state, moveAt)
      return [
        update(old, to: edited, at: editAt), update(edited, to: both, at: moveAt),
      ]
    }
  }

  private func update(_ old: BoardTask, to new: BoardTask, at: Date) -> BoardChange {
    .update(from: old, to: new, at: at, by: author, fields: fields)
  }

  /// The source's time, or now when it has none or is ahead of this clock; never before ``floor``.
  private func time(_ date: Date?) -> Date {
    guard let date else { return now }
    let time = min(Instant.wholeSeconds(date), now)
    guard let floor else { return time }
    return min(max(time, floor), now)
  }
}
