import Foundation
import PMBoardCore
import PMBoardStore

/// Reads `task export`: pending (and waiting) tasks are TODO, started ones DOING, completed ones DONE, deleted ones
/// leave the board; the due date is the day Taskwarrior's due instant falls on in the board's time zone, and the
/// annotations, one a line, are the body. A recurring task's template (status `recurring`) is not a task to do:
/// its instances are, and they are in the export as pending tasks of their own. Tags are labels. The project and the
/// priority are select fields (`project`: its options are the projects met; `priority`: H, M, L), and each
/// user-defined attribute (a member Taskwarrior itself does not define) is a field of its own: a number field when
/// every value is a number, a date field when every value is a date and time, else a text field. (pmboard 0.16.0 and
/// older made `project:NAME` and `priority:H` labels; the first re-import moves them to the fields.)
struct TaskwarriorReader {
  var settings: ImportSettings

  /// The members Taskwarrior defines (`task _columns`) and its bookkeeping: not user-defined attributes.
  private static let coreNames: Set<String> = [
    "id", "uuid", "description", "status", "entry", "modified", "end", "due", "start", "wait", "scheduled", "until",
    "recur", "mask", "imask", "parent", "annotations", "tags", "project", "priority", "depends", "urgency", "rtype",
    "template", "last",
  ]
  static let projectField = SourceField(name: "project", type: .select, addsOptions: true, place: .member("project"))
  static let priorityField = SourceField(
    name: "priority", type: .select, options: ["H", "M", "L"].map { SourceOption(name: $0) }, addsOptions: true,
    place: .member("priority"))

  /// One task as scanned: its members, annotations, tags and the attributes it has beyond Taskwarrior's own.
  private struct Scanned {
    var task: JSONMembers
    var annotations: [JSONMembers]
    var tags: [LooseValue?]
    var attributes: [(name: String, value: LooseValue)]
  }

  private static let taskNames = JSONNames([
    "uuid", "description", "status", "entry", "modified", "end", "due", "start", "annotations", "tags", "project",
    "priority",
  ])
  private static let annotationNames = JSONNames(["description"])

  func read(_ data: Data) throws(ImportFailure) -> ImportedSource {
    let tasks = try JSONInput.array(data, expecting: "tasks (task export)") {
      (scanner, path) throws(JSONError) in try Self.scan(&scanner, path: path)
    }
    let attributes = Self.attributeTypes(tasks)
    var fields = [Self.projectField, Self.priorityField]
    for (name, type) in attributes { fields.append(SourceField(name: name, type: type, place: .member(name))) }
    let index = Dictionary(uniqueKeysWithValues: attributes.enumerated().map { ($0.element.name, $0.offset + 2) })
    var items: [ImportedItem] = []
    items.reserveCapacity(tasks.count)
    for scanned in tasks {
      guard var item = try item(scanned.task, annotations: scanned.annotations) else { continue }
      item.labels = try labels(scanned.task, tags: scanned.tags)
      var values = [SourceValue?](repeating: nil, count: fields.count)
      if let project = try scanned.task.string("project") { values[0] = .text(project) }
      if let priority = try scanned.task.string("priority") { values[1] = .text(priority) }
      for (name, value) in scanned.attributes {
        guard let field = index[name] else { continue }
        values[field] = try attribute(value, as: fields[field].type, at: "\(scanned.task.path).\(name)")
      }
      item.sourceValues = values
      items.append(item)
    }
    return ImportedSource(fields: fields, items: items)
  }

  private static func scan(_ scanner: inout JSONScanner, path: String) throws(JSONError) -> Scanned {
    var annotations: [JSONMembers] = []
    var tags: [LooseValue?] = []
    var attributes: [(name: String, value: LooseValue)] = []
    if scanner.peek() == UInt8(ascii: "n") { throw scanner.mismatch(path, expected: "a task (an object)") }
    let values = try scanner.members(
      path, taskNames,
      nested: { (scanner, member) throws(JSONError) in
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
      },
      other: { name, value in
        guard let value, !coreNames.contains(name) else { return }
        if case .other = value { return }
        attributes.append((name, value))
      })
    guard let values else { throw scanner.mismatch(path, expected: "a task (an object)") }
    return Scanned(
      task: JSONMembers(values: values, names: taskNames, path: path), annotations: annotations, tags: tags,
      attributes: attributes)
  }

  /// Each user-defined attribute in the order first met, with the type its values share: number, date (every
  /// value a date and time like 20261130T150000Z) or text.
  private static func attributeTypes(_ tasks: [Scanned]) -> [(name: String, type: FieldType)] {
    var found: [(name: String, type: FieldType)] = []
    var index: [String: Int] = [:]
    for task in tasks {
      for (name, value) in task.attributes {
        let type: FieldType
        switch value {
        case .number: type = .number
        case .text(let text): type = basicInstant(text) != nil ? .date : .text
        case .other: continue
        }
        if let at = index[name] {
          if found[at].type != type { found[at].type = .text }
        } else {
          index[name] = found.count
          found.append((name, type))
        }
      }
    }
    return found
  }

  /// An attribute's value as its field's type reads it: a date and time as the day it falls on in the board's zone.
  private func attribute(_ value: LooseValue, as type: FieldType, at path: String) throws(ImportFailure)
    -> SourceValue?
  {
    switch value {
    case .number(let number): return type == .text ? .text(number) : .number(number)
    case .text(let text):
      guard type == .date else { return .text(text) }
      guard let instant = Self.basicInstant(text) else {
        throw ImportFailure("\(path): \"\(text)\" is not a date and time like 20261130T150000Z")
      }
      return .date(CalendarDate(instant, in: settings.timeZone))
    case .other: return nil
    }
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

  /// The task's tags as labels.
  private func labels(_ task: JSONMembers, tags: [LooseValue?]) throws(ImportFailure) -> NameSet {
    var names: [String] = []
    for (index, tag) in tags.enumerated() {
      guard case .text(let text)? = tag else {
        throw ImportFailure("\(task.path).tags[\(index)]: expected a tag (a string), found \(tag?.described ?? "null")")
      }
      names.append(text)
    }
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
