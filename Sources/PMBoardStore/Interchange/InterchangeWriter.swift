import Foundation
import PMBoardCore

/// Writes a board as interchange JSON (`pmboard/1`): pretty-printed, keys in a fixed order, so git diffs read well.
///
/// Hand-written rather than `JSONEncoder` because the key order is part of the format (format, board, tasks,
/// history) and `.sortedKeys` would sort it alphabetically.
public struct InterchangeWriter: Sendable {
  public static let format = "pmboard/1"
  /// The format of a board with declared fields, values or their history (docs/format.md): an older pmboard, which
  /// reads over members it does not know, refuses it rather than drop them.
  public static let fieldsFormat = "pmboard/2"
  /// Every format this version reads.
  public static let readableFormats = [format, fieldsFormat]

  /// The format `board` is written in: `pmboard/1` unless it has fields, so older exports stay byte for byte.
  public static func format(of board: Board) -> String {
    let hasFields =
      !board.info.fields.isEmpty || board.tasks.contains { !$0.values.isEmpty }
      || board.history.contains { !$0.changes.isEmpty || $0.action == .defined }
    return hasFields ? fieldsFormat : format
  }

  public init() {}

  /// The whole document; `undo` and `redo` append the JSON store's own lists after `history`.
  public func data(for board: Board, undo: [BoardChange]? = nil, redo: [BoardChange]? = nil) -> Data {
    var out: [UInt8] = []
    out.reserveCapacity(256 + board.tasks.count * 400 + board.history.count * 150)
    out += Array("{\n  \"format\": \"\(Self.format(of: board))\",\n  \"board\": {\n    \"title\": ".utf8)
    appendString(board.info.title, to: &out)
    out += Array(",\n    \"timeZone\": ".utf8)
    appendString(board.info.timeZoneID, to: &out)
    if !board.info.fields.isEmpty { out += Array(",\n    \"fields\": \(board.info.fields.storedText)".utf8) }
    out += Array("\n  },\n  \"tasks\": [".utf8)
    for (index, task) in board.tasks.enumerated() {
      out += Array((index == 0 ? "\n    " : ",\n    ").utf8)
      appendTask(task, indent: "    ", to: &out)
    }
    out += Array((board.tasks.isEmpty ? "],\n  \"history\": [" : "\n  ],\n  \"history\": [").utf8)
    for (index, entry) in board.history.enumerated() {
      out += Array((index == 0 ? "\n    " : ",\n    ").utf8)
      appendEntry(entry, to: &out)
    }
    out += Array((board.history.isEmpty ? "]" : "\n  ]").utf8)
    for (name, list) in [("undo", undo), ("redo", redo)] {
      guard let list else { continue }
      out += Array(",\n  \"\(name)\": [".utf8)
      for (index, change) in list.enumerated() {
        out += Array((index == 0 ? "\n    " : ",\n    ").utf8)
        appendChange(change, to: &out)
      }
      out += Array((list.isEmpty ? "]" : "\n  ]").utf8)
    }
    out += Array("\n}\n".utf8)
    return Data(out)
  }

  public func appendTask(_ task: BoardTask, indent: String, to out: inout [UInt8]) {
    let inner = indent + "  "
    out += Array("{\n\(inner)\"id\": \"\(task.idString)\"".utf8)
    for field in TaskField.allCases { appendField(field, of: task, indent: inner, to: &out) }
    out += Array(",\n\(inner)\"created\": \"\(Instant.format(task.created))\"".utf8)
    out += Array(",\n\(inner)\"updated\": \"\(Instant.format(task.updated))\"".utf8)
    if let source = task.source {
      out += Array(",\n\(inner)\"source\": ".utf8)
      appendString(source.name, to: &out)
      out += Array(",\n\(inner)\"sourceId\": ".utf8)
      appendString(source.id, to: &out)
    }
    out += Array("\n\(indent)}".utf8)
  }

