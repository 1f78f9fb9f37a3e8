import Foundation
import PMBoardCore

/// `StoreTransaction` over a board held in memory: the JSON store reads the file into one, lets `ChangeLog` work on
/// it, and writes the result back whole.
public final class JSONStoreTransaction: StoreTransaction {
  public private(set) var board: Board
  public private(set) var undo: [BoardChange]
  public private(set) var redo: [BoardChange]

  public init(board: Board, undo: [BoardChange], redo: [BoardChange]) {
    self.board = board
    self.undo = undo
    self.redo = redo
  }

  // A linear search per call is fine: a change touches one task, and reading the file costs far more.
  public func task(_ id: UUID) throws -> BoardTask? {
    board.tasks.first { $0.id == id }
  }

  public func insert(_ task: BoardTask) throws {
    board.tasks.append(task)
  }

  public func update(_ task: BoardTask) throws {
    guard let index = board.tasks.firstIndex(where: { $0.id == task.id }) else { return }
    board.tasks[index] = task
  }

  public func delete(_ id: UUID) throws {
    board.tasks.removeAll { $0.id == id }
  }

  public func record(_ change: BoardChange) throws {
    board.history.append(change.entry)
  }

  public func latestHistoryTime() throws -> Date? {
    board.history.lazy.map(\.at).max()
  }

  public func fields() throws -> BoardFields { board.info.fields }

  public func setFields(_ fields: BoardFields) throws { board.info.fields = fields }

  public func push(_ change: BoardChange, on list: UndoList) throws {
    switch list {
    case .undo: Self.push(change, on: &undo)
    case .redo: Self.push(change, on: &redo)
    }
  }

  public func pop(_ list: UndoList, author: String) throws -> BoardChange? {
    switch list {
    case .undo: Self.pop(author, from: &undo)
    case .redo: Self.pop(author, from: &redo)
    }
  }

  public func clear(_ list: UndoList, author: String) throws {
    switch list {
    case .undo: undo.removeAll { $0.entry.author == author }
    case .redo: redo.removeAll { $0.entry.author == author }
    }
  }

  private static func pop(_ author: String, from stack: inout [BoardChange]) -> BoardChange? {
    guard let index = stack.lastIndex(where: { $0.entry.author == author }) else { return nil }
    return stack.remove(at: index)
  }

  /// Import: the board's tasks and history replace the store's, and undo and redo are emptied.
  public func replaceContents(with imported: Board) {
    board.info = imported.info
    board.tasks = imported.tasks
    board.history = imported.history
    undo.removeAll()
    redo.removeAll()
  }

  /// Keeps only each author's newest `ChangeLog.depth` changes, so the file does not grow with every change.
  private static func push(_ change: BoardChange, on stack: inout [BoardChange]) {
    stack.append(change)
    let author = change.entry.author
    if let oldest = stack.firstIndex(where: { $0.entry.author == author }),
      stack.lazy.filter({ $0.entry.author == author }).count > ChangeLog.depth
    {
      stack.remove(at: oldest)
    }
  }
}
