import Foundation

/// Reads interchange JSON (`pmboard/1`) and checks every field, reporting every problem with its JSON path.
///
/// Nothing is half-read: either the whole board comes back or `ImportError` lists all that is wrong.
public struct InterchangeReader: Sendable {
  public init() {}

  public func board(from data: Data, source: String) throws(ImportError) -> Board {
    try read(data, source: source).board
  }

  /// The board plus the JSON store's own undo and redo lists (absent in plain interchange files).
  func read(_ data: Data, source: String) throws(ImportError) -> (
    board: Board, undo: [BoardChange], redo: [BoardChange]
  ) {
    guard String(validating: data, as: UTF8.self) != nil else {
      throw ImportError(source: source, problems: ["the file is not UTF-8 text; save it as UTF-8"])
    }
    // Well-typed files (nearly all) take the strict decoder, several times faster than decoding every field
    // loosely; only a file with a wrongly typed field is decoded again to say exactly what is wrong.
    let document: LooseDocument
    do {
      document = try JSONDecoder().decode(StrictDocument.self, from: data).loose
    } catch {
      do {
        document = try JSONDecoder().decode(LooseDocument.self, from: data)
      } catch {
        throw ImportError(source: source, problems: ["not valid pmboard JSON: \(Self.describe(error))"])
      }
    }
    var problems: [String] = []
    switch document.format?.value {
    case InterchangeWriter.format?: break
    case let other?:
      throw ImportError(
        source: source, problems: ["format: \"\(other)\" is not supported; expected \"\(InterchangeWriter.format)\""])
    case nil:
      throw ImportError(
        source: source, problems: ["format: missing; a pmboard file starts with \"format\": \"pmboard/1\""])
    }
    let title = document.board?.title?.value ?? ""
    if title.trimmingCharacters(in: .whitespaces).isEmpty { problems.append("board.title: missing or empty") }
    let zone = document.board?.timeZone?.value ?? ""
    if TimeZone(identifier: zone) == nil {
      problems.append("board.timeZone: \"\(zone)\" is not an IANA time zone name (e.g. \"Asia/Seoul\")")
    }
    var seen: [UUID: Int] = [:]
    var tasks: [BoardTask] = []
    tasks.reserveCapacity(document.tasks?.count ?? 0)
    for (index, loose) in (document.tasks ?? []).enumerated() {
      let path = "tasks[\(index)]"
      if let id = loose.id?.value.flatMap(SQLiteRecords.uuid) {
        if let first = seen[id] {
          problems.append(
            "\(path).id: \"\(id.uuidString.lowercased())\" is also the id of tasks[\(first)]; ids must be unique")
        } else {
          seen[id] = index
        }
      }
      if let task = loose.task(path: path, problems: &problems) { tasks.append(task) }
    }
    var history: [HistoryEntry] = []
    history.reserveCapacity(document.history?.count ?? 0)
    for (index, loose) in (document.history ?? []).enumerated() {
      if let entry = loose.entry(path: "history[\(index)]", problems: &problems) { history.append(entry) }
    }
    guard problems.isEmpty else { throw ImportError(source: source, problems: problems) }
    return (
      Board(info: BoardInfo(title: title, timeZoneID: zone), tasks: tasks, history: history),
      document.undo ?? [], document.redo ?? []
    )
  }

  private static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    switch error {
    case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context),
      .keyNotFound(_, let context):
      let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
      let detail = (context.underlyingError as NSError?)?.userInfo["NSDebugDescription"] as? String
      return [path.isEmpty ? nil : String(path.drop { $0 == "." }), detail ?? context.debugDescription]
        .compactMap { $0 }.joined(separator: ": ")
    @unknown default:
      return "\(error)"
    }
  }
}

/// Everything wrong with an import file; nothing was imported.
public struct ImportError: Error, Sendable, CustomStringConvertible {
  public var source: String
  public var problems: [String]

