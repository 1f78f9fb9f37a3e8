import Foundation

/// One card on the board. Named so it does not shadow Swift's `Task`.
public struct BoardTask: Sendable, Hashable, Identifiable {
  public var id: UUID
  public var title: String
  public var body: String
  /// The day it is due, if it has a due date.
  public var due: CalendarDate?
  public var state: TaskState
  public var created: Date
  public var updated: Date

  public init(
    id: UUID = UUID(), title: String, body: String = "", due: CalendarDate? = nil, state: TaskState = .todo,
    created: Date, updated: Date? = nil
  ) {
    self.id = id
    self.title = title
    self.body = body
    self.due = due
    self.state = state
    self.created = created
    self.updated = updated ?? created
  }

  /// The lowercase UUID, as stored and shown.
  public var idString: String { id.lowercaseString }

  /// The first 8 characters of the id, enough to name a task on the command line.
  public var shortID: String { String(idString.prefix(8)) }

  /// True when the task is not done and its due date is before `today` (the date in the board's time zone).
  /// Due today is not overdue.
  public func isOverdue(today: CalendarDate) -> Bool {
    Self.isOverdue(due: due, state: state, today: today)
  }

  /// True when the task is not done and due exactly `today`: flagged on the board, but not overdue.
  public func isDueToday(today: CalendarDate) -> Bool {
    Self.isDueToday(due: due, state: state, today: today)
  }

  /// The overdue rule for a task in any form (a ``BoardSnapshot`` record too).
  static func isOverdue(due: CalendarDate?, state: TaskState, today: CalendarDate) -> Bool {
    guard state != .done, let due else { return false }
    return due < today
  }

  static func isDueToday(due: CalendarDate?, state: TaskState, today: CalendarDate) -> Bool {
    state != .done && due == today
  }
}

extension UUID {
  /// `0f8fad5b-d9cb-469f-a165-70867728950e`; hand-rolled because `uuidString.lowercased()` formats through
  /// printf and Unicode case mapping, which shows up when a build formats 100,000 ids.
  public var lowercaseString: String {
    let hex: StaticString = "0123456789abcdef"
    return withUnsafeBytes(of: uuid) { raw in
      String(unsafeUninitializedCapacity: 36) { buffer in
        var index = 0
        for (position, byte) in raw.enumerated() {
          if position == 4 || position == 6 || position == 8 || position == 10 {
            buffer[index] = UInt8(ascii: "-")
            index += 1
          }
          buffer[index] = hex.utf8Start[Int(byte >> 4)]
          buffer[index + 1] = hex.utf8Start[Int(byte & 15)]
          index += 2
        }
        return index
      }
    }
  }
}
