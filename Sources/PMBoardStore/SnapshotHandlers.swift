import PMBoardCore

/// Work on each half of a snapshot, done as soon as that half is read and its connection closed (a short
/// history is read on the tasks' connection, while the tasks' work runs): a build prepares the cards while the
/// history is still being read, and the history's tables on the thread that read the history. The two may run at
/// the same time.
public struct SnapshotHandlers: Sendable {
  public var tasks: @Sendable (BoardInfo, BoardSnapshot.Tasks) -> Void
  public var history: @Sendable (BoardInfo, BoardSnapshot.History) -> Void

  public init(
    tasks: @escaping @Sendable (BoardInfo, BoardSnapshot.Tasks) -> Void,
    history: @escaping @Sendable (BoardInfo, BoardSnapshot.History) -> Void
  ) {
    self.tasks = tasks
    self.history = history
  }

  public static let none = SnapshotHandlers(tasks: { _, _ in }, history: { _, _ in })
}
