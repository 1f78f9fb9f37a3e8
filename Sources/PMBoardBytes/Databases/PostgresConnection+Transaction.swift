import Foundation

extension PostgresConnection {
  /// Runs `body` between `begin` and COMMIT; any error rolls back and is thrown on.
  public func transaction<T>(_ begin: String = "BEGIN", _ body: () throws -> T) throws -> T {
    try execute(begin)
    let value: T
    do {
      value = try body()
    } catch {
      _ = try? execute("ROLLBACK")
      throw error
    }
    try execute("COMMIT")
    return value
  }
}
