import Foundation
import PMBoardCore
import PMBoardStore

/// What the `field` and `milestone` commands share: finding a field, parsing options and names, recording.
enum FieldEditing {
  /// `Story Points` → `story-points` (``FieldRules/key(fromName:)``).
  static func key(from name: String) -> String { FieldRules.key(fromName: name) }

  static func displayName(_ raw: String) throws -> String {
    try TaskRules.checkName(raw, as: .name).mapError { CommandError("the field's name: \($0)") }.get()
  }

  /// `ko=우선순위` sets the Korean name; `ko=` removes it.
  static func setName(_ entry: String, of definition: inout FieldDefinition) throws {
    guard let equals = entry.firstIndex(of: "=") else {
      throw CommandError("--name \(TerminalText.oneLine(entry)): give LOCALE=NAME, e.g. --name ko=우선순위")
    }
    let locale = String(entry[..<equals]).lowercased()
    guard ["ko", "en", "ja"].contains(locale) else {
      throw CommandError("--name: \"\(TerminalText.oneLine(locale))\" is not a locale of the site; use ko, en or ja")
    }
    let name = String(entry[entry.index(after: equals)...])
    definition.names[locale] = name.isEmpty ? nil : try displayName(name)
  }

  /// `P1` or `P1=#d73a4a`.
  static func addOption(_ raw: String, to definition: inout FieldDefinition) throws {
    var name = raw
    var color: String?
    if let equals = raw.lastIndex(of: "="), raw[raw.index(after: equals)...].hasPrefix("#") {
      name = String(raw[..<equals])
      color = try FieldRules.checkColor(String(raw[raw.index(after: equals)...])).mapError {
        CommandError("--add-option: \($0)")
      }.get()
    }
    let checked = try TaskRules.checkName(name, as: .option).mapError { CommandError("option: \($0)") }.get()
    guard definition.option(named: checked) == nil else {
      throw CommandError("\(definition.key) already has the option \"\(checked)\"")
    }
    guard definition.options.count < TaskRules.optionCountLimit else {
      throw CommandError("\(definition.key) has \(TaskRules.optionCountLimit) options, the most a field may have")
    }
    definition.options.append(FieldOption(id: FieldRules.newOptionID(in: definition), name: checked, color: color))
  }

  /// The options in the order `order` names them: each exactly once.
  static func reorder(_ definition: inout FieldDefinition, _ order: String) throws {
    let names = order.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    var ordered: [FieldOption] = []
    for name in names {
      guard let option = definition.option(named: name), !ordered.contains(option) else {
        throw CommandError("--order: \"\(TerminalText.oneLine(name))\" is not an option of \(definition.key), or twice")
      }
      ordered.append(option)
    }
    guard ordered.count == definition.options.count else {
      let missing = definition.options.filter { !ordered.contains($0) }.map(\.name).joined(separator: ", ")
      throw CommandError("--order: name every option once; missing \(TerminalText.oneLine(missing))")
    }
    definition.options = ordered
  }

  /// The field `key` names; `editable` refuses the built-in label and assignee fields, whose names are free.
  static func field(_ key: String, in fields: BoardFields, editable: Bool) throws -> FieldDefinition {
    guard let definition = fields.field(key: key) else {
      throw CommandError(
        "the board has no field \"\(TerminalText.oneLine(String(key.prefix(40))))\"; `pmboard field list` shows them")
    }
    if editable, definition.builtIn?.taskField != nil {
      throw CommandError("\(definition.key) is built in: its names are free, so it has no options to edit")
    }
    return definition
  }

  /// Records the definition change as one `defined` line (undoable).
  static func commit(from old: FieldDefinition?, to new: FieldDefinition?, in store: any BoardStore) async throws {
    try await store.commit(.define(from: old, to: new, at: BoardClock.now(), by: try Author.current()))
  }

  static func optionText(_ option: FieldOption) -> String {
    var text = option.name
    var notes: [String] = []
    if let start = option.start { notes.append("from \(start)") }
    if let due = option.due { notes.append("due \(due)") }
    if option.isClosed { notes.append("closed") }
    if let color = option.color { notes.append(color) }
    if !notes.isEmpty { text += " (" + notes.joined(separator: ", ") + ")" }
    return text
  }

  static func json(_ fields: [FieldDefinition]) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(fields)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
  }
}
