import Foundation
import PMBoardCore

/// Makes board fields of a source's fields and reads every item's values as them: the part of an import that
/// declares (docs/importing.md, "Fields").
///
/// Each source field becomes the board field with its key: the one the board has (whose type wins: the values are
/// read as it), or a new one of the source's type, declared only when some item has a value of it or the source
/// declares it whatever the values (`gh project field-list`). A key is the one asked for (`--field X=KEY`) or made
/// from the source's name (`Story Points` → `story-points`; `-2` added when another field of this import took it,
/// or it names the built-in labels or assignees). Options a source declares, and for a field that
/// ``SourceField/addsOptions`` the values that are no option yet, are added at the end; a milestone's dates and
/// state follow what the source says of them. What changed is ``changes``: one definition change per field, which the
/// import records as `defined` lines before the tasks' changes.
public struct FieldImport: Sendable {
  /// The board's fields before the import, and as it leaves them.
  public let before: BoardFields
  public private(set) var fields: BoardFields
  private let source: [SourceField]
  /// The board field each source field's values go to.
  private var targets: [UUID]
  /// The fields as the import makes them, by id.
  private var working: [UUID: FieldDefinition] = [:]
  /// The board fields the import reached, in the source's order.
  private var order: [UUID] = []
  /// Fields whose values the source decides: the ones the board had, and new ones with a value or declared empty.
  private var decided: Set<UUID> = []
  /// A select's or milestone field's options by the name a source spelled (checked or not), for speed.
  private var optionIDs: [UUID: [String: String]] = [:]
  /// Options whose source's dates and state were taken in this import: the first item that names one says them.
  private var described: [UUID: Set<String>] = [:]
  /// What the user should know: a source field read as the board field's other type.
  public private(set) var notes: [String] = []

  public init(board: BoardFields, source: [SourceField]) throws(ImportFailure) {
    before = board
    fields = board
    self.source = source
    targets = []
    var claimed: Set<UUID> = []
    for field in source {
      let definition = try Self.definition(for: field, board: board, working: working, claimed: claimed)
      claimed.insert(definition.id)
      targets.append(definition.id)
      if board.field(id: definition.id) != nil, definition.type != field.type, field.type != .text {
        notes.append(
          "\(definition.key) is a \(definition.type.rawValue) field on the board, so the source's \(field.name) "
            + "(\(field.type.rawValue)) is read as \(definition.type.rawValue); to have it declared anew, `pmboard field "
            + "remove \(definition.key) --force` and import again")
      }
      if working[definition.id] == nil {
        order.append(definition.id)
        working[definition.id] = definition
      }
      if board.field(id: definition.id) != nil || field.declaresEmpty { decided.insert(definition.id) }
      for option in field.options where definition.type.hasOptions {
        _ = try optionID(option.name, info: option, of: definition.id, addsOptions: true, at: "the source's fields")
      }
    }
    let added = order.filter { board.field(id: $0) == nil }.count
    if board.stored.filter({ $0.builtIn == nil }).count + added > FieldRules.fieldCountLimit {
      throw ImportFailure(
        "the source has \(added) new fields; a board has at most \(FieldRules.fieldCountLimit) (`pmboard field "
          + "remove` drops one)")
    }
  }

  /// The definitions that changed, in the source's order: each new one (before nil), each one with new options or a
  /// milestone's new dates.
  public var changes: [DefinitionChange] {
    order.compactMap { id in
      guard decided.contains(id), let after = working[id] else { return nil }
      let old = before.field(id: id)
      // The built-in milestone field before it was stored is the built-in definition (as ``ChangeLog`` finds it).
      if old == after { return nil }
      return DefinitionChange(before: old, after: after)
    }
  }

  /// Reads every item's ``ImportedItem/sourceValues`` into its ``ImportedItem/values``, declaring what they need,
  /// and sets the fields each item's values decide; a value the field cannot hold is one line naming its place.
  public mutating func resolve(_ items: inout [ImportedItem]) throws(ImportFailure) {
    // Each source field's values read once: a project's 100,000 items have a few priorities, sprints and estimates,
    // and reading one (checking a name, finding an option) cost a sixth of a re-import before.
    var read = [[SourceValue: FieldValue]](repeating: [:], count: targets.count)
    var valued = [Bool](repeating: false, count: targets.count)
    for index in items.indices {
      guard !items[index].sourceValues.isEmpty else { continue }
      var values = FieldValues()
      for (field, value) in items[index].sourceValues.enumerated() {
        guard let value, field < targets.count else { continue }
        var fieldValue = read[field][value]
        if fieldValue == nil {
          fieldValue = try self.value(value, of: field, item: items[index].path)
          read[field][value] = fieldValue
        }
        if let fieldValue {
          values[targets[field]] = fieldValue
          valued[field] = true
        }
      }
      items[index].values = values
    }
    for (field, isValued) in valued.enumerated() where isValued { decided.insert(targets[field]) }
    for index in items.indices { items[index].valueFields = decided }
    for change in changes {
      if let after = change.after { fields.put(after) }
    }
  }

