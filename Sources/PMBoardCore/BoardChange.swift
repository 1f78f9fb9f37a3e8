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
  /// For a change of a field's definition (then `before` and `after` are nil, and the entry is `defined`).
  public var definition: DefinitionChange?

  public init(before: BoardTask?, after: BoardTask?, entry: HistoryEntry, definition: DefinitionChange? = nil) {
    self.before = before
    self.after = after
    self.entry = entry
    self.definition = definition
  }

  public var taskID: UUID { (after ?? before)?.id ?? entry.taskID }

  /// A new task.
  public static func add(_ task: BoardTask, at: Date, by author: String = "") -> BoardChange {
    BoardChange(
      before: nil, after: task,
      entry: HistoryEntry(at: at, action: .added, taskID: task.id, title: task.title, to: task.state, author: author))
  }

  /// A field's definition added (`old` nil), changed, or removed (`new` nil), with the `defined` line that says
  /// what changed.
  public static func define(
    from old: FieldDefinition?, to new: FieldDefinition?, at: Date, by author: String = ""
  ) -> BoardChange {
    let definition = DefinitionChange(before: old, after: new)
    let field = new ?? old
    return BoardChange(
      before: nil, after: nil,
      entry: HistoryEntry(
        at: at, action: .defined, taskID: field?.id ?? UUID(), title: field?.key ?? "", author: author,
        changes: definition.described),
      definition: definition)
  }

  /// `old` replaced by `new`; records `moved` when a field whose ``TaskField/changeRecord`` is `moved` (the state)
  /// changed, otherwise `edited` with the changed fields, in ``TaskField`` order.
  /// `fields` names the declared fields in the line's ``HistoryEntry/changes`` (their values before and after).
  public static func update(
    from old: BoardTask, to new: BoardTask, at: Date, by author: String = "", fields declared: BoardFields = .none
  ) -> BoardChange {
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
        at: at, action: .edited, taskID: new.id, title: new.title, fields: fields, author: author,
        changes: fields.contains(.values) ? ValueChange.between(old, new, fields: declared) : []))
  }

  public static func remove(_ task: BoardTask, at: Date, by author: String = "") -> BoardChange {
    BoardChange(
      before: task, after: nil,
      entry: HistoryEntry(
        at: at, action: .removed, taskID: task.id, title: task.title, from: task.state, author: author))
  }

  /// The change that takes the board back: before and after swapped, with the history line that says so.
  public func inverted(at: Date, by author: String) -> BoardChange {
    if let definition { return .define(from: definition.after, to: definition.before, at: at, by: author) }
    switch (after, before) {
    case (nil, let restored?): return .add(restored, at: at, by: author)
    case (let current?, nil): return .remove(current, at: at, by: author)
    case (let current?, let restored?):
      // The values' texts as the line being undone spelled them, swapped: the definitions may have changed since.
      var inverse = BoardChange.update(from: current, to: restored, at: at, by: author)
      inverse.entry.changes = entry.changes.map {
        ValueChange(field: $0.field, key: $0.key, before: $0.after, after: $0.before)
      }
      return inverse
    case (nil, nil): return self
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
