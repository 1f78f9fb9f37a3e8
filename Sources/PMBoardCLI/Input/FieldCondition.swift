import PMBoardCore

/// One `list --where KEY=VALUE`: tasks whose field holds the value (a multi-select: among its names); `KEY=` for
/// tasks without a value.
struct FieldCondition {
  let definition: FieldDefinition
  /// nil: the field has no value.
  let value: FieldValue?

  init(_ option: String, fields: BoardFields) throws {
    guard let equals = option.firstIndex(of: "=") else {
      throw CommandError("--where \(TerminalText.oneLine(option)): give KEY=VALUE, e.g. --where priority=P1")
    }
    definition = try FieldValueOptions.field(String(option[..<equals]), in: fields, option: "--where")
    let raw = String(option[option.index(after: equals)...])
    if let field = definition.builtIn?.taskField {
      let kind: TaskRules.NameKind = field == .labels ? .label : .assignee
      value =
        raw.isEmpty
        ? nil
        : .names([try TaskRules.checkName(raw, as: kind).mapError { CommandError("--where: \($0)") }.get()])
      return
    }
    value = try FieldRules.value(raw, of: definition).mapError { CommandError("--where \($0)") }.get()
  }

  func holds(for task: BoardTask) -> Bool {
    let current: FieldValue? =
      if let field = definition.builtIn?.taskField, let names = task.names(field) {
        names.isEmpty ? nil : .names(names)
      } else {
        task.values[definition.id].flatMap { value in
          guard value.fits(definition.type) else { return nil }
          // An option the field no longer has shows as none.
          if case .option(let id) = value, definition.option(id: id) == nil { return nil }
          return value
        }
      }
    switch (value, current) {
    case (nil, nil): return true
    case (.names(let wanted)?, .names(let names)?): return wanted.allSatisfy(names.contains)
    case (let wanted?, let current?): return wanted == current
    case (nil, _?), (_?, nil): return false
    }
  }
}
