import Foundation
import PMBoardBytes
import PMBoardCore

/// Reads interchange JSON (`pmboard/1`) and checks every field, reporting every problem with its JSON path.
///
/// Nothing is half-read: either the whole board comes back or `ImportError` lists all that is wrong.
public struct InterchangeReader: Sendable {
  public init() {}

  public func board(from data: Data, source: String) throws(ImportError) -> Board {
    try read(data, source: source).board
  }

  /// The board plus the JSON store's own undo and redo lists (absent in plain interchange files).
  public func read(_ data: Data, source: String) throws(ImportError) -> (
    board: Board, undo: [BoardChange], redo: [BoardChange]
  ) {
    let document: LooseDocument
    switch data.withReadView({ Self.scan($0, source: source) }) {
    case .success(let scanned): document = scanned
    case .failure(let error): throw error
    }
    var problems: [String] = []
    switch document.format?.value {
    case let format? where InterchangeWriter.readableFormats.contains(format): break
    case let other?:
      throw ImportError(
        source: source, problems: ["format: \"\(other)\" is not supported; expected \"\(InterchangeWriter.format)\""])
    case nil:
      throw ImportError(
        source: source, problems: ["format: missing; a pmboard file starts with \"format\": \"pmboard/1\""])
    }
    // The rule `pmboard init --title` applies, so an imported board could have been made by hand.
    var title = ""
    switch TaskRules.checkTitle(document.board?.title?.value ?? "") {
    case .success(let trimmed): title = trimmed
    case .failure(let violation): problems.append("board.title: \(violation)")
    }
    let zone = document.board?.timeZone?.value ?? ""
    if !BoardInfo.isZoneName(zone) {
      problems.append("board.timeZone: \"\(zone)\" is not an IANA time zone name (e.g. \"Asia/Seoul\")")
    }
    var seen: [UUID: Int] = [:]
    seen.reserveCapacity(document.tasks?.count ?? 0)
    var tasks: [BoardTask] = []
    tasks.reserveCapacity(document.tasks?.count ?? 0)
    var sources: [TaskSource: Int] = [:]
    for (index, loose) in (document.tasks ?? []).enumerated() {
      let task = loose.task(path: "tasks[\(index)]", problems: &problems) { id in
        guard let first = seen[id] else {
          seen[id] = index
          return nil
        }
        return "tasks[\(index)].id: \"\(id.lowercaseString)\" is also the id of tasks[\(first)]; ids must be unique"
      }
      guard let task else { continue }
      if let source = task.source {
        if let first = sources[source] {
          problems.append(
            "tasks[\(index)].sourceId: \"\(source.id)\" of \"\(source.name)\" is also that of tasks[\(first)]; "
              + "a source names each task once")
        } else {
          sources[source] = index
        }
      }
      tasks.append(task)
    }
    var history: [HistoryEntry] = []
    history.reserveCapacity(document.history?.count ?? 0)
    for (index, loose) in (document.history ?? []).enumerated() {
      // Kept in the order given, which is the order changes were recorded in, even where a clock went back.
      guard let entry = loose.entry(path: "history[\(index)]", problems: &problems) else { continue }
      history.append(entry)
    }
    // Undo and redo records are read by the same rules as tasks and history: one reader for one format.
    let undo = (document.undo ?? []).enumerated().compactMap { $1.change(path: "undo[\($0)]", problems: &problems) }
    let redo = (document.redo ?? []).enumerated().compactMap { $1.change(path: "redo[\($0)]", problems: &problems) }
    var fields = BoardFields.none
    if let text = document.board?.fields {
      if let declared = BoardFields(storedText: text) {
        fields = declared
      } else {
        problems.append("board.fields: not a list of field definitions (docs/format.md)")
      }
    }
    guard problems.isEmpty else { throw ImportError(source: source, problems: problems) }
    return (
      Board(info: BoardInfo(title: title, timeZoneID: zone, fields: fields), tasks: tasks, history: history), undo,
      redo
    )
  }

