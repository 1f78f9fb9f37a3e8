import Foundation
import PMBoardCore

/// Reads `gh issue list --state all --json number,title,body,state,milestone,labels,createdAt,updatedAt,closedAt`:
/// an open issue is TODO (DOING with the settings' label), a closed one DONE; the due date is the milestone's, as
/// the day it falls on in the board's time zone. The issue number is the task's id in the source.
struct GitHubIssuesReader {
  var settings: ImportSettings

  func items(_ data: Data) throws(ImportFailure) -> [ImportedItem] {
    let issues = try JSONInput.array(data, expecting: "issues (gh issue list --json …)")
    var items: [ImportedItem] = []
    items.reserveCapacity(issues.count)
    for (index, value) in issues.enumerated() {
      items.append(try item(JSONObject(value, path: "[\(index)]", what: "an issue")))
    }
    return items
  }

  private func item(_ issue: JSONObject) throws(ImportFailure) -> ImportedItem {
    guard let numberValue = issue.value("number") else { throw ImportFailure("\(issue.at("number")): missing") }
    guard let number = numberValue as? Int, !(numberValue is String), number > 0 else {
      throw ImportFailure(
        "\(issue.at("number")): expected an issue number, found \(JSONInput.describe(numberValue))")
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
    let state: TaskState = closed ? .done : (try hasDoingLabel(issue) ? .doing : .todo)
    var due: CalendarDate?
    if let milestone = try issue.object("milestone", what: "a milestone"), let dueOn = try milestone.instant("dueOn") {
      due = CalendarDate(dueOn, in: settings.timeZone)
    }
    let updated = try issue.instant("updatedAt")
    return ImportedItem(
      sourceID: String(number), path: issue.path, title: title, body: body, due: due, state: state,
      created: try issue.instant("createdAt"), updated: updated,
      stateChanged: closed ? try issue.instant("closedAt") ?? updated : updated)
  }

  private func hasDoingLabel(_ issue: JSONObject) throws(ImportFailure) -> Bool {
    guard let doing = settings.doingLabel?.lowercased(), !doing.isEmpty else { return false }
    for (index, value) in try issue.array("labels").enumerated() {
      let label = try JSONObject(value, path: "\(issue.at("labels"))[\(index)]", what: "a label")
      if try label.requiredString("name").lowercased() == doing { return true }
    }
    return false
  }
}
