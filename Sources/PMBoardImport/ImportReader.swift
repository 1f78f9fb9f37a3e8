import Foundation
import PMBoardCore

/// The formats `import --from` reads.
public enum ImportFormat: String, Sendable, CaseIterable {
  case github
  case githubProject = "github-project"
  case csv
  case taskwarrior
}

/// What a reader needs to know of the board it reads for, and the options that say how to read.
public struct ImportSettings: Sendable {
  /// Due dates given as instants (a milestone's, Taskwarrior's) are read as the day they fall on here.
  public var timeZone: TimeZone
  /// An open GitHub issue with this label (compared ignoring case) is DOING; nil: every open issue is TODO.
  public var doingLabel: String?
  /// A GitHub project's statuses and their columns (``ProjectStatusMap``).
  public var statusMap: ProjectStatusMap
  /// A GitHub project's fields as `gh project field-list --format json` gives them, when given.
  public var projectFields: [ProjectField]?
  /// CSV columns read as fields (`--field "Story Points=estimate"`): the column's name and the key asked for (nil:
  /// made from the name).
  public var fieldColumns: [(column: String, key: String?)]

  public init(
    timeZone: TimeZone, doingLabel: String? = "in progress", statusMap: ProjectStatusMap = ProjectStatusMap(),
    projectFields: [ProjectField]? = nil, fieldColumns: [(column: String, key: String?)] = []
  ) {
    self.timeZone = timeZone
    self.doingLabel = doingLabel
    self.statusMap = statusMap
    self.projectFields = projectFields
    self.fieldColumns = fieldColumns
  }
}

/// Reads one input of `format` into items; a problem is one line naming its place in the input.
public enum ImportReader {
  /// The source's fields and items.
  public static func read(
    _ data: Data, format: ImportFormat, settings: ImportSettings
  ) throws(ImportFailure) -> ImportedSource {
    let source: ImportedSource
    switch format {
    case .github: source = try GitHubIssuesReader(settings: settings).read(data)
    case .githubProject: source = try GitHubProjectReader(settings: settings).read(data)
    case .csv: source = try CSVTasksReader(settings: settings).read(data)
    case .taskwarrior: source = try TaskwarriorReader(settings: settings).read(data)
    }
    try refuseRepeatedIDs(source.items)
    return source
  }

  /// The items alone, for a caller that does not map fields.
  public static func items(
    _ data: Data, format: ImportFormat, settings: ImportSettings
  ) throws(ImportFailure) -> [ImportedItem] {
    try read(data, format: format, settings: settings).items
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
