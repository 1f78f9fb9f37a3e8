/// Work on each half of a snapshot, done as soon as that half is read and its connection closed (a short
/// history is read on the tasks' connection, while the tasks' work runs): a build prepares the cards while the
/// history is still being read, and the history's tables on the thread that read the history. The two may run at
/// the same time.
struct SnapshotHandlers: Sendable {
  var tasks: @Sendable (BoardInfo, BoardSnapshot.Tasks) -> Void
  var history: @Sendable (BoardInfo, BoardSnapshot.History) -> Void

  static let none = SnapshotHandlers(tasks: { _, _ in }, history: { _, _ in })
}

/// A store that reads the two halves of a snapshot at once and hands each over as soon as it has it.
protocol HalvesReadingStore: BoardStore {
  /// `snapshot()`, calling `handlers` with each half as it arrives (a half read again is handed over again).
  func snapshot(handlers: SnapshotHandlers) async throws -> BoardSnapshot
}
