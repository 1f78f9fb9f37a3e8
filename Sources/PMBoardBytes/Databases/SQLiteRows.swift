import Foundation
import GRDB
import GRDBSQLite

/// One row of a statement being stepped by ``SQLiteRows/forEach(connection:sql:_:)``: its columns read in place,
/// with no `Row`, `String` or `Date` per value. Valid only inside the closure it is handed to.
public struct SQLiteRow {
  private let statement: OpaquePointer

  fileprivate init(_ statement: OpaquePointer) {
    self.statement = statement
  }

  /// The column's text, in SQLite's buffer (empty for NULL); valid until the closure returns, and the compiler
  /// keeps it from outliving this row value.
  @_lifetime(borrow self)
  public func text(_ column: Int32) -> ReadView<UInt8> {
    let start = sqlite3_column_text(statement, column)
    let count = start == nil ? 0 : Int(sqlite3_column_bytes(statement, column))
    return _overrideLifetime(ReadView(UnsafeBufferPointer(start: start, count: count)), borrowing: self)
  }

  public func isNull(_ column: Int32) -> Bool {
    sqlite3_column_type(statement, column) == SQLITE_NULL
  }

  public func int64(_ column: Int32) -> Int64 {
    sqlite3_column_int64(statement, column)
  }
}

/// Why stepping a statement stopped: SQLite's result code and message.
public struct SQLiteStepError: Error {
  public var code: Int32
  public var message: String
}

/// Reading rows through SQLite's C API, for the store's snapshot read (a third of the time of reading `Row`s).
public enum SQLiteRows {
  /// Prepares `sql` on `db`'s connection and hands each row to `body`.
  public static func forEach(in db: Database, sql: String, _ body: (SQLiteRow) throws -> Void) throws {
    let connection = db.sqliteConnection
    var statement: OpaquePointer?
    let prepared = sqlite3_prepare_v2(connection, sql, -1, &statement, nil)
    defer { sqlite3_finalize(statement) }
    guard prepared == SQLITE_OK, let statement else { throw failure(prepared, connection) }
    while true {
      let code = sqlite3_step(statement)
      if code == SQLITE_DONE { return }
      guard code == SQLITE_ROW else { throw failure(code, connection) }
      try body(SQLiteRow(statement))
    }
  }

  private static func failure(_ code: Int32, _ connection: OpaquePointer?) -> SQLiteStepError {
    SQLiteStepError(code: code, message: sqlite3_errmsg(connection).map { String(cString: $0) } ?? "unknown error")
  }
}
