import Foundation
import PMBoardBytes
import PMBoardCore

/// A replica's pushed changes applied in a few statements rather than three round trips each: the changes are
/// rebased one after another in memory (``SyncBatch``: ``SyncRule``, undos and redos by their own rule), then
/// their net effect on the tasks and all their history lines are written in batches. The tasks end in the order
/// applying the changes one by one would leave them: tasks that were there and stay keep their place, and a task
/// added (or removed and added again) goes to the end, in the order of those adds.
extension PostgresTransaction {
  /// Applies the changes among `pending` this remote does not hold yet (a sync cut off after the remote
  /// committed pushes them again).
  func push(_ pending: [PendingChange]) throws {
    let held = try heldIDs(pending)
    let pending = pending.filter { !held.contains($0.id.lowercaseString) }
    guard !pending.isEmpty else { return }
    let start = try tasks(Set(pending.map(\.change.taskID)))
    var current: [UUID: BoardTask] = start
    var addedAt: [UUID: Int] = [:]
    var recorded: [(PendingChange, BoardChange)] = []
    recorded.reserveCapacity(pending.count)
    var batch = SyncBatch()
    let fieldsBefore = try fields()
    var fields = fieldsBefore
    for (index, item) in pending.enumerated() {
      // A definition change, an undo of one included, is applied by its own rule (``BoardFields/applyPushed(_:)``).
      if item.change.definition != nil {
        recorded.append((item, fields.applyPushed(item.change)))
        continue
      }
      let change = batch.rebase(item.change, kind: item.kind, onto: current[item.change.taskID])
      if let after = change.after, let (field, problem) = TaskRules.problems(in: after).first {
        throw StoreError.invalidTask(taskID: after.idString, reason: "\(field): \(problem)")
      }
      if change.before == nil, change.after != nil { addedAt[change.taskID] = index }
      current[change.taskID] = change.after
      recorded.append((item, change))
    }
    if fields != fieldsBefore { try setFields(fields) }
    let gone = start.keys.filter { current[$0] == nil || addedAt[$0] != nil }
    try delete(gone)
    let updated = start.compactMap { id, old in
      addedAt[id] == nil ? current[id].flatMap { $0 == old ? nil : $0 } : nil
    }
    try update(updated)
    let added = addedAt.sorted { $0.value < $1.value }.compactMap { current[$0.key] }
    try insertBatches(
      added, table: "task", columns: PostgresRecords.taskColumns, width: PostgresRecords.taskWidth,
      parameters: PostgresRecords.taskParameters)
    // Appended at the end of the remote's history: a change made offline before the remote's latest line is
    // recorded at that line's time (docs/sync.md), so history stays in time order and no full history page moves.
    var latest = try latestHistoryTime() ?? .distantPast
    for index in recorded.indices {
      let at = max(recorded[index].1.entry.at, latest)
      recorded[index].1.entry.at = at
      latest = at
    }
    try insertBatches(
      recorded, table: "history", columns: PostgresRecords.historyColumns + ", task_after, change_id",
      width: 3 + PostgresRecords.historyWidth
    ) { pair, board in
      PostgresRecords.entryParameters(pair.1.entry, board: board) + [
        pair.1.after.map(PostgresRecords.taskText), pair.0.id.lowercaseString,
      ]
    }
    try listForUndo(recorded.map(\.1).filter { $0.entry.resolution != .lost })
  }

