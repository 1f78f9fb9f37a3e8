import Foundation
import PMBoardCore

/// One task as a source describes it, already checked by pmboard's rules: what a re-import compares the board with.
public struct ImportedItem: Sendable, Hashable {
  /// The task's id in its source: an issue number, a Taskwarrior UUID, a CSV id (or title).
  public var sourceID: String
  /// Where the item is in the input, for messages: `[17]`, `row 12`.
  public var path: String
  public var title: String
  public var body: String
  public var due: CalendarDate?
  public var state: TaskState
  /// The source's times, where it has them (a CSV has none): made, last changed, and when it reached its state
  /// (closed, completed, deleted).
  public var created: Date?
  public var updated: Date?
  public var stateChanged: Date?
  /// The source says the task is gone (Taskwarrior's `deleted`): a re-import removes it from the board.
  public var removed: Bool

  public init(
    sourceID: String, path: String, title: String, body: String = "", due: CalendarDate? = nil,
    state: TaskState = .todo, created: Date? = nil, updated: Date? = nil, stateChanged: Date? = nil,
    removed: Bool = false
  ) {
    self.sourceID = sourceID
    self.path = path
    self.title = title
    self.body = body
    self.due = due
    self.state = state
    self.created = created
    self.updated = updated
    self.stateChanged = stateChanged
    self.removed = removed
  }
}

/// The formats `import --from` reads.
public enum ImportFormat: String, Sendable, CaseIterable {
  case github
  case csv
  case taskwarrior
}

/// What a reader needs to know of the board it reads for.
public struct ImportSettings: Sendable {
  /// Due dates given as instants (a milestone's, Taskwarrior's) are read as the day they fall on here.
  public var timeZone: TimeZone
  /// An open GitHub issue with this label (compared ignoring case) is DOING; nil: every open issue is TODO.
  public var doingLabel: String?

  public init(timeZone: TimeZone, doingLabel: String? = "in progress") {
    self.timeZone = timeZone
    self.doingLabel = doingLabel
  }
}

/// Reads one input of `format` into items; a problem is one line naming its place in the input.
public enum ImportReader {
  public static func items(
    _ data: Data, format: ImportFormat, settings: ImportSettings
  ) throws(ImportFailure) -> [ImportedItem] {
    let items: [ImportedItem]
    switch format {
    case .github: items = try GitHubIssuesReader(settings: settings).items(data)
    case .csv: items = try CSVTasksReader().items(data)
    case .taskwarrior: items = try TaskwarriorReader(settings: settings).items(data)
    }
    try refuseRepeatedIDs(items)
    return items
  }

  /// A source names each task once; two items with one id would be one task edited twice in one import.
  static func refuseRepeatedIDs(_ items: [ImportedItem]) throws(ImportFailure) {
    var seen: [String: String] = [:]
    seen.reserveCapacity(items.count)
    for item in items {
      if let first = seen.updateValue(item.path, forKey: item.sourceID) {
        throw ImportFailure(
          "\(item.path): the id \"\(item.sourceID)\" was already given at \(first); a source names each task once")
      }
    }
  }
}

/// Why an input cannot be imported: one line naming the place (`[17].milestone.dueOn`, `row 12, column due`).
public struct ImportFailure: Error, Sendable, Equatable, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
