import ArgumentParser
import Foundation
import PMBoardCore
import PMBoardStore

/// `pmboard field`: the board's declared fields (docs/fields.md). Each change is one `defined` history line,
/// undone by `pmboard undo`.
struct FieldCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "field", abstract: "Declare, change and remove the board's fields (priority, estimate, …).",
    subcommands: [
      FieldAddCommand.self, FieldListCommand.self, FieldEditCommand.self, FieldRenameCommand.self,
      FieldRemoveCommand.self,
    ])
}

/// `pmboard field add NAME --type TYPE`.
struct FieldAddCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "add", abstract: "Declare a field.")

  @OptionGroup var storeOptions: StoreOptions
  @Argument(help: "The field's key (priority, story-points), or a name its key is made from (\"Story Points\").")
  var name: String
  @Option(help: "text, number, date, select, multi-select or milestone.") var type: String
  @Option(help: "A select's options in order, comma-separated (P0,P1,P2); each may end in =#rrggbb.")
  var options: String?
  @Option(name: .customLong("name"), help: "The name shown in a locale (ko=우선순위); repeat for each.")
  var shownNames: [String] = []

  func run() async throws {
    guard let fieldType = FieldType(rawValue: type.lowercased()) else {
      throw CommandError(
        "--type: \"\(TerminalText.oneLine(type))\" is not a field type; use "
          + FieldType.allCases.map(\.rawValue).joined(separator: ", "))
    }
    let store = try storeOptions.open()
    let fields = try await store.info().fields
    let key = try FieldRules.checkKey(FieldEditing.key(from: name), among: fields).mapError { CommandError("\($0)") }
      .get()
    var definition = FieldDefinition(id: UUID(), key: key, type: fieldType)
    if key != name.trimmingCharacters(in: .whitespaces) {
      definition.names[""] = try FieldEditing.displayName(name)
    }
    for entry in shownNames { try FieldEditing.setName(entry, of: &definition) }
    if let options {
      guard fieldType == .select else {
        throw CommandError("--options: only a select field has options (milestones: `pmboard milestone add`)")
      }
      for option in options.split(separator: ",") { try FieldEditing.addOption(String(option), to: &definition) }
    }
    try await FieldEditing.commit(from: nil, to: definition, in: store)
    try StandardOutput.recorded(
      "declared field \(key)", line: "Declared the field \(key) (\(fieldType.rawValue))")
  }
}

/// `pmboard field list`.
struct FieldListCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "list", abstract: "List the board's fields.")

  @OptionGroup var storeOptions: StoreOptions
  @Flag(help: "Print the definitions as JSON.") var json = false

  func run() async throws {
    let fields = try await storeOptions.open().info().fields
    if json {
      return try StandardOutput.write(Data((FieldEditing.json(fields.all) + "\n").utf8))
    }
    var out = ""
    for field in fields.all {
      var line = "\(field.key)  \(field.type.rawValue)"
      if field.builtIn != nil { line += "  (built in)" }
      let names = field.names.filter { !$0.key.isEmpty }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
      if !names.isEmpty { line += "  " + names.joined(separator: " ") }
      if !field.options.isEmpty {
        line += ": " + field.options.map(FieldEditing.optionText).joined(separator: ", ")
      }
      out += TerminalText.oneLine(line) + "\n"
    }
    try StandardOutput.write(Data(out.utf8))
  }
}

/// `pmboard field edit KEY`.
struct FieldEditCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edit", abstract: "Change a field's options or its shown names.")

  @OptionGroup var storeOptions: StoreOptions
  @Argument(help: "The field's key.") var key: String
  @Option(name: .customLong("add-option"), help: "Add an option (NAME or NAME=#rrggbb); repeat for more.")
  var addOptions: [String] = []
  @Option(name: .customLong("remove-option"), help: "Remove an option; tasks holding it then show none.")
  var removeOptions: [String] = []
  @Option(help: "The options in this order, comma-separated (every option named once).") var order: String?
  @Option(help: "The name shown in a locale (ko=우선순위); repeat for each, LOCALE= removes one.")
  var name: [String] = []

  func run() async throws {
    guard !addOptions.isEmpty || !removeOptions.isEmpty || order != nil || !name.isEmpty else {
      throw CommandError("nothing to change; pass --add-option, --remove-option, --order or --name")
    }
    let store = try storeOptions.open()
    let fields = try await store.info().fields
    let old = try FieldEditing.field(key, in: fields, editable: true)
    var new = old
    for entry in name { try FieldEditing.setName(entry, of: &new) }
    if !addOptions.isEmpty || !removeOptions.isEmpty || order != nil, new.type != .select {
      throw CommandError("\(new.key) is a \(new.type.rawValue) field; only a select field has options")
    }
    for option in addOptions { try FieldEditing.addOption(option, to: &new) }
    for option in removeOptions {
      guard let found = new.option(named: option) else {
        throw CommandError("--remove-option: \(new.key) has no option \"\(TerminalText.oneLine(option))\"")
      }
      new.options.removeAll { $0.id == found.id }
    }
    if let order { try FieldEditing.reorder(&new, order) }
    guard new != old else { throw CommandError("the field \(old.key) already looks like that; nothing recorded") }
    try await FieldEditing.commit(from: old, to: new, in: store)
    try StandardOutput.recorded("changed field \(new.key)", line: "Changed the field \(new.key)")
  }
}

/// `pmboard field rename KEY NEW`.
struct FieldRenameCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rename", abstract: "Give a field a new key; its values stay, its pages move.")

  @OptionGroup var storeOptions: StoreOptions
  @Argument(help: "The field's key.") var key: String
  @Argument(help: "Its new key.") var newKey: String

  func run() async throws {
    let store = try storeOptions.open()
    let fields = try await store.info().fields
    let old = try FieldEditing.field(key, in: fields, editable: true)
    var new = old
    new.key = try FieldRules.checkKey(newKey, among: fields).mapError { CommandError("\($0)") }.get()
    try await FieldEditing.commit(from: old, to: new, in: store)
    try StandardOutput.recorded("renamed field \(old.key)", line: "Renamed the field \(old.key) to \(new.key)")
  }
}

/// `pmboard field remove KEY [--force]`.
struct FieldRemoveCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "remove", abstract: "Remove a field (undo brings it back with its values).")

  @OptionGroup var storeOptions: StoreOptions
  @Argument(help: "The field's key.") var key: String
  @Flag(help: "Remove it even though tasks hold values of it.") var force = false

  func run() async throws {
    let store = try storeOptions.open()
    let board = try await store.load()
    let old = try FieldEditing.field(key, in: board.info.fields, editable: true)
    guard old.builtIn == nil else {
      throw CommandError("\(old.key) is built in and cannot be removed; `pmboard field list` shows the others")
    }
    let holding = board.tasks.filter { $0.values[old.id] != nil }
    if !holding.isEmpty && !force {
      throw CommandError(
        "removing \(old.key) would drop \(holding.count) value\(holding.count == 1 ? "" : "s") on "
          + "\(Plural.tasks(holding.count)); nothing was removed — pass --force to remove it (undo brings it back)")
    }
    try await FieldEditing.commit(from: old, to: nil, in: store)
    try StandardOutput.recorded("removed field \(old.key)", line: "Removed the field \(old.key)")
  }
}
