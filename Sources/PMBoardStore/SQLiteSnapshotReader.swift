import Foundation
import GRDB
import GRDBSQLite
import PMBoardBytes
import PMBoardCore

/// Reads the store's rows into a ``BoardSnapshot`` through SQLite's C API: column bytes are copied straight from
/// SQLite's buffers into the snapshot's, with no `Row`, `String`, `UUID` or `Date` per value. Loading a
/// 100,000-task board this way takes a third of the time `load()` does.
///
/// It checks what `load()` checks (ids are UUIDs, states, actions and due dates are known values) and text is
/// valid UTF-8: a row pmboard never wrote is reported, not rendered.
public enum SQLiteSnapshotReader {
  public static func tasks(in db: Database) throws -> BoardSnapshot.Tasks {
    // Capacity hints: `max(rowid)` and the last sequence number bound the counts without reading the tables
    // (`count(*)` would scan them once more); capped, as rows may have been deleted.
    let capacity = try Int.fetchOne(db, sql: "SELECT coalesce(max(rowid), 0) FROM task") ?? 0
    var builder = BoardSnapshot.Tasks.Builder(capacity: min(capacity, 1 << 20))
    let states = ByteNames<TaskState>()
    let idBuffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 36)
    defer { unsafe idBuffer.deallocate() }
    unsafe try forEachRow(db, sql: "SELECT \(SQLiteRecords.shownTaskColumns) FROM task ORDER BY rowid") { row in
      let idBytes = unsafe text(row, 0)
      guard unsafe UUIDBytes.isText(utf8: UnsafeRawBufferPointer(idBytes)) else {
        throw unsafe DamagedRow.taskID(string(idBytes))
      }
      let id = unsafe lowercase(idBytes, into: idBuffer)
      var due: CalendarDate?
      if unsafe sqlite3_column_type(row, 3) != SQLITE_NULL {
        if let fields = unsafe ISODateBytes.fields(utf8: text(row, 3)) {
          due = CalendarDate(year: fields.year, month: fields.month, day: fields.day)
        }
        if due == nil { throw unsafe DamagedRow.due(string(text(row, 3)), task: string(id)) }
      }
      guard let state = unsafe states.value(text(row, 4)) else {
        throw unsafe DamagedRow.state(string(text(row, 4)), task: string(id))
      }
      let title = unsafe text(row, 1)
      let body = unsafe text(row, 2)
      if unsafe isValid(title) && isValid(body) {
        unsafe builder.add(id: id, title: title, body: body, due: due, state: state)
      } else {
        // Repaired as `load()` repairs it: each invalid sequence becomes U+FFFD.
        unsafe builder.add(id: string(id), title: string(title), body: string(body), due: due, state: state)
      }
    }
    return builder.finish()
  }

  public static func history(in db: Database, upTo lastSeq: Int64) throws -> BoardSnapshot.History {
    var builder = BoardSnapshot.History.Builder(capacity: Int(min(lastSeq, 1 << 20)))
    var fields: [TaskField] = []
    let (actions, states, fieldNames) = (ByteNames<HistoryAction>(), ByteNames<TaskState>(), ByteNames<TaskField>())
    unsafe try forEachRow(
      db,
      sql: "SELECT \(SQLiteRecords.historyColumns) FROM history WHERE seq <= \(lastSeq) ORDER BY seq"
    ) { row in
      guard let action = unsafe actions.value(text(row, 1)) else {
        throw unsafe DamagedRow.action(string(text(row, 1)))
      }
      let taskID = unsafe text(row, 2)
      guard unsafe UUIDBytes.isText(utf8: UnsafeRawBufferPointer(taskID)) else {
        throw unsafe DamagedRow.historyTaskID(string(taskID))
      }
      let from = unsafe state(row, 4, states)
      let to = unsafe state(row, 5, states)
      fields.removeAll(keepingCapacity: true)
      let names = unsafe text(row, 6)
      var nameStart = 0
      // Comma-separated; a walk instead of `split`, which allocates an array per row.
      for index in 0...names.count where unsafe index == names.count || names[index] == UInt8(ascii: ",") {
        if let field = unsafe fieldNames.value(UnsafeBufferPointer(rebasing: names[nameStart..<index])) {
          fields.append(field)
        }
        nameStart = index + 1
      }
      let at = unsafe sqlite3_column_int64(row, 0)
      let title = unsafe text(row, 3)
      if unsafe isValid(title) {
        unsafe builder.add(at: at, action: action, title: title, from: from, to: to, fields: fields)
      } else {
        unsafe builder.add(at: at, action: action, title: string(title), from: from, to: to, fields: fields)
      }
    }
    return builder.finish()
  }

  // MARK: - Columns

  /// Steps through `sql`'s rows, handing each to `body` as the raw statement.
  private static func forEachRow(
    _ db: Database, sql: String, _ body: (OpaquePointer) throws -> Void
  ) throws {
    let statement = try db.makeStatement(sql: sql)
    try withExtendedLifetime(statement) {
      let handle = unsafe statement.sqliteStatement
      while true {
        let code = unsafe sqlite3_step(handle)
        if code == SQLITE_DONE { return }
        guard code == SQLITE_ROW else {
          throw unsafe DatabaseError(
            resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)),
            sql: sql)
        }
        unsafe try body(handle)
      }
    }
  }

  /// The column's text, valid until the next step (empty for NULL).
  private static func text(_ row: OpaquePointer, _ column: Int32) -> UnsafeBufferPointer<UInt8> {
    guard let start = unsafe sqlite3_column_text(row, column) else {
      return unsafe UnsafeBufferPointer(start: nil, count: 0)
    }
    return unsafe UnsafeBufferPointer(start: start, count: Int(sqlite3_column_bytes(row, column)))
  }

  private static func state(_ row: OpaquePointer, _ column: Int32, _ states: ByteNames<TaskState>) -> TaskState? {
    guard unsafe sqlite3_column_type(row, column) != SQLITE_NULL else { return nil }
    return unsafe states.value(text(row, column))
  }

  /// `bytes` as a `String`, invalid UTF-8 repaired.
  private static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    unsafe String(decoding: bytes, as: UTF8.self)
  }

  private static func isValid(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    unsafe UTF8Check.isValid(text)
  }

  /// A UUID's 36 ASCII bytes in lowercase, as `BoardTask.idString` spells it, written to `buffer`.
  private static func lowercase(
    _ id: UnsafeBufferPointer<UInt8>, into buffer: UnsafeMutableBufferPointer<UInt8>
  ) -> UnsafeBufferPointer<UInt8> {
    for index in id.indices {
      let byte = unsafe id[index]
      unsafe buffer[index] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F") ? byte + 32 : byte
    }
    return unsafe UnsafeBufferPointer(rebasing: buffer[0..<id.count])
  }
}

extension BoardSnapshot.Tasks.Builder {
  /// Adds a task whose text is (valid) UTF-8 in place, such as a column's: copied into the snapshot as it is.
  fileprivate mutating func add(
    id: UnsafeBufferPointer<UInt8>, title: UnsafeBufferPointer<UInt8>, body: UnsafeBufferPointer<UInt8>,
    due: CalendarDate?, state: TaskState
  ) {
    let id = unsafe writer.appendRef(id)
    let title = unsafe writer.appendRef(title)
    let body = unsafe writer.appendRef(body)
    add(id: id, title: title, body: body, due: due, state: state)
  }
}

extension BoardSnapshot.History.Builder {
  /// Adds an entry whose title is (valid) UTF-8 in place, such as a column's: copied into the snapshot as it is.
  fileprivate mutating func add(
    at: Int64, action: HistoryAction, title: UnsafeBufferPointer<UInt8>, from: TaskState?, to: TaskState?,
    fields: [TaskField]
  ) {
    let title = unsafe writer.appendRef(title)
    add(at: at, action: action, title: title, from: from, to: to, fields: fields)
  }
}
