import Foundation
import PMBoardCore

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
    case .csv: items = try CSVTasksReader(settings: settings).items(data)
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