  /// Puts pushed changes on their authors' undo lists here, as the remote applied them, as ``ChangeLog/commit(_:in:)``
  /// does for a change made here, and clears those authors' redo lists: whoever made a change in a replica can undo
  /// it on the remote too, while nobody has changed that task since. Only each author's newest ``ChangeLog/depth``
  /// are written, in one statement per batch (a sync of 10,000 changes stays a few statements).
  private func listForUndo(_ changes: [BoardChange]) throws {
    // Each author's newest `depth` changes, in their order: older ones could never be undone.
    var counts: [String: Int] = [:]
    var kept: [BoardChange] = []
    for change in changes.reversed() {
      let count = counts[change.entry.author, default: 0]
      guard count < ChangeLog.depth else { continue }
      counts[change.entry.author] = count + 1
      kept.append(change)
    }
    kept.reverse()
    try insertBatches(kept, table: "undo_record", columns: "list, change, author", width: 4) { change, board in
      var bytes: [UInt8] = []
      InterchangeWriter().appendChange(change, to: &bytes)
      return [board, UndoList.undo.rawValue, String(decoding: bytes, as: UTF8.self), change.entry.author]
    }
    for author in counts.keys.sorted() {
      try trim(.undo, author: author)
      try clear(.redo, author: author)
    }
  }

  /// The time of the board's latest history line; nil when it has none.
  public func latestHistoryTime() throws -> Date? {
    let rows = try connection.execute("SELECT max(at) FROM pmboard.history WHERE board = $1", [board])
    guard rows.count == 1, let text = rows.text(0, 0), let seconds = Int64(text) else { return nil }
    return Date(timeIntervalSince1970: TimeInterval(seconds))
  }

  /// The ids among `pending` the remote already holds.
  private func heldIDs(_ pending: [PendingChange]) throws -> Set<String> {
    guard !pending.isEmpty else { return [] }
    let rows = try connection.execute(
      "SELECT change_id FROM pmboard.history WHERE board = $1 AND change_id = ANY ($2::text[])",
      [board, Self.arrayLiteral(pending.map(\.id.lowercaseString))])
    return Set((0..<rows.count).compactMap { rows.text($0, 0) })
  }

  /// The tasks among `ids` that exist.
  private func tasks(_ ids: Set<UUID>) throws -> [UUID: BoardTask] {
    let rows = try connection.execute(
      "SELECT \(PostgresRecords.taskColumns) FROM pmboard.task WHERE board = $1 AND id = ANY ($2::text[])",
      [board, Self.arrayLiteral(ids.map(\.lowercaseString))])
    var found: [UUID: BoardTask] = [:]
    for row in 0..<rows.count {
      let task = try PostgresRecords.task(rows, row)
      found[task.id] = task
    }
    return found
  }

  private func delete(_ ids: [UUID]) throws {
    guard !ids.isEmpty else { return }
    try connection.execute(
      "DELETE FROM pmboard.task WHERE board = $1 AND id = ANY ($2::text[])",
      [board, Self.arrayLiteral(ids.map(\.lowercaseString))])
  }

  /// One UPDATE per batch, joining the new values by id.
  private func update(_ tasks: [BoardTask]) throws {
    let width = PostgresRecords.taskWidth - 1
    var start = 0
    while start < tasks.count {
      let chunk = tasks[start..<min(start + 500, tasks.count)]
      let tuples = (0..<chunk.count).map { row in
        "(" + (1...width).map { "$\(1 + row * width + $0)" }.joined(separator: ", ") + ")"
      }
      try connection.execute(
        """
        UPDATE pmboard.task AS t SET \(Self.updatedFromValues),
          created = v.created::bigint, updated = v.updated::bigint, source = v.source, source_id = v.source_id
        FROM (VALUES \(tuples.joined(separator: ", ")))
          AS v (\(PostgresRecords.taskColumns))
        WHERE t.board = $1 AND t.id = v.id
        """, [board] + chunk.flatMap { PostgresRecords.taskParameters($0, board: board).dropFirst() })
      start += chunk.count
    }
  }

  /// Each field's column set from the `VALUES` row `v`.
  private static let updatedFromValues = TaskField.allCases.map { "\($0.postgresColumn) = v.\($0.postgresColumn)" }
    .joined(separator: ", ")

  /// A PostgreSQL array literal of UUID texts (no quoting needed: hex digits and dashes only).
  private static func arrayLiteral(_ ids: [String]) -> String {
    "{" + ids.joined(separator: ",") + "}"
  }
}
