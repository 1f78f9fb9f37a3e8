import Foundation
import PMBoardCore

/// The primitive reads and writes a backend offers inside one of its transactions.
///
/// `ChangeLog` builds commit, undo and redo on these once, so every backend gets the same behaviour.
public protocol StoreTransaction {
  func task(_ id: UUID) throws -> BoardTask?
  func insert(_ task: BoardTask) throws
  func update(_ task: BoardTask) throws
  func delete(_ id: UUID) throws
  /// Appends `change`'s history line, with whatever else the store keeps of a change: a replica keeps it to push
  /// on the next sync, and a remote keeps the task as it became, for replicas to pull.
  func record(_ change: BoardChange) throws
  /// The time of the board's newest history line; nil when it has none.
  func latestHistoryTime() throws -> Date?
  /// The board's field definitions (``BoardInfo/fields``).
  func fields() throws -> BoardFields
  /// Writes the board's field definitions.
  func setFields(_ fields: BoardFields) throws
  /// Pushes `change` on `list` of its entry's author: each person undoes and redoes their own changes.
  func push(_ change: BoardChange, on list: UndoList) throws
  func pop(_ list: UndoList, author: String) throws -> BoardChange?
  func clear(_ list: UndoList, author: String) throws
}

/// A store whose commit, undo and redo are ``ChangeLog``'s, each run in one of the store's write transactions: the
/// three are written once here for every backend.
public protocol ChangeLogStore: BoardStore {
  associatedtype Transaction: StoreTransaction
  /// Runs `body` in one write transaction: everything it did is stored, or nothing.
  func inWriteTransaction<T: Sendable>(_ body: @escaping @Sendable (Transaction) throws -> T) async throws -> T
}

extension ChangeLogStore {
  public func commit(_ change: BoardChange) async throws {
    try await inWriteTransaction { try ChangeLog.commit(change, in: $0) }
  }

  public func undo(at date: Date, by author: String) async throws -> BoardChange {
    try await inWriteTransaction { try ChangeLog.undo(at: date, by: author, in: $0) }
  }

  public func applyImported(_ changes: [BoardChange]) async throws {
    guard !changes.isEmpty else { return }
    try await inWriteTransaction { transaction in
      for change in changes {
        try ChangeLog.apply(
          change, in: transaction, conflict: StoreError.conflict(taskID: change.taskID.lowercaseString))
      }
    }
  }

  public func redo(at date: Date, by author: String) async throws -> BoardChange {
    try await inWriteTransaction { try ChangeLog.redo(at: date, by: author, in: $0) }
  }
}

/// The two lists undo and redo work on.
public enum UndoList: String, Sendable {
  case undo
  case redo
}

/// Commit, undo and redo, written once over `StoreTransaction`.
public enum ChangeLog {
  /// How many changes `undo` can go back; older ones are dropped so a store does not grow without bound.
  public static let depth = 100

  /// Applies `change` (see ``apply(_:in:conflict:)``), makes it the newest undo step and clears redo. Its history
  /// line is the newest (``atTheEnd(_:in:)``).
  public static func commit(_ change: BoardChange, in transaction: some StoreTransaction) throws {
    let change = try atTheEnd(change, in: transaction)
    try apply(change, in: transaction, conflict: StoreError.conflict(taskID: change.taskID.lowercaseString))
    try transaction.push(change, on: .undo)
    try transaction.clear(.redo, author: change.entry.author)
  }

  /// Reverts `author`'s newest change that is still on their undo list; refused if that task changed since.
  public static func undo(
    at date: Date, by author: String, in transaction: some StoreTransaction
  ) throws -> BoardChange {
    guard let change = try transaction.pop(.undo, author: author) else { throw StoreError.nothingToUndo }
    let inverse = try atTheEnd(change.inverted(at: date, by: author), in: transaction)
    try apply(
      inverse, in: transaction,
      conflict: StoreError.undoConflict(taskID: change.taskID.lowercaseString, action: "undo"))
    try transaction.push(change, on: .redo)
    return change
  }

  public static func redo(
    at date: Date, by author: String, in transaction: some StoreTransaction
  ) throws -> BoardChange {
    guard let change = try transaction.pop(.redo, author: author) else { throw StoreError.nothingToRedo }
    let again = try atTheEnd(change.repeated(at: date, by: author), in: transaction)
    try apply(
      again, in: transaction,
      conflict: StoreError.undoConflict(taskID: change.taskID.lowercaseString, action: "redo"))
    try transaction.push(again, on: .undo)
    return again
  }

  /// `change` with its history line no older than the board's newest: a change made here is the board's newest,
  /// whatever this machine's clock says. History is read in time order, so a line stamped behind the newest (a
  /// clock a day slow) would land among the archived pages, rewrite them, and miss the newest page and the feed.
  /// Syncs put a replica's changes at the remote's end the same way; imports keep their sources' own times.
  static func atTheEnd(_ change: BoardChange, in transaction: some StoreTransaction) throws -> BoardChange {
    guard let latest = try transaction.latestHistoryTime(), change.entry.at < latest else { return change }
    var change = change
    change.entry.at = latest
    return change
  }

  /// Checks the task is as `change.before` says, then writes `change.after` and the history line. The task
  /// written must obey ``TaskRules``, whether it comes from a command or from an undo record (which a hand edit
  /// of a JSON store can change): every backend keeps only tasks that export and import again.
  static func apply(
    _ change: BoardChange, in transaction: some StoreTransaction, conflict: StoreError
  ) throws {
    if let definition = change.definition {
      try applyDefinition(definition, of: change, in: transaction, conflict: conflict)
      return
    }
    if let after = change.after, let (field, problem) = TaskRules.problems(in: after).first {
      throw StoreError.invalidTask(taskID: after.idString, reason: "\(field): \(problem)")
    }
    if change.after.map({ $0.id != change.taskID }) ?? false || change.entry.taskID != change.taskID {
      throw StoreError.invalidTask(taskID: change.taskID.lowercaseString, reason: "the record names two tasks")
    }
    let current = try transaction.task(change.taskID)
    guard current == change.before else { throw conflict }
    switch (change.before, change.after) {
    case (nil, let added?): try transaction.insert(added)
    case (_?, let updated?): try transaction.update(updated)
    case (let removed?, nil): try transaction.delete(removed.id)
    case (nil, nil): break
    }
    try transaction.record(change)
  }

  /// A definition change: applied when the field is still as the change found it.
  private static func applyDefinition(
    _ definition: DefinitionChange, of change: BoardChange, in transaction: some StoreTransaction,
    conflict: StoreError
  ) throws {
    var fields = try transaction.fields()
    let id = change.entry.taskID
    let current = fields.stored.first { $0.id == id } ?? (id == BuiltInField.milestone.id ? fields.field(id: id) : nil)
    guard current == definition.before || (definition.before == nil && current == nil) else { throw conflict }
    if let after = definition.after { fields.put(after) } else { fields.remove(id: id) }
    try transaction.setFields(fields)
    try transaction.record(change)
  }
}