  /// `field`'s member of a task object, after the one before it; none for a due date the task has not.
  private func appendField(_ field: TaskField, of task: BoardTask, indent: String, to out: inout [UInt8]) {
    let key = ",\n\(indent)\"\(field.interchangeName)\": "
    switch field {
    case .title:
      out += Array(key.utf8)
      appendString(task.title, to: &out)
    case .body:
      out += Array(key.utf8)
      appendString(task.body, to: &out)
    case .due: if let due = task.due { out += Array("\(key)\"\(due)\"".utf8) }
    case .state: out += Array("\(key)\"\(task.state.rawValue)\"".utf8)
    case .labels, .assignees:
      // Optional members: a task without names writes none, so files from before them read and compare the same.
      guard let names = task.names(field), !names.isEmpty else { return }
      out += Array(key.utf8)
      out.append(UInt8(ascii: "["))
      for (index, name) in names.enumerated() {
        if index > 0 { out += Array(", ".utf8) }
        appendString(name, to: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .url:
      guard !task.url.isEmpty else { return }
      out += Array(key.utf8)
      appendString(task.url, to: &out)
    case .values:
      guard !task.values.isEmpty else { return }
      out += Array((key + task.values.storedText).utf8)
    }
  }

  public func appendEntry(_ entry: HistoryEntry, to out: inout [UInt8]) {
    out += Array("{ \"at\": \"\(Instant.format(entry.at))\", \"action\": \"\(entry.action.rawValue)\"".utf8)
    out += Array(", \"task\": \"\(entry.taskID.lowercaseString)\", \"title\": ".utf8)
    appendString(entry.title, to: &out)
    if let from = entry.from { out += Array(", \"from\": \"\(from.rawValue)\"".utf8) }
    if let to = entry.to { out += Array(", \"to\": \"\(to.rawValue)\"".utf8) }
    if entry.action == .edited {
      out += Array(", \"fields\": [\(entry.fields.map { "\"\($0.interchangeName)\"" }.joined(separator: ", "))]".utf8)
    }
    if !entry.author.isEmpty {
      out += Array(", \"by\": ".utf8)
      appendString(entry.author, to: &out)
    }
    if let resolution = entry.resolution { out += Array(", \"resolution\": \"\(resolution.rawValue)\"".utf8) }
    if !entry.changes.isEmpty { out += Array(", \"changes\": \(ValueChange.storedText(entry.changes))".utf8) }
    out += Array(" }".utf8)
  }

  /// One undo or redo record, as the JSON store's file and the SQLite store's `undo_record` table keep it.
  public func appendChange(_ change: BoardChange, to out: inout [UInt8]) {
    out += Array("{ \"before\": ".utf8)
    if let before = change.before { appendTask(before, indent: "      ", to: &out) } else { out += Array("null".utf8) }
    out += Array(",\n      \"after\": ".utf8)
    if let after = change.after { appendTask(after, indent: "      ", to: &out) } else { out += Array("null".utf8) }
    out += Array(",\n      \"entry\": ".utf8)
    appendEntry(change.entry, to: &out)
    if let definition = change.definition {
      out += Array(",\n      \"definition\": \(definition.storedText)".utf8)
    }
    out += Array(" }".utf8)
  }

  /// A JSON string literal; non-ASCII text stays as UTF-8 so Korean and Japanese stay readable in diffs.
  public func appendString(_ text: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): out += [92, 34]
      case UInt8(ascii: "\\"): out += [92, 92]
      case UInt8(ascii: "\n"): out += [92, 110]
      case UInt8(ascii: "\r"): out += [92, 114]
      case UInt8(ascii: "\t"): out += [92, 116]
      case 0..<32:
        let hex = Array("0123456789abcdef".utf8)
        out += [92, 117, 48, 48, hex[Int(byte >> 4)], hex[Int(byte & 15)]]
      default: out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
