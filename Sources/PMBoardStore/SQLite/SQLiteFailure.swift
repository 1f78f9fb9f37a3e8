import Foundation
import GRDB
import PMBoardBytes

/// Turns whatever an SQLite store operation threw into the one-line `StoreError` the user sees.
public enum SQLiteFailure {
  /// How long a change waits for another process's transaction before giving up.
  public static let busyTimeout: TimeInterval = 60

  /// `writing` tells a failed change (`unwritable`, the store unchanged) from a failed read (`unreadable`).
  public static func storeError(_ error: any Error, path: String, writing: Bool) -> any Error {
    switch error {
    case let error as StoreError: return error
    case is CancellationError: return error
    case let error as DamagedRow:
      return StoreError.unreadable(path: path, reason: "the store is damaged: \(error.reason)")
    case let error as DatabaseError: return storeError(error, path: path, writing: writing)
    default:
      let reason = "\(error)"
      return writing ? StoreError.unwritable(path: path, reason: reason) : .unreadable(path: path, reason: reason)
    }
  }

  private static func storeError(_ error: DatabaseError, path: String, writing: Bool) -> StoreError {
    let detail = error.message ?? "SQLite error \(error.resultCode.rawValue)"
    let reason: String
    switch error.resultCode {
    case .SQLITE_CORRUPT, .SQLITE_NOTADB:
      return .notAStore(path: path, reason: "the database is damaged: \(detail)")
    case .SQLITE_READONLY, .SQLITE_PERM:
      reason = "the file or its directory is read-only (\(detail))"
    case .SQLITE_CANTOPEN:
      reason = "SQLite cannot open it or its -wal/-shm files beside it (\(detail))"
    case .SQLITE_FULL:
      reason = "the disk is full"
    case .SQLITE_IOERR where diskIsFull(near: path):
      // A reader on a full disk fails to grow the -shm file and SQLite says only "disk I/O error".
      reason = "the disk is full (\(detail))"
    case .SQLITE_BUSY, .SQLITE_LOCKED:
      reason = "another process kept the store locked for over \(Int(busyTimeout)) seconds"
    default:
      reason = detail
    }
    return writing ? .unwritable(path: path, reason: reason) : .unreadable(path: path, reason: reason)
  }

  /// Whether the file system holding `path` has no block left for this user.
  private static func diskIsFull(near path: String) -> Bool {
    let folder = (path as NSString).deletingLastPathComponent
    return POSIX.availableBlocks(near: folder.isEmpty ? "." : folder) == 0
  }
}
