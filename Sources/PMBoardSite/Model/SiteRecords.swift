import Foundation
import PMBoardBytes
import PMBoardCore

/// One card in board order, as plain values.
public struct CardRecord: Sendable {
  public var id: TextRef
  public var title: TextRef
  public var body: TextRef
  /// Index into the build's distinct due dates; -1 without a due date.
  public var dueIndex: Int32
  public var state: TaskState
  public var overdue: Bool
  public var dueToday: Bool
}

/// One history entry (newest first), as plain values.
public struct EntryRecord: Sendable {
  /// Seconds since 1970, rounded down, UTC.
  public var utcSeconds: Int
  /// The same on the board's wall clock.
  public var localSeconds: Int
  public var title: RawRef
  /// Index into the build's distinct wall-clock days.
  public var dayIndex: Int32
  /// Index into ``BoardTables/isoDays`` of the UTC day; -1 outside years 0–9999.
  public var utcDayIndex: Int32
  public var fieldsStart: Int32
  public var fieldsCount: Int32
  public var action: HistoryAction
  public var from: TaskState?
  public var to: TaskState?
  /// The title has nothing to escape, so a sentence with it needs escaping only if its locale's words do.
  public var titleIsPlain: Bool
  /// Who made the change, in the history's bytes; empty when not known.
  public var author: RawRef
  public var resolution: SyncResolution?
  /// The id of the task the entry is about, in the history's bytes.
  public var task: RawRef
  /// The title's language when its letters show it, as ``CardDress/titleLang``.
  public var titleLang: UInt8 = 0
  /// What an edit did to declared values ("priority P2 → P1"), in the history's bytes: the sentence shows it in
  /// place of the word for the values; empty for none.
  public var changes = RawRef(start: 0, count: 0)
  /// The task's id as 128 bits, read once with the tables (on both halves' cores) for every walk that matches
  /// entries to tasks (done days, aging, insights); nil for an id that is not a UUID.
  var taskKey: UUIDKey?
}