  /// The board field `field` goes to: the board's with its key, or a new one.
  private static func definition(
    for field: SourceField, board: BoardFields, working: [UUID: FieldDefinition], claimed: Set<UUID>
  ) throws(ImportFailure) -> FieldDefinition {
    if field.builtIn == .milestone {
      return working[BuiltInField.milestone.id] ?? board.field(id: BuiltInField.milestone.id)
        ?? BuiltInField.milestone.definition
    }
    let taken = Set(working.values.map(\.key))
    if let asked = field.key {
      let key = asked.trimmingCharacters(in: .whitespaces).lowercased()
      let place = "--field \(field.name)=\(asked)"
      if let existing = board.field(key: key) {
        if existing.builtIn?.taskField != nil {
          throw ImportFailure("\(place): \(key) is built in and read from its own column; choose another key")
        }
        if claimed.contains(existing.id) { throw ImportFailure("\(place): another column already goes to \(key)") }
        return existing
      }
      if taken.contains(key) { throw ImportFailure("\(place): another column already goes to \(key)") }
      switch FieldRules.checkKey(key, among: board) {
      case .success(let key): return new(field, key: key)
      case .failure(let violation): throw ImportFailure("\(place): \(violation)")
      }
    }
    let base = madeKey(field.name)
    for number in 1...(FieldRules.fieldCountLimit + 3) {
      let suffix = number == 1 ? "" : "-\(number)"
      var stem = String(base.prefix(30 - suffix.count))
      while stem.last == "-" { stem.removeLast() }
      let key = stem + suffix
      if let existing = board.field(key: key) {
        if existing.builtIn?.taskField == nil, !claimed.contains(existing.id) { return existing }
        continue
      }
      if taken.contains(key) { continue }
      if case .success(let key) = FieldRules.checkKey(key, among: board) { return new(field, key: key) }
    }
    throw ImportFailure("\(field.name): no key is free for this field; give it one")
  }

  /// A key made from a source's name: `Story Points` → `story-points`; `field` for a name without a-z or 0-9, and a
  /// name that starts with a digit gets `field-` before it.
  static func madeKey(_ name: String) -> String {
    let key = FieldRules.key(fromName: name)
    guard let first = key.unicodeScalars.first else { return "field" }
    return ("a"..."z").contains(first) ? key : "field-" + key
  }

  private static func new(_ field: SourceField, key: String) -> FieldDefinition {
    var definition = FieldDefinition(id: UUID(), key: key, type: field.type)
    if case .success(let name) = TaskRules.checkName(field.name, as: .name), name != key {
      definition.names[""] = name
    }
    return definition
  }
}

