import Foundation
import PMBoardCore
import PMBoardStore

/// One field of a GitHub project as `gh project field-list N --format json` lists it:
/// `{"fields": [{"id": "PVTSSF_…", "name": "Priority", "type": "ProjectV2SingleSelectField", "options": [{"id": "…",
/// "name": "P0"}, …]}, …], "totalCount": 12}`. `type` is GraphQL's kind of field configuration
/// (`ProjectV2Field`, `ProjectV2SingleSelectField`, `ProjectV2IterationField`); newer gh releases add `dataType`
/// (`TEXT`, `NUMBER`, `DATE`, `SINGLE_SELECT`, `ITERATION`, and `TITLE`, `ASSIGNEES`, `LABELS`, `MILESTONE`, … for
/// the built-in fields), which tells text, number and date fields apart; without it the items' values do.
public struct ProjectField: Sendable, Hashable {
  public var name: String
  public var type: String
  public var dataType: String?
  public var options: [String]

  public init(name: String, type: String, dataType: String? = nil, options: [String] = []) {
    self.name = name
    self.type = type
    self.dataType = dataType
    self.options = options
  }

  /// The member an item of `gh project item-list --format json` holds the field's value in: the name with its
  /// first byte lowercased, as gh's `camelCase` makes it (`Story Points` → `story Points`). A name that starts with
  /// a non-ASCII character comes out of gh with that character's bytes as replacement characters, one a byte.
  public var member: String { Self.member(name) }

  static func member(_ name: String) -> String {
    guard let first = name.unicodeScalars.first else { return "" }
    let rest = String(name.unicodeScalars.dropFirst())
    if first.isASCII { return String(first).lowercased() + rest }
    return String(repeating: "\u{FFFD}", count: String(first).utf8.count) + rest
  }

  /// What kind of field it is for pmboard.
  var kind: Kind {
    let data = dataType?.uppercased()
    switch data ?? "" {
    case "SINGLE_SELECT": return .select
    case "ITERATION": return .iteration
    case "NUMBER": return .number
    case "DATE": return .date
    case "TEXT": return .text
    case "": break
    default: return Kind(builtIn: data ?? "") ?? .skipped
    }
    switch type {
    case "ProjectV2SingleSelectField": return .select
    case "ProjectV2IterationField": return .iteration
    default:
      // A `ProjectV2Field` without its data type: a built-in one by its name, else what its values are.
      return Kind(
        builtIn: name.uppercased().replacingOccurrences(of: " ", with: "_").replacingOccurrences(
          of: "-", with: "_")) ?? .fromValues
    }
  }

  enum Kind: Hashable {
    case select, iteration, number, date, text, title, assignees, labels, milestone
    /// A built-in field pmboard has no place for (repository, linked pull requests, reviewers, …).
    case skipped
    /// A `ProjectV2Field` of unknown data type: text, number or date, as its values are.
    case fromValues

    /// The built-in field GitHub's `dataType` (or the field's name in its form) names.
    init?(builtIn name: String) {
      switch name {
      case "TITLE": self = .title
      case "ASSIGNEES": self = .assignees
      case "LABELS": self = .labels
      case "MILESTONE": self = .milestone
      case "REPOSITORY", "LINKED_PULL_REQUESTS", "REVIEWERS", "TRACKS", "TRACKED_BY", "PARENT_ISSUE",
        "SUB_ISSUES_PROGRESS":
        self = .skipped
      default: return nil
      }
    }
  }

  private static let fieldNames = JSONNames(["name", "type", "dataType", "options"])
  private static let optionNames = JSONNames(["name"])

  /// The fields of `gh project field-list N --format json` (or of its `fields` array alone).
  public static func list(_ data: Data) throws(ImportFailure) -> [ProjectField] {
    let fields = try JSONInput.array(data, in: "fields", expecting: "fields (gh project field-list --format json)") {
      (scanner, path) throws(JSONError) in
      var options: [JSONMembers] = []
      let values = try scanner.members(path, fieldNames) { (scanner, member) throws(JSONError) in
        guard member == 3 else { return false }
        try scanner.forEachElement(path + ".options") { (scanner, index) throws(JSONError) in
          let optionPath = "\(path).options[\(index)]"
          let values = try scanner.members(optionPath, optionNames) ?? [nil]
          options.append(JSONMembers(values: values, names: optionNames, path: optionPath))
        }
        return true
      }
      guard let values else { throw scanner.mismatch(path, expected: "a field (an object)") }
      return (JSONMembers(values: values, names: fieldNames, path: path), options)
    }
    var list: [ProjectField] = []
    for (field, options) in fields {
      var names: [String] = []
      for option in options { names.append(try option.requiredString("name")) }
      list.append(
        ProjectField(
          name: try field.requiredString("name"), type: try field.requiredString("type"),
          dataType: try field.string("dataType"), options: names))
    }
    return list
  }
}
