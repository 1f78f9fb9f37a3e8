import Foundation
import PMBoardCore
import PMBoardStore

/// Reads `gh project item-list N --format json`: `{"items": [{"id": "PVTI_…", "content": {"type": "Issue", "title":
/// …, "body": …, "number": 17, "repository": "acme/app", "url": …}, "title": …, "status": "In Progress",
/// "priority": "P1", "story Points": 3, "iteration": {"title": "Sprint 4", "startDate": "2026-11-02", "duration":
/// 14}, "milestone": {"title": "Release 2.0", "description": "", "dueOn": "2026-12-15T00:00:00Z"}, "labels":
/// ["bug"], "assignees": ["mina"]}, …], "totalCount": 2}`. Each field's value is a member named after the field, its
/// first letter lowercased (``ProjectField/member``).
///
/// The item's id is the task's id in the source (a draft issue has one too), its content's title, body and address
/// are the task's; the Status is the column (``ProjectStatusMap``); labels and assignees are the task's. Every
/// other field is a board field (``GitHubProjectReader/Plan``): the milestone the built-in one, with its due date,
/// which is the task's due date too (as an issue's is).
/// `gh project item-list` gives no times: a change is recorded at the moment of the import.
struct GitHubProjectReader {
  var settings: ImportSettings

  /// A field's value as an item holds it, before its field's type is known.
  enum RawValue: Hashable {
    case text(String)
    case number(String)
    case names([String])
    case iteration(title: String?, start: String?, duration: String?)
    case milestone(title: String?, dueOn: String?)
    /// A value of another shape (true, an object of unknown members), read over.
    case other
  }

  /// One item as scanned: its id, its content's members, and its fields' values by member number.
  struct Scanned {
    var path: String
    var id: LooseValue?
    var content: JSONMembers?
    var values: [(member: Int, value: RawValue)] = []
  }

  /// The item members met, numbered in the order first met.
  struct Members {
    var names: [String] = []
    var numbers: [String: Int] = [:]

    mutating func number(_ name: String) -> Int {
      if let number = numbers[name] { return number }
      numbers[name] = names.count
      names.append(name)
      return names.count - 1
    }
  }

  private static let contentNames = JSONNames(["title", "body", "url"])
  private static let nestedNames = JSONNames(["title", "startDate", "duration", "dueOn"])

  func read(_ data: Data) throws(ImportFailure) -> ImportedSource {
    var members = Members()
    let scanned = try JSONInput.array(
      data, in: "items", expecting: "project items (gh project item-list N --format json)"
    ) { (scanner, path) throws(JSONError) in try Self.scan(&scanner, path: path, members: &members) }
    let plan = Plan(members: members.names, items: scanned, fieldList: settings.projectFields)
    var items: [ImportedItem] = []
    items.reserveCapacity(scanned.count)
    var names = CheckedNames()
    for item in scanned { items.append(try self.item(item, plan: plan, members: members.names, names: &names)) }
    return ImportedSource(fields: plan.fields, items: items)
  }

  /// Label and assignee lists as checked, by the list an item gave: items repeat a few, and checking each list
  /// again cost a tenth of a re-import of 100,000 items.
  struct CheckedNames {
    var labels: [[String]: NameSet] = [:]
    var assignees: [[String]: NameSet] = [:]

    mutating func checked(_ raw: [String], as kind: TaskRules.NameKind, path: @autoclosure () -> String)
      throws(ImportFailure) -> NameSet
    {
      if let known = kind == .label ? labels[raw] : assignees[raw] { return known }
      let names = try ImportText.names(raw, as: kind, path: path())
      if kind == .label { labels[raw] = names } else { assignees[raw] = names }
      return names
    }
  }

  private static func scan(_ scanner: inout JSONScanner, path: String, members: inout Members) throws(JSONError)
    -> Scanned
  {
    if scanner.peek() != UInt8(ascii: "{") { throw scanner.mismatch(path, expected: "a project item (an object)") }
    var object = try scanner.enterObject(path)
    var item = Scanned(path: path)
    while let name = try scanner.nextMemberName(&object) {
      switch name {
      case "id": item.id = try scanner.looseValue()
      case "content":
        let contentPath = path + ".content"
        item.content = try scanner.members(contentPath, contentNames).map {
          JSONMembers(values: $0, names: contentNames, path: contentPath)
        }
      default:
        if let value = try rawValue(&scanner, path: "\(path).\(name)") {
          item.values.append((members.number(name), value))
        }
      }
    }
    return item
  }

