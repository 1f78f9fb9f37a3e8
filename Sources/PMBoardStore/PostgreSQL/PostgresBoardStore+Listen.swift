import Foundation
import PMBoardBytes

/// `build --watch` on a PostgreSQL board: a connection that `LISTEN`s to the notification every change to a board
/// sends (``PostgresSchema``'s migration 7), so a change made anywhere is built within about a second, without
/// polling the database. A lost connection is made again; since what changed meanwhile is unknown, that counts as
/// a change (the rebuild catches up, and tells "nothing changed" from the revision when nothing did).
public final class PostgresListener {
  private let store: PostgresBoardStore
  private var connection: PostgresConnection?
  /// Said once when the connection is lost, and once when it is back.
  private let report: (String) -> Void

  public init(store: PostgresBoardStore, report: @escaping (String) -> Void) throws {
    self.store = store
    self.report = report
    do {
      connection = try listen()
    } catch {
      throw PostgresFailure.storeError(error, url: store.url, writing: false)
    }
  }

  private func listen() throws -> PostgresConnection {
    let connection = try PostgresBoardStore.connect(store.url)
    try PostgresSchema.prepare(connection, url: store.url, creating: false)
    try connection.execute("LISTEN pmboard")
    return connection
  }

  /// Waits up to `timeout` seconds; true when this board changed, or the connection was made again after a loss.
  public func waitForChange(timeout: Double) -> Bool {
    guard let connection else { return reconnect(after: timeout) }
    do {
      return try connection.notifications(timeout: timeout).contains(store.url.board)
    } catch {
      report("lost the connection to \(store.url.redacted) (\(error.message)); connecting again")
      self.connection = nil
      return false
    }
  }

  /// One attempt after `timeout` seconds (a server that restarts takes a few).
  private func reconnect(after timeout: Double) -> Bool {
    Thread.sleep(forTimeInterval: timeout)
    guard let made = try? listen() else { return false }
    connection = made
    report("connected to \(store.url.redacted) again; catching up")
    return true
  }
}