extension FieldImport {
  /// `value` as the field of source field `index` holds it; nil for an empty one.
  private mutating func value(_ value: SourceValue, of index: Int, item: String) throws(ImportFailure)
    -> FieldValue?
  {
    let id = targets[index]
    guard let definition = working[id] else { return nil }
    // Made only for a message: most values are fine, and an import reads hundreds of thousands.
    let field = source[index]
    var place: String { field.at(item) }
    switch definition.type {
    case .text:
      let text = Self.text(of: value)
      if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return nil }
      return .text(try ImportText.fieldText(text, path: place))
    case .number:
      switch value {
      case .number(let text), .text(let text):
        if text.trimmingCharacters(in: .whitespaces).isEmpty { return nil }
        guard let number = FieldRules.number(text) ?? Self.exponentNumber(value) else {
          throw ImportFailure(
            "\(place): \"\(text.prefix(40))\" is not a number such as 3 or 2.5 (\(definition.key) is a number field)")
        }
        return .number(number)
      case .date, .option, .names:
        throw ImportFailure("\(place): \(definition.key) is a number field; found \(Self.described(value))")
      }
    case .date:
      switch value {
      case .date(let day): return .date(day)
      case .text(let text):
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return nil }
        guard let day = CalendarDate(iso: trimmed) else {
          throw ImportFailure(
            "\(place): \"\(trimmed.prefix(40))\" is not a day such as 2026-12-15 (\(definition.key) is a date field)")
        }
        return .date(day)
      case .number, .option, .names:
        throw ImportFailure("\(place): \(definition.key) is a date field; found \(Self.described(value))")
      }
    case .select, .milestone:
      var info: SourceOption?
      let name: String
      switch value {
      case .option(let option):
        (name, info) = (option.name, option)
      case .text(let text), .number(let text): name = text
      case .date(let day): name = day.description
      case .names(let names):
        guard names.count <= 1 else {
          throw ImportFailure("\(place): \(definition.key) holds one value; found \(names.count) names")
        }
        name = names.first ?? ""
      }
      if name.trimmingCharacters(in: .whitespaces).isEmpty { return nil }
      return .option(try optionID(name, info: info, of: id, addsOptions: source[index].addsOptions, at: place))
    case .multiSelect:
      let raw: [String]
      switch value {
      case .names(let names): raw = names
      case .text(let text): raw = CSVTasksReader.split(text)
      case .number(let text): raw = [text]
      case .date(let day): raw = [day.description]
      case .option(let option): raw = [option.name]
      }
      switch TaskRules.checkNames(raw, as: .name) {
      case .success(let names): return names.isEmpty ? nil : .names(names)
      case .failure(let violation): throw ImportFailure("\(place): \(violation)")
      }
    }
  }

  /// The id of the option `name` of field `id`, added when `addsOptions` (or the field is a milestone field), with
  /// what `info` says of it taken the first time the import meets it.
  private mutating func optionID(
    _ name: String, info: SourceOption?, of id: UUID, addsOptions: Bool, at place: @autoclosure () -> String
  ) throws(ImportFailure) -> String {
    if let known = optionIDs[id]?[name] {
      if let info, !(described[id]?.contains(known) ?? false) { describe(known, of: id, as: info) }
      return known
    }
    let checked: String
    switch TaskRules.checkName(name, as: .option) {
    case .success(let name): checked = name
    case .failure(let violation): throw ImportFailure("\(place()): \(violation)")
    }
    guard var definition = working[id] else { throw ImportFailure("\(place()): the field is gone") }
    let optionID: String
    if let option = definition.option(named: checked) {
      optionID = option.id
    } else {
      guard addsOptions || definition.type == .milestone else {
        let declared = definition.options.map { "\"\($0.name)\"" }.joined(separator: ", ")
        throw ImportFailure(
          "\(place()): \"\(checked)\" is no option of \(definition.key) (declared: \(declared)); add it with `pmboard "
            + "field edit \(definition.key) --add-option \"\(checked)\"`")
      }
      guard definition.options.count < TaskRules.optionCountLimit else {
        throw ImportFailure(
          "\(place()): \"\(checked)\" would be option \(definition.options.count + 1) of \(definition.key); a field "
            + "has at most \(TaskRules.optionCountLimit)")
      }
      optionID = FieldRules.newOptionID(in: definition)
      definition.options.append(FieldOption(id: optionID, name: checked))
      working[id] = definition
    }
    optionIDs[id, default: [:]][name] = optionID
    if let info { describe(optionID, of: id, as: info) }
    return optionID
  }

  /// Takes what `info` says of option `optionID` (a milestone's dates and state), once an import.
  private mutating func describe(_ optionID: String, of id: UUID, as info: SourceOption) {
    described[id, default: []].insert(optionID)
    guard info.givesStart || info.givesDue || info.isClosed != nil, var definition = working[id],
      let index = definition.options.firstIndex(where: { $0.id == optionID })
    else { return }
    definition.options[index] = info.applied(to: definition.options[index])
    working[id] = definition
  }

  /// A value as text: a number as written, a day as `YYYY-MM-DD`, names joined by ", ".
  private static func text(of value: SourceValue) -> String {
    switch value {
    case .text(let text), .number(let text): text
    case .date(let day): day.description
    case .option(let option): option.name
    case .names(let names): names.joined(separator: ", ")
    }
  }

  /// A JSON number with an exponent (`1e+21`, as Go writes large floats) in plain decimals.
  private static func exponentNumber(_ value: SourceValue) -> String? {
    guard case .number(let text) = value, text.contains(where: { $0 == "e" || $0 == "E" }),
      let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    else { return nil }
    return FieldRules.number(decimal.description)
  }

  private static func described(_ value: SourceValue) -> String {
    switch value {
    case .text(let text): "the text \"\(text.prefix(40))\""
    case .number(let text): "the number \(text)"
    case .date(let day): "the day \(day)"
    case .option(let option): "\"\(option.name.prefix(40))\""
    case .names(let names): "the names \(names.prefix(5).joined(separator: ", "))"
    }
  }
}
