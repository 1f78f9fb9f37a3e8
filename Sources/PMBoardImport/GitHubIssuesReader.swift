import Foundation
import PMBoardCore
import PMBoardStore

/// Reads `gh issue list --state all --json
/// number,title,body,state,labels,assignees,milestone,url,createdAt,updatedAt,closedAt`: an open issue is TODO
/// (DOING with the settings' label), a closed one DONE; the due date is the milestone's, as the day it falls on in
/// the board's time zone. Labels stay labels; the milestone is the value of the board's built-in milestone field, made
/// or updated by the import with its due date (and its state, `OPEN` or `CLOSED`, where the input has one: `gh issue
/// list` leaves it out, GitHub's REST API gives it, with `due_on`); assignees are their logins; the issue's address is
/// the task's link (a card shows it as `#17`). The issue number is the task's id in the source.
struct GitHubIssuesReader {
  var settings: ImportSettings

  /// One issue as scanned: its scalar members, its milestone's and its labels' names.
  private struct Scanned {
    var issue: JSONMembers
    var milestone: JSONMembers?
    var labels: [JSONMembers]
    var assignees: [JSONMembers]
  }

  private static let issueNames = JSONNames([
    "number", "title", "body", "state", "createdAt", "updatedAt", "closedAt", "milestone", "labels", "assignees", "url",
  ])
  private static let milestoneNames = JSONNames(["dueOn", "title", "state", "due_on"])

  /// The built-in milestone field, the one field an issue has.
  static let milestoneField = SourceField(
    name: "milestone", type: .milestone, builtIn: .milestone, addsOptions: true, place: .member("milestone"))
  private static let labelNames = JSONNames(["name"])
  private static let assigneeNames = JSONNames(["login"])

  func read(_ data: Data) throws(ImportFailure) -> ImportedSource {
    let issues = try JSONInput.array(data, expecting: "issues (gh issue list --json …)") {
      (scanner, path) throws(JSONError) in try Self.scan(&scanner, path: path)
    }
    var items: [ImportedItem] = []
    items.reserveCapacity(issues.count)
    for issue in issues { items.append(try item(issue)) }
    return ImportedSource(fields: [Self.milestoneField], items: items)
  }

  private static func scan(_ scanner: inout JSONScanner, path: String) throws(JSONError) -> Scanned {
    var milestone: JSONMembers?
    var labels: [JSONMembers] = []
    var assignees: [JSONMembers] = []
    if scanner.peek() == UInt8(ascii: "n") { throw scanner.mismatch(path, expected: "an issue (an object)") }
    let values = try scanner.members(path, issueNames) { (scanner, member) throws(JSONError) in
      switch member {
      case 7:
        let milestonePath = path + ".milestone"
        milestone = try scanner.members(milestonePath, milestoneNames).map {
          JSONMembers(values: $0, names: milestoneNames, path: milestonePath)
        }
      case 8:
        try scanner.forEachElement(path + ".labels") { (scanner, index) throws(JSONError) in
          let labelPath = "\(path).labels[\(index)]"
          let values = try scanner.members(labelPath, labelNames) ?? [nil]
          labels.append(JSONMembers(values: values, names: labelNames, path: labelPath))
        }
      case 9:
        try scanner.forEachElement(path + ".assignees") { (scanner, index) throws(JSONError) in
          let assigneePath = "\(path).assignees[\(index)]"
          let values = try scanner.members(assigneePath, assigneeNames) ?? [nil]
          assignees.append(JSONMembers(values: values, names: assigneeNames, path: assigneePath))
        }
      default: return false
      }
      return true
    }
    guard let values else { throw scanner.mismatch(path, expected: "an issue (an object)") }
    return Scanned(
      issue: JSONMembers(values: values, names: issueNames, path: path), milestone: milestone, labels: labels,
      assignees: assignees)
  }

  private func item(_ scanned: Scanned) throws(ImportFailure) -> ImportedItem {
    let issue = scanned.issue
    guard let numberValue = issue.value("number") else { throw ImportFailure("\(issue.at("number")): missing") }
    guard case .number(let numberText) = numberValue, let number = Int(numberText), number > 0 else {
      throw ImportFailure("\(issue.at("number")): expected an issue number, found \(numberValue.described)")
    }
    let title = try ImportText.title(issue.requiredString("title"), path: issue.at("title"))
    let body = try ImportText.body(issue.string("body") ?? "", path: issue.at("body"))
    let stateText = try issue.requiredString("state")
    let closed: Bool
    switch stateText.lowercased() {
    case "open": closed = false
    case "closed": closed = true
    default: throw ImportFailure("\(issue.at("state")): \"\(stateText)\" is not OPEN or CLOSED")
    }
    let state: TaskState = closed ? .done : (try hasDoingLabel(scanned.labels) ? .doing : .todo)
    let milestone = try scanned.milestone.map(self.milestone)
    let updated = try issue.instant("updatedAt")
    var item = ImportedItem(
      sourceID: String(number), path: issue.path, title: title, body: body, due: milestone?.due, state: state,
      created: try issue.instant("createdAt"), updated: updated,
      stateChanged: closed ? try issue.instant("closedAt") ?? updated : updated)
    var labelTexts: [String] = []
    for label in scanned.labels { labelTexts.append(try label.requiredString("name")) }
    item.sourceValues = [milestone.map(SourceValue.option)]
    item.labels = try ImportText.names(labelTexts, as: .label, path: issue.at("labels"))
    var logins: [String] = []
    for assignee in scanned.assignees { logins.append(try assignee.requiredString("login")) }
    item.assignees = try ImportText.names(logins, as: .assignee, path: issue.at("assignees"))
    item.url = try ImportText.url(issue.string("url") ?? "", path: issue.at("url"))
    return item
  }

  /// The milestone as the option of the built-in field: its title, its due day in the board's zone, its state.
  private func milestone(_ milestone: JSONMembers) throws(ImportFailure) -> SourceOption {
    var option = SourceOption(name: try milestone.requiredString("title"), givesDue: true)
    let dueName = milestone.value("dueOn") == nil && milestone.value("due_on") != nil ? "due_on" : "dueOn"
    if let dueOn = try milestone.instant(dueName) { option.due = CalendarDate(dueOn, in: settings.timeZone) }
    if let state = try milestone.string("state") {
      switch state.lowercased() {
      case "open": option.isClosed = false
      case "closed": option.isClosed = true
      default: throw ImportFailure("\(milestone.at("state")): \"\(state)\" is not OPEN or CLOSED")
      }
    }
    return option
  }

  private func hasDoingLabel(_ labels: [JSONMembers]) throws(ImportFailure) -> Bool {
    guard let doing = settings.doingLabel?.lowercased(), !doing.isEmpty else { return false }
    for label in labels where try label.requiredString("name").lowercased() == doing { return true }
    return false
  }
}