  /// A field's value; nil for null.
  private static func rawValue(_ scanner: inout JSONScanner, path: String) throws(JSONError) -> RawValue? {
    switch try scanner.next("a value") {
    case UInt8(ascii: "["):
      var names: [String] = []
      var shaped = true
      try scanner.forEachElement(path) { (scanner, _) throws(JSONError) in
        if case .text(let name)? = try scanner.looseValue() { names.append(name) } else { shaped = false }
      }
      return shaped ? .names(names) : .other
    case UInt8(ascii: "{"):
      guard let values = try scanner.members(path, nestedNames) else { return nil }
      let nested = JSONMembers(values: values, names: nestedNames, path: path)
      func text(_ name: String) -> String? {
        switch nested.value(name) {
        case .text(let text)?, .number(let text)?: text
        case .other?, nil: nil
        }
      }
      if nested.value("startDate") != nil || nested.value("duration") != nil {
        return .iteration(title: text("title"), start: text("startDate"), duration: text("duration"))
      }
      if nested.value("title") != nil { return .milestone(title: text("title"), dueOn: text("dueOn")) }
      return .other
    default:
      switch try scanner.looseValue() {
      case nil: return nil
      case .text(let text)?: return .text(text)
      case .number(let number)?: return .number(number)
      case .other?: return .other
      }
    }
  }

  private func item(_ scanned: Scanned, plan: Plan, members: [String], names: inout CheckedNames)
    throws(ImportFailure) -> ImportedItem
  {
    let path = scanned.path
    guard case .text(let id)? = scanned.id, !id.isEmpty else {
      throw ImportFailure("\(path).id: \(scanned.id.map { "expected a string, found \($0.described)" } ?? "missing")")
    }
    if let problem = TaskRules.checkSourceText(id) { throw ImportFailure("\(path).id: the id \(problem)") }
    var titleText = try scanned.content?.string("title")
    var statusText: String?
    var labels: [String] = []
    var assignees: [String] = []
    var values = [SourceValue?](repeating: nil, count: plan.fields.count)
    var due: CalendarDate?
    for (member, value) in scanned.values {
      let at = "\(path).\(members[member])"
      switch plan.roles[member] {
      case .skipped: break
      case .title:
        if titleText == nil, case .text(let text) = value { titleText = text }
      case .status:
        guard case .text(let text) = value else { throw ImportFailure("\(at): expected a status (a string)") }
        statusText = text
      case .labels: labels = try Self.names(value, at: at)
      case .assignees: assignees = try Self.names(value, at: at)
      case .field(let field):
        values[field] = try sourceValue(value, at: at)
        if plan.fields[field].builtIn == .milestone, case .option(let milestone)? = values[field] {
          due = milestone.due
        }
      }
    }
    guard let titleText else { throw ImportFailure("\(path).content.title: missing") }
    guard let state = settings.statusMap.state(of: statusText) else {
      let status = statusText ?? ""
      throw ImportFailure(
        "\(path).\(plan.statusMember ?? "status"): \"\(status)\" is no column; say where it goes, e.g. --status-map "
          + "\"\(status)=doing\" (todo, doing or done)")
    }
    var item = ImportedItem(
      sourceID: id, path: path, title: try ImportText.title(titleText, path: "\(path).content.title"),
      body: try ImportText.body(scanned.content?.string("body") ?? "", path: "\(path).content.body"), due: due,
      state: state)
    item.url = try ImportText.url(scanned.content?.string("url") ?? "", path: "\(path).content.url")
    item.labels = try names.checked(labels, as: .label, path: "\(path).labels")
    item.assignees = try names.checked(assignees, as: .assignee, path: "\(path).assignees")
    item.sourceValues = values
    return item
  }

  private static func names(_ value: RawValue, at path: String) throws(ImportFailure) -> [String] {
    guard case .names(let names) = value else { throw ImportFailure("\(path): expected a list of names") }
    return names
  }

  /// A value as its field reads it: an iteration or a milestone as an option with its dates.
  private func sourceValue(_ value: RawValue, at path: String) throws(ImportFailure) -> SourceValue? {
    switch value {
    case .text(let text): return .text(text)
    case .number(let number): return .number(number)
    case .names(let names): return .names(names)
    case .other: return nil
    case .iteration(let title, let start, let duration):
      guard let title else { return nil }
      var option = SourceOption(name: title, givesStart: true, givesDue: true)
      if let start, !start.isEmpty {
        guard let day = CalendarDate(iso: start) else {
          throw ImportFailure("\(path).startDate: \"\(start)\" is not a day such as 2026-11-02")
        }
        option.start = day
        if let days = duration.flatMap({ Int($0) }), days > 0 { option.due = day.adding(days: days - 1) }
      }
      return .option(option)
    case .milestone(let title, let dueOn):
      guard let title else { return nil }
      var option = SourceOption(name: title, givesDue: true)
      if let dueOn, !dueOn.isEmpty {
        if let day = CalendarDate(iso: dueOn) {
          option.due = day
        } else if dueOn.hasSuffix("Z"), let instant = Instant.parse(dueOn) {
          option.due = CalendarDate(instant, in: settings.timeZone)
        } else {
          throw ImportFailure("\(path).dueOn: \"\(dueOn)\" is not a date and time like 2026-12-15T00:00:00Z")
        }
      }
      return .option(option)
    }
  }
}
