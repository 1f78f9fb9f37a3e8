import Foundation
import PMBoardBytes
import PMBoardCore

/// An undo or redo record (`{ "before": task, "after": task, "entry": history entry }`) as scanned. Its shape is
/// checked here like an import's; the tasks' text rules are checked when the record is applied
/// (``ChangeLog``), so a hand-edited record is refused by `undo` without making the whole store unreadable.
public struct LooseChange {
  public var before: LooseTask?
  public var after: LooseTask?
  public var entry: LooseEntry?
  /// A definition change's JSON text, decoded whole (``DefinitionChange/storedText``).
  public var definition: String?

  /// The change, or nil with its problems added under `path`.
  public func change(path: @autoclosure () -> String, problems: inout [String]) -> BoardChange? {
    let start = problems.count
    let beforeTask = before?.task(path: "\(path()).before", problems: &problems, applyingRules: false) { _ in nil }
    let afterTask = after?.task(path: "\(path()).after", problems: &problems, applyingRules: false) { _ in nil }
    guard let entry else {
      problems.append("\(path()).entry: missing")
      return nil
    }
    let historyEntry = entry.entry(path: "\(path()).entry", problems: &problems, applyingRules: false)
    var definitionChange: DefinitionChange?
    if let definition {
      definitionChange = DefinitionChange(storedText: definition)
      if definitionChange == nil { problems.append("\(path()).definition: not a field definition change") }
    }
    guard problems.count == start, let historyEntry else { return nil }
    return BoardChange(before: beforeTask, after: afterTask, entry: historyEntry, definition: definitionChange)
  }
}

/// Reading undo and redo records with the interchange reader's scanner.
extension JSONScanner {
  private enum ChangeMember: Int, CaseIterable { case before, after, entry, definition }
  private static let changeNames = JSONNames(ChangeMember.allCases.map { "\($0)" })

  /// The array of records at the offset.
  mutating func changes(_ path: String) throws(JSONError) -> [LooseChange] {
    var changes: [LooseChange] = []
    var array = try enterArray(path)
    while try nextElement(&array) {
      changes.append(try change("\(path)[\(changes.count)]"))
    }
    return changes
  }

  /// One record at the offset.
  mutating func change(_ path: @autoclosure () -> String) throws(JSONError) -> LooseChange {
    var change = LooseChange()
    var object = try enterObject(path())
    var seen = 0
    while let member = try nextMember(&object, Self.changeNames) {
      try once(&seen, ChangeMember(rawValue: member), in: path() + ".")
      switch ChangeMember(rawValue: member) {
      case .before?: change.before = try skipNull() ? nil : task(path() + ".before")
      case .after?: change.after = try skipNull() ? nil : task(path() + ".after")
      case .entry?: change.entry = try skipNull() ? nil : entry(path() + ".entry")
      case .definition?: change.definition = try skipNull() ? nil : rawValue()
      case nil: try skipValue()
      }
    }
    return change
  }
}

extension InterchangeReader {
  /// One undo or redo record as the SQLite store keeps it (a row's JSON text), checked like an import.
  public func change(from data: Data, source: String) throws(ImportError) -> BoardChange {
    let result = Self.scanWhole(data) { scanner throws(JSONError) in try scanner.change("record") }
    var problems: [String] = []
    switch result {
    case .success(let loose):
      if let change = loose.change(path: "record", problems: &problems) { return change }
    case .failure(let error):
      problems.append(data.withReadView { "not valid pmboard JSON: \(error.described(in: $0))" })
    }
    throw ImportError(source: source, problems: problems)
  }

  /// A change a store keeps as JSON text (undo, redo and pending records); one that does not read is a
  /// `DamagedRow` naming `source`.
  public func storedChange(_ text: String, source: String) throws(DamagedRow) -> BoardChange {
    do {
      return try change(from: Data(text.utf8), source: source)
    } catch {
      throw DamagedRow("\(error.problems.first ?? "\(source) cannot be read")")
    }
  }
}

extension InterchangeReader {
  /// `read`'s value from a scanner over `data`, which must hold nothing after it.
  fileprivate static func scanWhole<Value>(
    _ data: Data, _ read: (inout JSONScanner) throws(JSONError) -> Value
  ) -> Result<Value, JSONError> {
    data.withReadView { bytes in
      var scanner = JSONScanner(bytes)
      return Result { () throws(JSONError) -> Value in
        let value = try read(&scanner)
        try scanner.finish()
        return value
      }
    }
  }

  /// A task a store keeps as JSON text (the PostgreSQL history's `task_after`), checked like an import's.
  public func storedTask(_ text: String, source: String) throws(DamagedRow) -> BoardTask {
    let result = Self.scanWhole(Data(text.utf8)) { scanner throws(JSONError) in try scanner.task("task") }
    var problems: [String] = []
    if case .success(let loose) = result,
      let task = loose.task(path: source, problems: &problems, applyingRules: false, checkID: { _ in nil })
    {
      return task
    }
    throw DamagedRow(problems.first ?? "\(source) is not a task's JSON")
  }
}
