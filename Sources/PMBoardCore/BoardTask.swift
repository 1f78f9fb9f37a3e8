import Foundation
import PMBoardBytes

/// One card on the board. Named so it does not shadow Swift's `Task`.
public struct BoardTask: Sendable, Hashable, Identifiable {
  public var id: UUID
  public var title: String
  public var body: String
  /// The day it is due, if it has a due date.
  public var due: CalendarDate?
  public var state: TaskState
  /// Names that sort the task into groups (`bug`, `public`); see ``TaskRules/checkName(_:as:)``.
  public var labels: NameSet
  /// Who works on it.
  public var assignees: NameSet
  /// The task's page elsewhere (its GitHub issue): an http(s) address, empty for none (``TaskRules/checkURL(_:)``).
  public var url: String
  /// The values of the board's declared fields and its milestone, by field id (``BoardFields``).
  public var values: FieldValues
  public var created: Date
  public var updated: Date
  /// Where an importer took the task from; nil for a task made in pmboard, which no import ever touches.
  public var source: TaskSource?

  public init(
    id: UUID = UUID(), title: String, body: String = "", due: CalendarDate? = nil, state: TaskState = .todo,
    labels: NameSet = [], assignees: NameSet = [], url: String = "", values: FieldValues = FieldValues(),
    created: Date, updated: Date? = nil, source: TaskSource? = nil
  ) {
    self.id = id
    self.title = title
    self.body = body
    self.due = due
    self.state = state
    self.labels = labels
    self.assignees = assignees
    self.url = url
    self.values = values
    self.created = created
    self.updated = updated ?? created
    self.source = source
  }

  /// The lowercase UUID, as stored and shown.
  public var idString: String { id.lowercaseString }

  /// The first 8 characters of the id, enough to name a task on the command line.
  public var shortID: String { id.shortString }

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
  public static func isOverdue(due: CalendarDate?, state: TaskState, today: CalendarDate) -> Bool {
    guard state != .done, let due else { return false }
    return due < today
  }

  public static func isDueToday(due: CalendarDate?, state: TaskState, today: CalendarDate) -> Bool {
    state != .done && due == today
  }
}

/// The source instance an imported task came from (`github:issues.json`, set by `--source`) and its id there (an
/// issue number, a Taskwarrior UUID, a CSV id or title): what lets a re-import find the task again.
public struct TaskSource: Sendable, Hashable {
  public var name: String
  public var id: String

  public init(name: String, id: String) {
    self.name = name
    self.id = id
  }
}