  public var description: String {
    let shown = problems.prefix(50).map { "\(source): \($0)" }
    let more = problems.count > 50 ? ["… and \(problems.count - 50) more problems"] : []
    return (shown + more + ["nothing was imported; fix the file and run the command again"])
      .joined(separator: "\n")
  }
}

/// A JSON value expected to be a string, kept even when it is not, so the reader can say what is wrong.
struct LooseString: Decodable {
  var value: String?
  var found: String?

  init(_ value: String) { self.value = value }

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let text = try? container.decode(String.self) {
      value = text
    } else if container.decodeNil() {
      found = "null"
    } else if let number = try? container.decode(Double.self) {
      found = "the number \(number)"
    } else if let flag = try? container.decode(Bool.self) {
      found = "\(flag)"
    } else {
      found = "an object or array"
    }
  }

  func required(_ path: String, _ problems: inout [String]) -> String? {
    if let value { return value }
    problems.append("\(path): \(found.map { "expected a string, found \($0)" } ?? "missing")")
    return nil
  }
}

private struct LooseDocument: Decodable {
  var format: LooseString?
  var board: LooseBoard?
  var tasks: [LooseTask]?
  var history: [LooseEntry]?
  var undo: [BoardChange]?
  var redo: [BoardChange]?
}

private struct LooseBoard: Decodable {
  var title: LooseString?
  var timeZone: LooseString?
}

private struct LooseTask: Decodable {
  var id, title, body, due, state, created, updated: LooseString?

  func task(path: String, problems: inout [String]) -> BoardTask? {
    let before = problems.count
    let idText = id?.required("\(path).id", &problems)
    let uuid = idText.flatMap(SQLiteRecords.uuid)
    if let idText, uuid == nil { problems.append("\(path).id: \"\(idText)\" is not a UUID") }
    let titleText = title?.required("\(path).title", &problems)
    if title == nil { problems.append("\(path).title: missing") }
    if let titleText, case .failure(let violation) = TaskRules.checkTitle(titleText) {
      problems.append("\(path).title: \(violation)")
    }
    let bodyText = body.map { $0.required("\(path).body", &problems) ?? "" } ?? ""
    if case .failure(let violation) = TaskRules.checkBody(bodyText) { problems.append("\(path).body: \(violation)") }
    var dueDate: CalendarDate?
    if let due, let text = due.required("\(path).due", &problems) {
      dueDate = CalendarDate(iso: text)
      if dueDate == nil { problems.append("\(path).due: \"\(text)\" is not a date (YYYY-MM-DD)") }
    }
    let stateValue = Self.state(state, path: "\(path).state", &problems)
    if id == nil { problems.append("\(path).id: missing") }
    if state == nil { problems.append("\(path).state: missing") }
    let createdAt = Self.instant(created, path: "\(path).created", &problems)
    let updatedAt = Self.instant(updated, path: "\(path).updated", &problems)
    guard problems.count == before, let uuid, let titleText, let stateValue else { return nil }
    let now = Date(timeIntervalSince1970: 0)
    return BoardTask(
      id: uuid, title: titleText.trimmingCharacters(in: .whitespacesAndNewlines), body: bodyText, due: dueDate,
      state: stateValue, created: createdAt ?? now, updated: updatedAt ?? createdAt ?? now)
  }

  static func state(_ loose: LooseString?, path: String, _ problems: inout [String]) -> TaskState? {
    guard let text = loose?.required(path, &problems) else { return nil }
    guard let state = TaskState(rawValue: text) else {
      problems.append("\(path): \"\(text)\" is not a state; use todo, doing or done")
      return nil
    }
    return state
  }

  static func instant(_ loose: LooseString?, path: String, _ problems: inout [String]) -> Date? {
    guard let loose else { return nil }
    guard let text = loose.required(path, &problems) else { return nil }
    guard let date = Instant.parse(text) else {
      problems.append("\(path): \"\(text)\" is not a UTC instant like 2026-11-02T10:00:00Z")
      return nil
    }
    return date
  }
}