  /// The document in `bytes`, or the one problem that keeps it from being read.
  private static func scan(_ bytes: ReadView<UInt8>, source: String) -> Result<LooseDocument, ImportError> {
    guard bytes.isValidUTF8 else {
      return .failure(ImportError(source: source, problems: ["the file is not UTF-8 text; save it as UTF-8"]))
    }
    var scanner = JSONScanner(bytes)
    var failure: JSONError
    do {
      let document = try scanner.document()
      return .success(document)
    } catch {
      failure = error
    }
    // A value of the wrong type is reported only in a file that is JSON throughout, as a JSON parser would.
    if !failure.isSyntax {
      var checker = JSONScanner(bytes)
      do {
        try checker.skipValue()
        try checker.finish()
      } catch {
        failure = error
      }
    }
    return .failure(
      ImportError(source: source, problems: ["not valid pmboard JSON: \(failure.described(in: bytes))"]))
  }

}

/// Reading the interchange document's members straight into the loose form.
extension JSONScanner {
  private enum DocumentMember: Int, CaseIterable { case format, board, tasks, history, undo, redo }
  private enum BoardMember: Int, CaseIterable { case title, timeZone, fields }
  /// A task object's member by its position in ``taskNames``: the id, each ``TaskField`` by its interchange
  /// name (read through ``LooseTask/subscript(_:)``, so a new field is read without a list here), the stamps and
  /// the source.
  struct TaskMember: RawRepresentable, CustomStringConvertible {
    static let names =
      ["id"] + TaskField.allCases.map(\.interchangeName) + ["created", "updated", "source", "sourceId"]
    static let afterFields = 1 + TaskField.allCases.count
    let rawValue: Int

    init?(rawValue: Int) {
      guard Self.names.indices.contains(rawValue) else { return nil }
      self.rawValue = rawValue
    }

    var description: String { Self.names[rawValue] }
  }
  enum EntryMember: Int, CaseIterable { case at, action, task, title, from, to, fields, by, resolution, changes }

  private static let documentNames = JSONNames(DocumentMember.allCases.map { "\($0)" })
  private static let boardNames = JSONNames(BoardMember.allCases.map { "\($0)" })
  static let taskNames = JSONNames(TaskMember.names)
  static let entryNames = JSONNames(EntryMember.allCases.map { "\($0)" })

  /// The whole text as an interchange document; members not in the format are read over, as `JSONDecoder` does,
  /// and a member of the format given twice in one object is refused (which one was meant would be a guess).
  public mutating func document() throws(JSONError) -> LooseDocument {
    var document = LooseDocument()
    var object = try enterObject("the document")
    var seen = 0
    while let member = try nextMember(&object, Self.documentNames) {
      try once(&seen, DocumentMember(rawValue: member), in: "")
      switch DocumentMember(rawValue: member) {
      case .format?: document.format = try optionalLooseString()
      case .board?: document.board = try skipNull() ? nil : board()
      case .tasks?: document.tasks = try skipNull() ? nil : tasks()
      case .history?: document.history = try skipNull() ? nil : history()
      case .undo?: document.undo = try skipNull() ? nil : changes("undo")
      case .redo?: document.redo = try skipNull() ? nil : changes("redo")
      case nil: try skipValue()
      }
    }
    try finish()
    return document
  }

  private mutating func board() throws(JSONError) -> LooseBoard {
    var board = LooseBoard()
    var object = try enterObject("board")
    var seen = 0
    while let member = try nextMember(&object, Self.boardNames) {
      try once(&seen, BoardMember(rawValue: member), in: "board.")
      switch BoardMember(rawValue: member) {
      case .title?: board.title = try optionalLooseString()
      case .timeZone?: board.timeZone = try optionalLooseString()
      case .fields?: board.fields = try skipNull() ? nil : rawValue()
      case nil: try skipValue()
      }
    }
    return board
  }

  private mutating func tasks() throws(JSONError) -> [LooseTask] {
    var tasks: [LooseTask] = []
    let names = Self.taskNames
    var array = try enterArray("tasks")
    while try nextElement(&array) {
      tasks.append(try task("tasks[\(tasks.count)]", names))
    }
    return tasks
  }

