import Foundation
import PMBoardBytes

/// One change to one task, with the task as it was before and after, so it can be undone and redone exactly.
public struct BoardChange: Sendable, Hashable {
  /// The task before the change; nil when the change added it.
  public var before: BoardTask?
  /// The task after the change; nil when the change removed it.
  public var after: BoardTask?
  /// The history line the change records.
  public var entry: HistoryEntry

  public init(before: BoardTask?, after: BoardTask?, entry: HistoryEntry) {
    self.before = before
    self.after = after
    self.entry = entry
  }

  public var taskID: UUID { (after ?? before)?.id ?? entry.taskID }

  /// A new task.
  public static func add(_ task: BoardTask, at: Date, by author: String = "") -> BoardChange {
    BoardChange(
      before: nil, after: task,
      entry: HistoryEntry(at: at, action: .added, taskID: task.id, title: task.title, to: task.state, author: author))
  }

  /// `old` replaced by `new`; records `moved` when a field whose ``TaskField/changeRecord`` is `moved` (the state)
  /// changed, otherwise `edited` with the changed fields, in ``TaskField`` order.
  public static func update(from old: BoardTask, to new: BoardTask, at: Date, by author: String = "") -> BoardChange {
    let changed = TaskField.allCases.filter { !old.hasSame($0, as: new) }
    if changed.contains(where: { $0.changeRecord == .moved }) {
      return BoardChange(
        before: old, after: new,
        entry: HistoryEntry(
          at: at, action: .moved, taskID: new.id, title: new.title, from: old.state, to: new.state, author: author))
    }
    let fields = changed.filter(\.isRecordedByEdit)
    return BoardChange(
      before: old, after: new,
      entry: HistoryEntry(
        at: at, action: .edited, taskID: new.id, title: new.title, fields: fields, author: author))
  }

  public static func remove(_ task: BoardTask, at: Date, by author: String = "") -> BoardChange {
    BoardChange(
      before: task, after: nil,
      entry: HistoryEntry(
        at: at, action: .removed, taskID: task.id, title: task.title, from: task.state, author: author))
  }

  /// The change that takes the board back: before and after swapped, with the history line that says so.
  public func inverted(at: Date, by author: String) -> BoardChange {
    switch (after, before) {
    case (nil, let restored?): .add(restored, at: at, by: author)
    case (let current?, nil): .remove(current, at: at, by: author)
    case (let current?, let restored?): .update(from: current, to: restored, at: at, by: author)
    case (nil, nil): self
    }
  }

  /// The same change again, recorded at a new moment (for redo).
  public func repeated(at: Date, by author: String) -> BoardChange {
    var copy = self
    copy.entry.at = at
    copy.entry.author = author
    copy.entry.resolution = nil
    return copy
  }
}