private struct LooseEntry: Decodable {
  var at, action, task, title, from, to: LooseString?
  var fields: [LooseString]?

  func entry(path: String, problems: inout [String]) -> HistoryEntry? {
    let before = problems.count
    if at == nil { problems.append("\(path).at: missing") }
    let atDate = LooseTask.instant(at, path: "\(path).at", &problems)
    var actionValue: HistoryAction?
    if let text = action?.required("\(path).action", &problems) {
      actionValue = HistoryAction(rawValue: text)
      if actionValue == nil {
        problems.append("\(path).action: \"\(text)\" is not an action; use added, edited, moved or removed")
      }
    } else if action == nil {
      problems.append("\(path).action: missing")
    }
    var taskID: UUID?
    if let text = task?.required("\(path).task", &problems) {
      taskID = SQLiteRecords.uuid(text)
      if taskID == nil { problems.append("\(path).task: \"\(text)\" is not a UUID") }
    } else if task == nil {
      problems.append("\(path).task: missing")
    }
    let titleText = title?.required("\(path).title", &problems) ?? ""
    let fromState = from.flatMap { LooseTask.state($0, path: "\(path).from", &problems) }
    let toState = to.flatMap { LooseTask.state($0, path: "\(path).to", &problems) }
    if let actionValue {
      let needsFrom = actionValue == .moved || actionValue == .removed
      let needsTo = actionValue == .moved || actionValue == .added
      if needsFrom, from == nil { problems.append("\(path).from: missing; a \(actionValue.rawValue) entry needs it") }
      if needsTo, to == nil { problems.append("\(path).to: missing; a \(actionValue.rawValue) entry needs it") }
    }
    var fieldList: [TaskField] = []
    for (index, field) in (fields ?? []).enumerated() {
      guard let text = field.required("\(path).fields[\(index)]", &problems) else { continue }
      if let value = TaskField(rawValue: text) {
        fieldList.append(value)
      } else {
        problems.append("\(path).fields[\(index)]: \"\(text)\" is not a field; use title, body or due")
      }
    }
    guard problems.count == before, let atDate, let actionValue, let taskID else { return nil }
    return HistoryEntry(
      at: atDate, action: actionValue, taskID: taskID, title: titleText, from: fromState, to: toState,
      fields: fieldList)
  }
}

/// The interchange document with every field of the expected JSON type; converts to the loose form for checking.
private struct StrictDocument: Decodable {
  var format: String?
  var board: StrictBoard?
  var tasks: [StrictTask]?
  var history: [StrictEntry]?
  var undo: [BoardChange]?
  var redo: [BoardChange]?

  struct StrictBoard: Decodable {
    var title: String?
    var timeZone: String?
  }

  struct StrictTask: Decodable {
    var id, title, body, due, state, created, updated: String?
  }

  struct StrictEntry: Decodable {
    var at, action, task, title, from, to: String?
    var fields: [String]?
  }

  var loose: LooseDocument {
    LooseDocument(
      format: format.map(LooseString.init),
      board: board.map { LooseBoard(title: $0.title.map(LooseString.init), timeZone: $0.timeZone.map(LooseString.init)) },
      tasks: tasks?.map { task in
        LooseTask(
          id: task.id.map(LooseString.init), title: task.title.map(LooseString.init),
          body: task.body.map(LooseString.init), due: task.due.map(LooseString.init),
          state: task.state.map(LooseString.init), created: task.created.map(LooseString.init),
          updated: task.updated.map(LooseString.init))
      },
      history: history?.map { entry in
        LooseEntry(
          at: entry.at.map(LooseString.init), action: entry.action.map(LooseString.init),
          task: entry.task.map(LooseString.init), title: entry.title.map(LooseString.init),
          from: entry.from.map(LooseString.init), to: entry.to.map(LooseString.init),
          fields: entry.fields?.map(LooseString.init))
      },
      undo: undo, redo: redo)
  }
}
