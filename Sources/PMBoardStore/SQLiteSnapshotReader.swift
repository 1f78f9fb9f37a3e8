import Foundation
import GRDB
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
    try forEachRow(db, sql: "SELECT \(SQLiteRecords.shownTaskColumns) FROM task ORDER BY rowid") { row in
      let idBytes = row.text(0)
      guard idBytes.isUUIDText else { throw DamagedRow.taskID(idBytes.string) }
      // Spelled as a `String` only for a message or a repaired row: most rows need none.
      var id: String { idBytes.string.lowercased() }
      var due: CalendarDate?
      if !row.isNull(3) {
        if let fields = row.text(3).isoDateFields {
          due = CalendarDate(year: fields.year, month: fields.month, day: fields.day)
        }
        if due == nil { throw DamagedRow.due(row.text(3).string, task: id) }
      }
      guard let state = states.value(row.text(4)) else { throw DamagedRow.state(row.text(4).string, task: id) }
      let (title, body) = (row.text(1), row.text(2))
      if title.isValidUTF8 && body.isValidUTF8 {
        builder.add(id: idBytes, title: title, body: body, due: due, state: state)
      } else {
        // Repaired as `load()` repairs it: each invalid sequence becomes U+FFFD.
        builder.add(id: id, title: title.string, body: body.string, due: due, state: state)
      }
    }
    return builder.finish()
  }

  public static func history(in db: Database, upTo lastSeq: Int64) throws -> BoardSnapshot.History {
    var builder = BoardSnapshot.History.Builder(capacity: Int(min(lastSeq, 1 << 20)))
    var fields: [TaskField] = []
    let (actions, states, fieldNames) = (ByteNames<HistoryAction>(), ByteNames<TaskState>(), ByteNames<TaskField>())
    let resolutions = ByteNames<SyncResolution>()
    try forEachRow(
      db,
      sql: "SELECT \(try SQLiteRecords.selectedHistoryColumns(db)) FROM history WHERE seq <= \(lastSeq) ORDER BY seq"
    ) { row in
      guard let action = actions.value(row.text(1)) else { throw DamagedRow.action(row.text(1).string) }
      let taskID = row.text(2)
      guard taskID.isUUIDText else { throw DamagedRow.historyTaskID(taskID.string) }
      let from = row.isNull(4) ? nil : states.value(row.text(4))
      let to = row.isNull(5) ? nil : states.value(row.text(5))
      fields.removeAll(keepingCapacity: true)
      let names = row.text(6)
      var nameStart = 0
      // Comma-separated; a walk instead of `split`, which allocates an array per row.
      for index in 0...names.count where index == names.count || names[index] == UInt8(ascii: ",") {
        if let field = fieldNames.value(names.extracting(nameStart..<index)) {
          fields.append(field)
        }
        nameStart = index + 1
      }
      let (title, author) = (row.text(3), row.text(7))
      let resolution = row.isNull(8) ? nil : resolutions.value(row.text(8))
      if title.isValidUTF8 && author.isValidUTF8 {
        builder.add(
          at: row.int64(0), action: action, taskID: taskID, title: title, from: from, to: to, fields: fields,
          author: author, resolution: resolution)
      } else {
        builder.add(
          at: row.int64(0), action: action, taskID: taskID.string.lowercased(), title: title.string, from: from,
          to: to, fields: fields, author: author.string, resolution: resolution)
      }
    }
    return builder.finish()
  }

  // MARK: - Columns

  /// Steps through `sql`'s rows, handing each to `body`; SQLite's failures become GRDB's `DatabaseError`.
  private static func forEachRow(_ db: Database, sql: String, _ body: (SQLiteRow) throws -> Void) throws {
    do {
      try SQLiteRows.forEach(in: db, sql: sql, body)
    } catch let failure as SQLiteStepError {
      throw DatabaseError(resultCode: ResultCode(rawValue: failure.code), message: failure.message, sql: sql)
    }
  }
}

extension BoardSnapshot.Tasks.Builder {
  /// Adds a task whose text is (valid) UTF-8 in place, such as a column's: copied into the snapshot as it is.
  fileprivate mutating func add(
    id: ReadView<UInt8>, title: ReadView<UInt8>, body: ReadView<UInt8>, due: CalendarDate?, state: TaskState
  ) {
    let id = writer.appendRef(id, lowercasingHex: true)
    let title = writer.appendRef(title)
    let body = writer.appendRef(body)
    add(id: id, title: title, body: body, due: due, state: state)
  }
}

extension BoardSnapshot.History.Builder {
  /// Adds an entry whose title is (valid) UTF-8 in place, such as a column's: copied into the snapshot as it is.
  fileprivate mutating func add(
    at: Int64, action: HistoryAction, taskID: ReadView<UInt8>, title: ReadView<UInt8>, from: TaskState?,
    to: TaskState?, fields: [TaskField], author: ReadView<UInt8>, resolution: SyncResolution?
  ) {
    let taskID = writer.appendRef(taskID, lowercasingHex: true)
    let title = writer.appendRef(title)
    let author = writer.appendRef(author)
    add(
      at: at, action: action, taskID: taskID, title: title, from: from, to: to, fields: fields, author: author,
      resolution: resolution)
  }
}
