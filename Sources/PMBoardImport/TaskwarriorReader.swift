import Foundation
import PMBoardCore
import PMBoardStore

/// Reads `task export`: pending (and waiting) tasks are TODO, started ones DOING, completed ones DONE, deleted ones
/// leave the board; the due date is the day Taskwarrior's due instant falls on in the board's time zone, and the
/// annotations, one a line, are the body. A recurring task's template (status `recurring`) is not a task to do:
/// its instances are, and they are in the export as pending tasks of their own. Tags are labels, and so are the
/// project (`project:NAME`) and the priority (`priority:H`).
struct TaskwarriorReader {
  var settings: ImportSettings

  private static let taskNames = JSONNames([
    "uuid", "description", "status", "entry", "modified", "end", "due", "start", "annotations", "tags", "project",
    "priority",
  ])
  private static let annotationNames = JSONNames(["description"])

  func items(_ data: Data) throws(ImportFailure) -> [ImportedItem] {
    let tasks = try JSONInput.array(data, expecting: "tasks (task export)") {
      (scanner, path) throws(JSONError) in try Self.scan(&scanner, path: path)
    }
    var items: [ImportedItem] = []
    items.reserveCapacity(tasks.count)
    for (task, annotations, tags) in tasks {
      guard var item = try item(task, annotations: annotations) else { continue }
      item.labels = try labels(task, tags: tags)
      items.append(item)
    }
    return items
  }

  private static func scan(_ scanner: inout JSONScanner, path: String) throws(JSONError) -> (
    JSONMembers, [JSONMembers], [LooseValue?]
  ) {
    var annotations: [JSONMembers] = []
    var tags: [LooseValue?] = []
    if scanner.peek() == UInt8(ascii: "n") { throw scanner.mismatch(path, expected: "a task (an object)") }
    let values = try scanner.members(path, taskNames) { (scanner, member) throws(JSONError) in
      if member == 9 {
        try scanner.forEachElement(path + ".tags") { (scanner, _) throws(JSONError) in
          tags.append(try scanner.looseValue())
        }
        return true
      }
      guard member == 8 else { return false }
      try scanner.forEachElement(path + ".annotations") { (scanner, index) throws(JSONError) in
        let notePath = "\(path).annotations[\(index)]"
        let values = try scanner.members(notePath, annotationNames) ?? [nil]
        annotations.append(JSONMembers(values: values, names: annotationNames, path: notePath))
      }
      return true
    }
    guard let values else { throw scanner.mismatch(path, expected: "a task (an object)") }
    return (JSONMembers(values: values, names: taskNames, path: path), annotations, tags)
  }

  private func item(_ task: JSONMembers, annotations: [JSONMembers]) throws(ImportFailure) -> ImportedItem? {
    let uuid = try task.requiredString("uuid")
    guard UUID(uuidString: uuid) != nil else {
      throw ImportFailure("\(task.at("uuid")): \"\(uuid)\" is not a UUID")
    }
    let status = try task.requiredString("status")
    let started = try instant(task, "start") != nil
    let state: TaskState
    var removed = false
    switch status {
    case "pending", "waiting": state = started ? .doing : .todo
    case "completed": state = .done
    case "deleted":
      state = .todo
      removed = true
    case "recurring": return nil
    default:
      throw ImportFailure(
        "\(task.at("status")): \"\(status)\" is not a Taskwarrior status (pending, waiting, completed, deleted)")
    }
    let title = try ImportText.title(task.requiredString("description"), path: task.at("description"))
    var notes: [String] = []
    for annotation in annotations { notes.append(try annotation.requiredString("description")) }
    let body = try ImportText.body(notes.joined(separator: "\n"), path: task.at("annotations"))
    let due = try instant(task, "due").map { CalendarDate($0, in: settings.timeZone) }
    let modified = try instant(task, "modified")
    let end = try instant(task, "end")
    return ImportedItem(
      sourceID: uuid.lowercased(), path: task.path, title: title, body: body, due: due, state: state,
      created: try instant(task, "entry"), updated: modified, stateChanged: end ?? modified, removed: removed)
  }

  /// The task's tags, `project:NAME` and `priority:P` as labels.
  private func labels(_ task: JSONMembers, tags: [LooseValue?]) throws(ImportFailure) -> NameSet {
    var names: [String] = []
    for (index, tag) in tags.enumerated() {
      guard case .text(let text)? = tag else {
        throw ImportFailure("\(task.path).tags[\(index)]: expected a tag (a string), found \(tag?.described ?? "null")")
      }
      names.append(text)
    }
    if let project = try task.string("project"), !project.isEmpty { names.append("project:" + project) }
    if let priority = try task.string("priority"), !priority.isEmpty { names.append("priority:" + priority) }
    return try ImportText.names(names, as: .label, path: task.at("tags"))
  }

  /// Taskwarrior's instants: `20261130T150000Z` (ISO 8601's basic form, UTC).
  private func instant(_ task: JSONMembers, _ name: String) throws(ImportFailure) -> Date? {
    guard let text = try task.string(name) else { return nil }
    guard let date = Self.basicInstant(text) else {
      throw ImportFailure("\(task.at(name)): \"\(text)\" is not a date and time like 20261130T150000Z")
    }
    return date
  }

  static func basicInstant(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count == 16, bytes[8] == UInt8(ascii: "T"), bytes[15] == UInt8(ascii: "Z") else { return nil }
    let digits = bytes[0..<8] + bytes[9..<15]
    guard digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
    let parts = Array(text)
    let extended =
      "\(String(parts[0..<4]))-\(String(parts[4..<6]))-\(String(parts[6..<8]))T"
      + "\(String(parts[9..<11])):\(String(parts[11..<13])):\(String(parts[13..<15]))Z"
    return Instant.parse(extended)
  }
}
