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
    let parser = SnapshotRowParser()
    let columns = try SQLiteRecords.selectedShownTaskColumns(db)
    try forEachRow(db, sql: "SELECT \(columns) FROM task ORDER BY rowid") { row in
      try parser.addTask(row, to: &builder)
    }
    return builder.finish()
  }

  /// The history up to `lastSeq`, in time order, ties in the order recorded (``SQLiteRecords/historyOrder``).
  ///
  /// Read in the order recorded first: that is time order but after a sync that brought a replica's older change
  /// late, and a scan by rowid costs less than one through the time index (10,000-task board, "load the store":
  /// 35–41 ms against 45–59 ms). Only a history found out of time order is read again through the index.
  public static func history(in db: Database, upTo lastSeq: Int64) throws -> BoardSnapshot.History {
    if let recorded = try history(in: db, upTo: lastSeq, orderedBy: "seq", stoppingOutOfTimeOrder: true) {
      return recorded
    }
    return try history(in: db, upTo: lastSeq, orderedBy: SQLiteRecords.historyOrder, stoppingOutOfTimeOrder: false)
      ?? BoardSnapshot.History.Builder(capacity: 0).finish()
  }

  /// The history read in `order`; nil when `stoppingOutOfTimeOrder` and an entry is older than the one before.
  private static func history(
    in db: Database, upTo lastSeq: Int64, orderedBy order: String, stoppingOutOfTimeOrder: Bool
  ) throws -> BoardSnapshot.History? {
    var builder = BoardSnapshot.History.Builder(capacity: Int(min(lastSeq, 1 << 20)))
    var parser = SnapshotRowParser()
    let columns = try SQLiteRecords.selectedHistoryColumns(db)
    var last = Int64.min
    do {
      try forEachRow(db, sql: "SELECT \(columns) FROM history WHERE seq <= \(lastSeq) ORDER BY \(order)") { row in
        let at = row.int64(0)
        if stoppingOutOfTimeOrder, at < last { throw OutOfTimeOrder() }
        last = at
        try parser.addEntry(row, at: at, to: &builder)
      }
    } catch is OutOfTimeOrder {
      return nil
    }
    return builder.finish()
  }

  /// Stops a read in the order recorded at the first entry older than the one before it.
  private struct OutOfTimeOrder: Error {}

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
