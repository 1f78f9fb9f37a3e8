import Foundation
import PMBoardCore

/// Where a board lives. Every backend (SQLite, a JSON file, PostgreSQL) offers the same contract,
/// checked by one shared test suite.
///
/// Each mutating call is atomic: it happens whole, with its history line and undo record, or not at all.
public protocol BoardStore: Sendable {
  /// A human name for messages, usually the file path.
  var location: String { get }

  /// Creates a new store holding `board`; fails with `StoreError.alreadyExists` if there is one.
  func create(_ board: Board) async throws

  /// Reads the whole board.
  func load() async throws -> Board

  /// Reads what a site shows of the board, in the compact form a build renders from; the same board as `load()`.
  func snapshot() async throws -> BoardSnapshot

  /// `snapshot()`, calling `handlers` with each half as soon as it is read (a store that reads the halves at once
  /// hands each over while the other is still being read; a half read again is handed over again).
  func snapshot(handlers: SnapshotHandlers) async throws -> BoardSnapshot

  /// The board's settings only.
  func info() async throws -> BoardInfo

  /// A token that changes whenever anything a build reads changes (tasks, history, the board's settings, a
  /// replica's pending changes and sync state); nil when the backend cannot tell without reading the board.
  /// Equal tokens mean the board reads the same; different tokens need not mean it changed.
  func revision() async throws -> String?

  /// Tasks whose lowercase id starts with `prefix` (lowercased by the caller).
  func tasks(withIDPrefix prefix: String) async throws -> [BoardTask]

  /// Applies `change` if the task is still as `change.before` says (otherwise `StoreError.conflict`),
  /// appends its history line, pushes it on the undo list and clears the redo list.
  func commit(_ change: BoardChange) async throws

  /// Reverts `author`'s most recent change and moves it to their redo list; returns the change that was undone.
  /// In a shared store each person's undo reaches only their own changes.
  func undo(at: Date, by author: String) async throws -> BoardChange

  /// Re-applies `author`'s most recently undone change; returns it.
  func redo(at: Date, by author: String) async throws -> BoardChange

  /// Applies an import's changes in one transaction, in order: each must find its task as its `before` says
  /// (otherwise `StoreError.conflict` and nothing is applied) and records its history line. None goes on an undo
  /// list and no redo list is cleared: a re-import, not undo, takes an import back.
  func applyImported(_ changes: [BoardChange]) async throws

  /// Replaces the whole board — settings, tasks and history — with `board` (import); clears undo and redo.
  func replace(with board: Board) async throws
}

extension BoardStore {
  /// Undo for changes recorded without an author.
  public func undo(at date: Date) async throws -> BoardChange { try await undo(at: date, by: "") }
  public func redo(at date: Date) async throws -> BoardChange { try await redo(at: date, by: "") }

  public func snapshot() async throws -> BoardSnapshot {
    BoardSnapshot(try await load())
  }

  /// A backend that keeps no cheap mark of its changes cannot tell.
  public func revision() async throws -> String? { nil }

  /// Reads the whole snapshot, then hands both halves over.
  public func snapshot(handlers: SnapshotHandlers) async throws -> BoardSnapshot {
    let snapshot = try await snapshot()
    handlers.tasks(snapshot.info, snapshot.tasks)
    handlers.history(snapshot.info, snapshot.history)
    return snapshot
  }
}

/// How the store failed, worded as one line for the person at the terminal.
public enum StoreError: Error, Sendable, Equatable, PMBoardFailure {
  case notFound(path: String)
  case alreadyExists(path: String)
  case notAStore(path: String, reason: String)
  case unreadable(path: String, reason: String)
  case unwritable(path: String, reason: String)
  case conflict(taskID: String)
  case concurrentWrite(path: String)
  case nothingToUndo
  case nothingToRedo
  case undoConflict(taskID: String, action: String)
  case invalidTask(taskID: String, reason: String)
  case newerFormat(path: String)
  /// A PostgreSQL server that does not answer, or refuses the connection (password, database, permissions).
  case cannotConnect(location: String, reason: String)
  /// The remote of a replica no longer holds the history the replica pulled (an import replaced its board).
  case replicaDiverged(remote: String)
  /// A sync or status asked of a store that is not a replica.
  case notAReplica(path: String)
  /// A PostgreSQL statement the server refused (permissions, a lock held too long, …).
  case databaseRefused(location: String, reason: String)

  public var description: String {
    switch self {
    case .notFound(let path):
      "no board at \(path); create one with `pmboard init` (or `pmboard init --demo` for a sample board)"
    case .alreadyExists(let path):
      "a board already exists at \(path); use it, or pass --store to create another"
    case .notAStore(let path, let reason):
      "\(path) is not a pmboard store (\(reason)); it was left untouched — check --store or PMBOARD_STORE"
    case .unreadable(let path, let reason):
      "cannot read \(path): \(reason)"
    case .unwritable(let path, let reason):
      "cannot write \(path): \(reason); the store is unchanged — check the directory's permissions and free space"
    case .conflict(let id):
      "task \(id) was changed by someone else meanwhile; nothing was recorded — look at it again and retry"
    case .concurrentWrite(let path):
      "\(path) was changed by another process while this one was writing; nothing was recorded — retry"
    case .nothingToUndo:
      "nothing to undo"
    case .nothingToRedo:
      "nothing to redo (a new change clears the redo list)"
    case .newerFormat(let path):
      "\(path) was changed by a newer pmboard (its tables have a migration this version does not know); "
        + "upgrade pmboard to use it — nothing was changed"
    case .invalidTask(let id, let reason):
      "task \(id) breaks a rule (\(reason)); nothing was recorded"
    case .undoConflict(let id, let action):
      "cannot \(action): task \(id) has changed since; nothing was done"
    case .cannotConnect(let location, let reason):
      "cannot connect to the PostgreSQL server for \(location): \(reason); nothing was changed — "
        + "check that the server runs and the URL's host, user, password and database"
    case .replicaDiverged(let remote):
      "\(remote) no longer holds the history this replica was cloned from (its board was replaced); "
        + "nothing was changed — keep this file aside, `pmboard clone` again and redo its unpushed changes"
    case .notAReplica(let path):
      "\(path) is not a replica of a remote board; make one with `pmboard clone postgres://…?board=NAME PATH`"
    case .databaseRefused(let location, let reason):
      "the PostgreSQL database of \(location) refused the command: \(reason); nothing was changed"
    }
  }
}
