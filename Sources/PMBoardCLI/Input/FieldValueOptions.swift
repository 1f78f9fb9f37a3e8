import ArgumentParser
import PMBoardCore

/// `--set KEY=VALUE` and `--unset KEY[=NAME]` on `add` and `edit`: values of the board's fields (docs/fields.md).
struct FieldValueOptions: ParsableArguments {
  @Option(
    name: .customLong("set"), parsing: .unconditionalSingleValue,
    help: ArgumentHelp(
      "Set a field: priority=P1, estimate=3, milestone=\"Release 2.0\"; repeat for each name of a multi-select, "
        + "KEY= clears it (`pmboard field list` shows the fields).", valueName: "key=value"))
  var sets: [String] = []
  @Option(
    name: .customLong("unset"),
    help: ArgumentHelp("Clear a field, or take one name off a multi-select (team=web).", valueName: "key[=name]"))
  var unsets: [String] = []

  var isEmpty: Bool { sets.isEmpty && unsets.isEmpty }

  /// `task` with the options applied in order, unsets first, each checked against `fields`.
  func apply(to task: inout BoardTask, fields: BoardFields) throws {
    for option in unsets {
      let (key, name) = Self.split(option)
      let definition = try Self.field(key, in: fields, option: "--unset")
      if let name, !name.isEmpty {
        try Self.remove(name, from: definition, of: &task)
      } else {
        Self.clear(definition, of: &task)
      }
    }
    for option in sets {
      let (key, value) = Self.split(option)
      guard let value else {
        throw CommandError("--set \(TerminalText.oneLine(option)): give KEY=VALUE, e.g. --set priority=P1")
      }
      let definition = try Self.field(key, in: fields, option: "--set")
      try Self.set(value, of: definition, on: &task)
    }
  }

  private static func split(_ option: String) -> (key: String, value: String?) {
    guard let equals = option.firstIndex(of: "=") else { return (option, nil) }
    return (String(option[..<equals]), String(option[option.index(after: equals)...]))
  }

  static func field(_ key: String, in fields: BoardFields, option: String) throws -> FieldDefinition {
    let trimmed = key.trimmingCharacters(in: .whitespaces)
    if let definition = fields.field(key: trimmed) { return definition }
    let declared = fields.all.map(\.key).joined(separator: ", ")
    throw CommandError(
      "\(option): the board has no field \"\(TerminalText.oneLine(String(trimmed.prefix(40))))\" (it has \(declared)); "
        + "add one with `pmboard field add NAME --type …`")
  }

  private static func set(_ raw: String, of definition: FieldDefinition, on task: inout BoardTask) throws {
    if let field = definition.builtIn?.taskField, var names = task.names(field) {
      if raw.trimmingCharacters(in: .whitespaces).isEmpty {
        task.setNames([], of: field)
        return
      }
      let kind: TaskRules.NameKind = field == .labels ? .label : .assignee
      let name = try TaskRules.checkName(raw, as: kind).mapError { CommandError("--set \(definition.key): \($0)") }
        .get()
      names.insert(name)
      task.setNames(
        try TaskRules.checkCount(names, as: kind).mapError { CommandError("--set \(definition.key): \($0)") }.get(),
        of: field)
      return
    }
    let value = try FieldRules.value(raw, of: definition).mapError { CommandError("--set \($0)") }.get()
    switch value {
    case nil: task.values[definition.id] = nil
    case .names(let added)?:
      var names: NameSet = []
      if case .names(let current)? = task.values[definition.id] { names = current }
      let merged = try TaskRules.checkCount(names.union(added), as: .name).mapError {
        CommandError("--set \(definition.key): \($0)")
      }.get()
      task.values[definition.id] = .names(merged)
    case let value?: task.values[definition.id] = value
    }
  }

  private static func clear(_ definition: FieldDefinition, of task: inout BoardTask) {
    if let field = definition.builtIn?.taskField {
      task.setNames([], of: field)
    } else {
      task.values[definition.id] = nil
    }
  }

  private static func remove(_ name: String, from definition: FieldDefinition, of task: inout BoardTask) throws {
    let name = TaskRules.nfc(name.trimmingCharacters(in: .whitespaces))
    if let field = definition.builtIn?.taskField, var names = task.names(field) {
      names.remove(name)
      task.setNames(names, of: field)
      return
    }
    switch task.values[definition.id] {
    case .names(var names)?:
      names.remove(name)
      task.values[definition.id] = names.isEmpty ? nil : .names(names)
    case .option(let id)? where definition.option(id: id)?.name == name:
      task.values[definition.id] = nil
    case nil, .text?, .number?, .date?, .option?:
      if definition.type == .multiSelect || definition.type.hasOptions { break }
      throw CommandError(
        "--unset \(definition.key)=…: \(definition.key) is a \(definition.type.rawValue) field; "
          + "use --unset \(definition.key) to clear it")
    }
  }
}
