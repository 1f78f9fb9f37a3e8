/// A result row whose columns are read in place (``SQLiteRow``, ``PostgresRow``): what the stores' snapshot readers
/// share, so one parser turns either database's rows into snapshot records.
public protocol SnapshotColumns {
  /// The column's bytes (empty for NULL); valid while the row is.
  @_lifetime(borrow self)
  func text(_ column: Int32) -> ReadView<UInt8>
  func isNull(_ column: Int32) -> Bool
}

extension SQLiteRow: SnapshotColumns {}
extension PostgresRow: SnapshotColumns {}
