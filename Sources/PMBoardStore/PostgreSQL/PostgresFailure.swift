import Foundation
import PMBoardBytes

/// Turns whatever a PostgreSQL store operation threw into the one-line `StoreError` the user sees, naming the
/// store by its URL with the password hidden.
enum PostgresFailure {
  static func storeError(_ error: any Error, url: PostgresURL, writing: Bool) -> any Error {
    let location = url.redacted
    switch error {
    case let error as StoreError: return error
    case is CancellationError: return error
    case is BoardMissing: return StoreError.notFound(path: location)
    case let error as DamagedRow:
      return StoreError.unreadable(path: location, reason: "the store is damaged: \(url.scrub(error.reason))")
    case let error as PostgresError: return storeError(error, url: url)
    default:
      let reason = url.scrub("\(error)")
      return writing
        ? StoreError.unwritable(path: location, reason: reason) : .unreadable(path: location, reason: reason)
    }
  }

  private static func storeError(_ error: PostgresError, url: PostgresURL) -> StoreError {
    let message = url.scrub(error.message)
    guard error.stage == .executing else { return .cannotConnect(location: url.redacted, reason: message) }
    let reason: String
    switch error.sqlState {
    case "55P03":
      reason = "another process kept the board locked for over \(PostgresBoardStore.lockTimeoutSeconds) seconds"
    case "40001", "40P01":
      // Not expected (changes queue on the board's lock), but said plainly if a server setting brings it about.
      return .concurrentWrite(path: url.redacted)
    case "42501":
      reason = "the database user lacks a permission (\(message))"
    default:
      reason = message
    }
    return .databaseRefused(location: url.redacted, reason: reason)
  }
}
