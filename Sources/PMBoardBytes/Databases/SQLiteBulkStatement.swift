import GRDB
import GRDBSQLite

/// A statement prepared once and run many times with its values bound through SQLite's C API: an import's 400,000
/// inserts without a GRDB `StatementArguments` of boxed values each (building and binding those was an eighth of
/// importing a 100,000-task board). Values are copied by SQLite when bound, so nothing here outlives a call.
public final class SQLiteBulkStatement {
  private let statement: OpaquePointer
  private let connection: OpaquePointer?
  public let sql: String

  /// Prepares `sql` on `db`'s connection.
  public init(in db: Database, sql: String) throws(SQLiteStepError) {
    let connection = db.sqliteConnection
    var statement: OpaquePointer?
    let prepared = sqlite3_prepare_v2(connection, sql, -1, &statement, nil)
    guard prepared == SQLITE_OK, let statement else {
      sqlite3_finalize(statement)
      throw SQLiteStepError(code: prepared, message: Self.message(connection))
    }
    self.statement = statement
    self.connection = connection
    self.sql = sql
  }

  deinit { sqlite3_finalize(statement) }

  /// Binds `text` (NULL for nil) to the parameter at `index` (from 1).
  public func bind(_ text: String?, at index: Int32) {
    guard var text else {
      sqlite3_bind_null(statement, index)
      return
    }
    _ = text.withUTF8 { bytes in
      // An empty buffer's address may be nil, which SQLite would take for NULL.
      if bytes.isEmpty {
        sqlite3_bind_text(statement, index, "", 0, Self.transient)
      } else {
        sqlite3_bind_text(statement, index, bytes.baseAddress, Int32(clamping: bytes.count), Self.transient)
      }
    }
  }

  /// Binds `value` (NULL for nil) to the parameter at `index` (from 1).
  public func bind(_ value: Int64?, at index: Int32) {
    if let value { sqlite3_bind_int64(statement, index, value) } else { sqlite3_bind_null(statement, index) }
  }

  /// Runs the statement with the values bound, then makes it ready to run again.
  public func run() throws(SQLiteStepError) {
    let code = sqlite3_step(statement)
    guard code == SQLITE_DONE || code == SQLITE_ROW else {
      let failure = SQLiteStepError(code: code, message: Self.message(connection))
      sqlite3_reset(statement)
      throw failure
    }
    sqlite3_reset(statement)
  }

  private static func message(_ connection: OpaquePointer?) -> String {
    sqlite3_errmsg(connection).map { String(cString: $0) } ?? "unknown error"
  }

  /// SQLite's "copy the value now" destructor.
  private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
}
