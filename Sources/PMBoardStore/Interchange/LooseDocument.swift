import Foundation
import PMBoardCore

/// A JSON value expected to be a string, kept even when it is not, so the reader can say what is wrong.
public enum LooseString: Equatable {
  case text(String)
  /// Not a string: what was found instead (`null`, `the number 3.0`, `true`, `an object or array`).
  case other(String)

  public var value: String? {
    if case .text(let text) = self { text } else { nil }
  }

  public func required(_ path: @autoclosure () -> String, _ problems: inout [String]) -> String? {
    switch self {
    case .text(let text): return text
    case .other(let found):
      problems.append("\(path()): expected a string, found \(found)")
      return nil
    }
  }
}

public struct LooseDocument {
  public var format: LooseString?
  public var board: LooseBoard?
  public var tasks: [LooseTask]?
  public var history: [LooseEntry]?
  /// The JSON store's undo and redo lists (absent in plain interchange files).
  public var undo: [LooseChange]?
  public var redo: [LooseChange]?
}

public struct LooseBoard {
  public var title: LooseString?
  public var timeZone: LooseString?
  /// The field definitions' JSON text, decoded whole (``BoardFields/storedText``).
  public var fields: String?
}

/// A JSON value expected to be an array of strings (a task's labels or assignees), kept even when it is not.
public enum LooseNames: Equatable {
  case names([LooseString])
  /// Not an array: what was found instead.
  case other(String)
}

public struct LooseTask {
  public var id, title, body, due, state, url, created, updated: LooseString?
  public var labels, assignees: LooseNames?
  /// The values' JSON text, decoded whole (``FieldValues/storedText``).
  public var values: String?
  /// An imported task's source and its id there: both or neither.
  public var source, sourceID: LooseString?

  /// The member that holds `field`'s value, for a field whose ``TaskField/shape`` is one string (text, a date, a
  /// state, a link); nil for a set of names, which ``names(_:)`` holds.
  public subscript(field: TaskField) -> LooseString? {
    get {
      switch field {
      case .title: title
      case .body: body
      case .due: due
      case .state: state
      case .url: url
      case .labels, .assignees, .values: nil
      }
    }
    set {
      switch field {
      case .title: title = newValue
      case .body: body = newValue
      case .due: due = newValue
      case .state: state = newValue
      case .url: url = newValue
      case .labels, .assignees, .values: break
      }
    }
  }

  /// The member that holds a set of names (``TaskField/Shape/names``); nil for any other field.
  public func names(_ field: TaskField) -> LooseNames? {
    switch field {
    case .labels: labels
    case .assignees: assignees
    case .title, .body, .due, .state, .url, .values: nil
    }
  }

  public mutating func setNames(_ names: LooseNames?, of field: TaskField) {
    switch field {
    case .labels: labels = names
    case .assignees: assignees = names
    case .title, .body, .due, .state, .url, .values: break
    }
  }

  /// The names of `field`, checked by the rules (taken as written without `applyingRules`); problems added.
  private func checkedNames(
    _ field: TaskField, kind: TaskRules.NameKind, path: String, applyingRules: Bool, _ problems: inout [String]
  ) -> NameSet {
    switch names(field) {
    case nil: return []
    case .other(let found)?:
      problems.append("\(path).\(field.interchangeName): expected an array of strings, found \(found)")
      return []
    case .names(let loose)?:
      var texts: [String] = []
      for (index, name) in loose.enumerated() {
        if let text = name.required("\(path).\(field.interchangeName)[\(index)]", &problems) { texts.append(text) }
      }
      guard applyingRules else { return NameSet(texts) }
      switch TaskRules.checkNames(texts, as: kind) {
      case .success(let names): return names
      case .failure(let violation):
        problems.append("\(path).\(field.interchangeName): \(violation)")
        return []
      }
    }
  }