  /// One task object, its members read into the loose form.
  mutating func task(_ path: @autoclosure () -> String, _ names: JSONNames = taskNames) throws(JSONError)
    -> LooseTask
  {
    var task = LooseTask()
    var object = try enterObject(path())
    var seen = 0
    let (fields, rest) = (TaskField.allCases, TaskMember.afterFields)
    while let member = try nextMember(&object, names) {
      try once(&seen, TaskMember(rawValue: member), in: path() + ".")
      switch member {
      case 0: task.id = try optionalLooseString()
      case 1..<rest where fields[member - 1].shape == .names:
        task.setNames(try skipNull() ? nil : looseNames(), of: fields[member - 1])
      case 1..<rest where fields[member - 1].shape == .values: task.values = try skipNull() ? nil : rawValue()
      case 1..<rest: task[fields[member - 1]] = try optionalLooseString()
      case rest: task.created = try optionalLooseString()
      case rest + 1: task.updated = try optionalLooseString()
      case rest + 2: task.source = try optionalLooseString()
      case rest + 3: task.sourceID = try optionalLooseString()
      default: try skipValue()  // a member not in the format
      }
    }
    return task
  }

  private mutating func history() throws(JSONError) -> [LooseEntry] {
    var history: [LooseEntry] = []
    let names = Self.entryNames
    var array = try enterArray("history")
    while try nextElement(&array) {
      history.append(try entry("history[\(history.count)]", names))
    }
    return history
  }

  /// One history entry object, its members read into the loose form.
  mutating func entry(_ path: @autoclosure () -> String, _ names: JSONNames = entryNames) throws(JSONError)
    -> LooseEntry
  {
    var entry = LooseEntry()
    var object = try enterObject(path())
    var seen = 0
    while let member = try nextMember(&object, names) {
      try once(&seen, EntryMember(rawValue: member), in: path() + ".")
      switch EntryMember(rawValue: member) {
      case .at?: entry.at = try optionalLooseString()
      case .action?: entry.action = try optionalLooseString()
      case .task?: entry.task = try optionalLooseString()
      case .title?: entry.title = try optionalLooseString()
      case .from?: entry.from = try optionalLooseString()
      case .to?: entry.to = try optionalLooseString()
      case .fields?: entry.fields = try skipNull() ? nil : fields(path() + ".fields")
      case .by?: entry.by = try optionalLooseString()
      case .resolution?: entry.resolution = try optionalLooseString()
      case .changes?: entry.changes = try skipNull() ? nil : rawValue()
      case nil: try skipValue()
      }
    }
    return entry
  }

  /// Notes that `member` (nil: one the format does not know) was read in this object; throws if it was before.
  func once<Member: RawRepresentable<Int>>(
    _ seen: inout Int, _ member: Member?, in path: @autoclosure () -> String
  ) throws(JSONError) {
    guard let member else { return }
    let bit = 1 << member.rawValue
    guard seen & bit == 0 else {
      throw JSONError(offset: offset, message: "\(path())\(member) is given twice; keep one", isSyntax: false)
    }
    seen |= bit
  }

  private mutating func fields(_ path: @autoclosure () -> String) throws(JSONError) -> [LooseString] {
    var fields: [LooseString] = []
    var array = try enterArray(path())
    while try nextElement(&array) { fields.append(try looseString()) }
    return fields
  }

  /// The value at the offset, which should be an array of strings (a task's labels or assignees).
  private mutating func looseNames() throws(JSONError) -> LooseNames {
    guard try next("a value") == UInt8(ascii: "[") else {
      switch try looseString() {
      case .text: return .other("a string")
      case .other(let found): return .other(found)
      }
    }
    var names: [LooseString] = []
    var array = try enterArray("names")
    while try nextElement(&array) { names.append(try looseString()) }
    return .names(names)
  }

  /// A member's value where a string belongs; null counts as absent, as `JSONDecoder` treats optional members.
  private mutating func optionalLooseString() throws(JSONError) -> LooseString? {
    try skipNull() ? nil : looseString()
  }

  /// The value at the offset, which should be a string; anything else is described for the problem report.
  private mutating func looseString() throws(JSONError) -> LooseString {
    switch try next("a value") {
    case UInt8(ascii: "\""): return .text(try string())
    case UInt8(ascii: "n"):
      try literal("null")
      return .other("null")
    case UInt8(ascii: "t"):
      try literal("true")
      return .other("true")
    case UInt8(ascii: "f"):
      try literal("false")
      return .other("false")
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      try skipValue()
      return .other("an object or array")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      let number = text(try number())
      return .other("the number \(Double(number).flatMap { $0.isFinite ? "\($0)" : nil } ?? number)")
    default:
      throw expectedValue()
    }
  }
}
