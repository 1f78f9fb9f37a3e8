import ArgumentParser
import Foundation
import PMBoardCore
import PMBoardStore

/// `pmboard milestone`: the board's milestones, the options of its built-in milestone field (docs/fields.md).
struct MilestoneCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "milestone", abstract: "Add, change, close and reopen milestones.",
    subcommands: [
      MilestoneAddCommand.self, MilestoneEditCommand.self, MilestoneCloseCommand.self, MilestoneReopenCommand.self,
    ])
}

/// The options every milestone command takes to name its milestone and its dates.
struct MilestoneDates: ParsableArguments {
  @Option(parsing: .unconditional, help: "Its first day (YYYY-MM-DD, today, +3d), or `none`.") var start: String?
  @Option(parsing: .unconditional, help: "Its due day (YYYY-MM-DD, today, +3d), or `none`.") var due: String?

  func apply(to option: inout FieldOption, today: CalendarDate) throws {
    if let start { option.start = try Self.day(start, today: today, name: "--start") }
    if let due { option.due = try Self.day(due, today: today, name: "--due") }
    if let start = option.start, let due = option.due, due < start {
      throw CommandError("--due \(due) is before --start \(start); a milestone ends after it starts")
    }
  }

  private static func day(_ text: String, today: CalendarDate, name: String) throws -> CalendarDate? {
    text.lowercased() == "none" ? nil : try DueDateParser(today: today).parse(text)
  }
}

enum MilestoneEditing {
  /// Changes the milestone `name` of the board in `storeOptions`'s store with `change`, recorded as one line.
  static func change(
    _ name: String, in storeOptions: StoreOptions, _ change: (inout FieldOption, CalendarDate) throws -> Void
  ) async throws -> (old: FieldOption, new: FieldOption) {
    let store = try storeOptions.open()
    let info = try await store.info()
    let old = info.fields.field(id: BuiltInField.milestone.id) ?? BuiltInField.milestone.definition
    guard let option = old.option(named: TaskRules.nfc(name.trimmingCharacters(in: .whitespaces))) else {
      let declared = old.options.map { "\"\($0.name)\"" }.joined(separator: ", ")
      throw CommandError(
        "the board has no milestone \"\(TerminalText.oneLine(String(name.prefix(40))))\""
          + (declared.isEmpty ? "; add one with `pmboard milestone add NAME`" : " (it has \(declared))"))
    }
    var changed = option
    try change(&changed, info.today(now: BoardClock.now()))
    guard changed != option else {
      throw CommandError("the milestone \(option.name) already looks like that; nothing recorded")
    }
    var new = old
    new.options = old.options.map { $0.id == option.id ? changed : $0 }
    try await FieldEditing.commit(from: old, to: new, in: store)
    return (option, changed)
  }
}

struct MilestoneAddCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a milestone.")

  @OptionGroup var storeOptions: StoreOptions
  @Argument(help: "Its name (Release 2.0).") var name: String
  @OptionGroup var dates: MilestoneDates

  func run() async throws {
    let store = try storeOptions.open()
    let info = try await store.info()
    let old = info.fields.field(id: BuiltInField.milestone.id) ?? BuiltInField.milestone.definition
    var new = old
    let checked = try TaskRules.checkName(name, as: .option).mapError { CommandError("milestone: \($0)") }.get()
    guard old.option(named: checked) == nil else {
      throw CommandError("the board already has a milestone \"\(checked)\"")
    }
    var option = FieldOption(id: FieldRules.newOptionID(in: old), name: checked)
    try dates.apply(to: &option, today: info.today(now: BoardClock.now()))
    new.options.append(option)
    // The built-in field's definition, stored or not, is what the change starts from (``ChangeLog``).
    try await FieldEditing.commit(from: old, to: new, in: store)
    try StandardOutput.recorded(
      "added milestone \(checked)", line: "Added the milestone \(TerminalText.oneLine(FieldEditing.optionText(option)))"
    )
  }
}

struct MilestoneEditCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edit", abstract: "Rename a milestone or move its dates.")

  @OptionGroup var storeOptions: StoreOptions
  @Argument(help: "Its name.") var name: String
  @Option(name: .customLong("name"), help: "Its new name.") var newName: String?
  @OptionGroup var dates: MilestoneDates

  func run() async throws {
    let (_, new) = try await MilestoneEditing.change(name, in: storeOptions) { option, today in
      if let newName {
        option.name = try TaskRules.checkName(newName, as: .option).mapError { CommandError("--name: \($0)") }.get()
      }
      try dates.apply(to: &option, today: today)
    }
    try StandardOutput.recorded(
      "changed milestone \(new.name)",
      line: "Changed the milestone \(TerminalText.oneLine(FieldEditing.optionText(new)))")
  }
}

struct MilestoneCloseCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "close", abstract: "Close a milestone.")

  @OptionGroup var storeOptions: StoreOptions
  @Argument(help: "Its name.") var name: String

  func run() async throws {
    let (_, new) = try await MilestoneEditing.change(name, in: storeOptions) { option, _ in option.isClosed = true }
    try StandardOutput.recorded(
      "closed milestone \(new.name)", line: "Closed the milestone \(TerminalText.oneLine(new.name))")
  }
}

struct MilestoneReopenCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "reopen", abstract: "Reopen a closed milestone.")

  @OptionGroup var storeOptions: StoreOptions
  @Argument(help: "Its name.") var name: String

  func run() async throws {
    let (_, new) = try await MilestoneEditing.change(name, in: storeOptions) { option, _ in option.isClosed = false }
    try StandardOutput.recorded(
      "reopened milestone \(new.name)", line: "Reopened the milestone \(TerminalText.oneLine(new.name))")
  }
}