  /// The task, or nil with its problems added; `checkID` sees the parsed id first and may name a problem with it
  /// (a duplicate). With `applyingRules: false` the title and body are taken as written (an undo record's task,
  /// checked by the rules when it is applied, so that one bad record does not make a whole store unreadable).
  public func task(
    path: @autoclosure () -> String, problems: inout [String], applyingRules: Bool = true,
    checkID: (UUID) -> String?
  ) -> BoardTask? {
    let before = problems.count
    let idText = id?.required("\(path()).id", &problems)
    let uuid = idText.flatMap { UUID(text: $0) }
    if let idText, uuid == nil { problems.append("\(path()).id: \"\(idText)\" is not a UUID") }
    if let uuid, let problem = checkID(uuid) { problems.append(problem) }
    let titleText = title?.required("\(path()).title", &problems)
    if title == nil { problems.append("\(path()).title: missing") }
    // The rules' check trims the title; trimming (through `NSString`) is most of the cost of checking a task.
    var trimmedTitle: String?
    if let titleText, !applyingRules {
      trimmedTitle = titleText
    } else if let titleText {
      switch TaskRules.checkTitle(titleText) {
      case .success(let trimmed): trimmedTitle = trimmed
      case .failure(let violation): problems.append("\(path()).title: \(violation)")
      }
    }
    var bodyText = body.map { $0.required("\(path()).body", &problems) ?? "" } ?? ""
    switch applyingRules ? TaskRules.checkBody(bodyText) : .success(bodyText) {
    case .success(let normalized): bodyText = normalized
    case .failure(let violation): problems.append("\(path()).body: \(violation)")
    }
    var dueDate: CalendarDate?
    if let due, let text = due.required("\(path()).due", &problems) {
      dueDate = CalendarDate(iso: text)
      if dueDate == nil { problems.append("\(path()).due: \"\(text)\" is not a date (YYYY-MM-DD)") }
    }
    let stateValue = Self.state(state, path: "\(path()).state", &problems)
    if id == nil { problems.append("\(path()).id: missing") }
    if state == nil { problems.append("\(path()).state: missing") }
    let createdAt = Self.instant(created, path: "\(path()).created", &problems)
    let updatedAt = Self.instant(updated, path: "\(path()).updated", &problems)
    let taskSource = Self.source(name: source, id: sourceID, path: path(), &problems)
    let labelSet = checkedNames(.labels, kind: .label, path: path(), applyingRules: applyingRules, &problems)
    let assigneeSet = checkedNames(.assignees, kind: .assignee, path: path(), applyingRules: applyingRules, &problems)
    var link = url?.required("\(path()).url", &problems) ?? ""
    switch applyingRules ? TaskRules.checkURL(link) : .success(link) {
    case .success(let checked): link = checked
    case .failure(let violation): problems.append("\(path()).url: \(violation)")
    }
    var fieldValues = FieldValues()
    if let values {
      if let parsed = FieldValues(storedText: values) {
        fieldValues = parsed
      } else {
        problems.append("\(path()).fields: not an object of field values (docs/format.md)")
      }
    }
    guard problems.count == before, let uuid, let trimmedTitle, let stateValue else { return nil }
    let now = Date(timeIntervalSince1970: 0)
    return BoardTask(
      id: uuid, title: trimmedTitle, body: bodyText, due: dueDate, state: stateValue, labels: labelSet,
      assignees: assigneeSet, url: link, values: fieldValues, created: createdAt ?? now,
      updated: updatedAt ?? createdAt ?? now, source: taskSource)
  }

  /// `source` and `sourceId`, which an imported task has both of and any other task neither of.
  static func source(
    name: LooseString?, id: LooseString?, path: String, _ problems: inout [String]
  ) -> TaskSource? {
    guard name != nil || id != nil else { return nil }
    let nameText = name?.required("\(path).source", &problems)
    let idText = id?.required("\(path).sourceId", &problems)
    if name == nil { problems.append("\(path).source: missing; a task with a sourceId needs its source") }
    if id == nil { problems.append("\(path).sourceId: missing; a task with a source needs its sourceId") }
    guard let nameText, let idText else { return nil }
    var valid = true
    for (field, text) in [("source", nameText), ("sourceId", idText)] {
      if let problem = TaskRules.checkSourceText(text) {
        problems.append("\(path).\(field): \(problem)")
        valid = false
      }
    }
    return valid ? TaskSource(name: TaskRules.nfc(nameText), id: TaskRules.nfc(idText)) : nil
  }

  public static func state(_ loose: LooseString?, path: @autoclosure () -> String, _ problems: inout [String])
    -> TaskState?
  {
    guard let text = loose?.required(path(), &problems) else { return nil }
    guard let state = TaskState(rawValue: text) else {
      problems.append("\(path()): \"\(text)\" is not a state; use todo, doing or done")
      return nil
    }
    return state
  }

