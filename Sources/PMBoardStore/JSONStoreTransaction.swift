import Foundation
import PMBoardBytes
import PMBoardCore

/// `StoreTransaction` over a board held in memory: the JSON store reads the file into one, lets `ChangeLog` work on
/// it, and writes the result back whole.
package final class JSONStoreTransaction: StoreTransaction {
  package private(set) var board: Board
  package private(set) var undo: [BoardChange]
  package private(set) var redo: [BoardChange]

  package init(board: Board, undo: [BoardChange], redo: [BoardChange]) {
    self.board = board
    self.undo = undo
    self.redo = redo
  }

  // A linear search per call is fine: a change touches one task, and reading the file costs far more.
  package func task(_ id: UUID) throws -> BoardTask? {
    board.tasks.first { $0.id == id }
  }

  package func insert(_ task: BoardTask) throws {
    board.tasks.append(task)
  }

  package func update(_ task: BoardTask) throws {
    guard let index = board.tasks.firstIndex(where: { $0.id == task.id }) else { return }
    board.tasks[index] = task
  }

  package func delete(_ id: UUID) throws {
    board.tasks.removeAll { $0.id == id }
  }

  package func appendHistory(_ entry: HistoryEntry) throws {
    board.history.append(entry)
  }

  package func push(_ change: BoardChange, on list: UndoList) throws {
    switch list {
    case .undo: Self.push(change, on: &undo)
    case .redo: Self.push(change, on: &redo)
    }
  }

  package func pop(_ list: UndoList) throws -> BoardChange? {
    switch list {
    case .undo: undo.popLast()
    case .redo: redo.popLast()
    }
  }

  package func clear(_ list: UndoList) throws {
    switch list {
    case .undo: undo.removeAll()
    case .redo: redo.removeAll()
    }
  }

  /// Import: the board's tasks and history replace the store's, and undo and redo are emptied.
  package func replaceContents(with imported: Board) {
    board.info = imported.info
    board.tasks = imported.tasks
    board.history = imported.history
    undo.removeAll()
    redo.removeAll()
  }

  /// Keeps only the newest `ChangeLog.depth` changes, so the file does not grow with every change.
  private static func push(_ change: BoardChange, on stack: inout [BoardChange]) {
    stack.append(change)
    if stack.count > ChangeLog.depth { stack.removeFirst(stack.count - ChangeLog.depth) }
  }
}