  public static func instant(_ loose: LooseString?, path: @autoclosure () -> String, _ problems: inout [String])
    -> Date?
  {
    guard let loose else { return nil }
    guard let text = loose.required(path(), &problems) else { return nil }
    guard let date = Instant.parse(text) else {
      problems.append("\(path()): \"\(text)\" is not a UTC instant like 2026-11-02T10:00:00Z")
      return nil
    }
    // Stores keep whole seconds; a fraction or a leap second would come back as another instant.
    if text.utf8.count != 20 || text.hasSuffix(":60Z") {
      problems.append(
        "\(path()): \"\(text)\" has a fraction or a leap second; pmboard keeps whole seconds "
          + "(write \(Instant.format(date)))")
      return nil
    }
    return date
  }
}

public struct LooseEntry {
  public var at, action, task, title, from, to, by, resolution: LooseString?
  public var fields: [LooseString]?
  /// The entry's value changes' JSON text (``ValueChange/storedText(_:)``).
  public var changes: String?

  /// The entry, or nil with its problems added. Its title obeys the rules of a task's title, as the title the task
  /// had: a control character in it would stop every later build, and a megabyte one would fill the history page.
  /// With `applyingRules: false` the title is taken as written (the entry of an undo record, whose tasks are
  /// checked only when it is applied, so that one bad record does not make a whole store unreadable).
  public func entry(
    path: @autoclosure () -> String, problems: inout [String], applyingRules: Bool = true
  ) -> HistoryEntry? {
    let before = problems.count
    if at == nil { problems.append("\(path()).at: missing") }
    let atDate = LooseTask.instant(at, path: "\(path()).at", &problems)
    var actionValue: HistoryAction?
    if let text = action?.required("\(path()).action", &problems) {
      actionValue = HistoryAction(rawValue: text)
      if actionValue == nil {
        problems.append("\(path()).action: \"\(text)\" is not an action; use added, edited, moved, removed or defined")
      }
    } else if action == nil {
      problems.append("\(path()).action: missing")
    }
    var taskID: UUID?
    if let text = task?.required("\(path()).task", &problems) {
      taskID = UUID(text: text)
      if taskID == nil { problems.append("\(path()).task: \"\(text)\" is not a UUID") }
    } else if task == nil {
      problems.append("\(path()).task: missing")
    }
    // A missing title reads as empty, as it did before the rule, and so does an empty one (what the writer makes of
    // a missing one: an export must read back); a title given must be one a task could have had.
    var titleText = ""
    if let text = title?.required("\(path()).title", &problems), !text.isEmpty {
      switch applyingRules ? TaskRules.checkTitle(text) : .success(text) {
      case .success(let checked): titleText = checked
      case .failure(let violation): problems.append("\(path()).title: \(violation)")
      }
    }
    let fromState = from.flatMap { LooseTask.state($0, path: "\(path()).from", &problems) }
    let toState = to.flatMap { LooseTask.state($0, path: "\(path()).to", &problems) }
    if let actionValue {
      let needsFrom = actionValue == .moved || actionValue == .removed
      let needsTo = actionValue == .moved || actionValue == .added
      if needsFrom, from == nil { problems.append("\(path()).from: missing; a \(actionValue.rawValue) entry needs it") }
      if needsTo, to == nil { problems.append("\(path()).to: missing; a \(actionValue.rawValue) entry needs it") }
    }
    var fieldList: [TaskField] = []
    for (index, field) in (fields ?? []).enumerated() {
      guard let text = field.required("\(path()).fields[\(index)]", &problems) else { continue }
      if let value = TaskField(editedFieldName: text) {
        fieldList.append(value)
      } else {
        problems.append("\(path()).fields[\(index)]: \"\(text)\" is not a field; use title, body or due")
      }
    }
    var author = ""
    if let text = by?.required("\(path()).by", &problems) {
      switch TaskRules.checkAuthor(text) {
      case .success(let checked): author = checked
      case .failure(let violation): problems.append("\(path()).by: \(violation)")
      }
    }
    var resolutionValue: SyncResolution?
    if let text = resolution?.required("\(path()).resolution", &problems) {
      resolutionValue = SyncResolution(rawValue: text)
      if resolutionValue == nil {
        problems.append("\(path()).resolution: \"\(text)\" is not a resolution; use merged or lost")
      }
    }
    var changeList: [ValueChange] = []
    if let changes {
      if let parsed = ValueChange.list(storedText: changes) {
        changeList = parsed
      } else {
        problems.append("\(path()).changes: not a list of field changes (docs/format.md)")
      }
    }
    guard problems.count == before, let atDate, let actionValue, let taskID else { return nil }
    return HistoryEntry(
      at: atDate, action: actionValue, taskID: taskID, title: titleText, from: fromState, to: toState,
      fields: fieldList, author: author, resolution: resolutionValue, changes: changeList)
  }
}
