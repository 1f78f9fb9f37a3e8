import ArgumentParser
import Foundation
import PMBoardCore

/// `pmboard edit`: changes a task's title, body, due date, labels, assignees or link.
struct EditCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edit", abstract: "Edit a task's title, body, due date, labels, assignees or link.")

  @OptionGroup var storeOptions: StoreOptions
  @Argument(help: "The task's id or a unique prefix of it.") package var id: String
  // Unconditional: a title or body that starts with `-` (a checklist, `- [ ] a`) is the value, not an option.
  @Option(parsing: .unconditional, help: "New title.") package var title: String?
  @Option(parsing: .unconditional, help: "New body.") package var body: String?
  @Option(
    name: .customLong("body-file"),
    help: ArgumentHelp("Read the new body from this file (- for standard input).", valueName: "path"))
  var bodyFile: String?
  @Option(parsing: .unconditional, help: "New due date (YYYY-MM-DD, today, +3d, -1w), or `none` to clear it.")
  var due: String?
  @OptionGroup var names: NameOptions
  @OptionGroup var removedNames: NameRemovalOptions
  @OptionGroup var fieldValues: FieldValueOptions

  func run() async throws {
    guard TaskField.allCases.contains(where: { option(for: $0) != nil }) else {
      throw CommandError(
        "nothing to change; pass --title, --body, --body-file, --due, --label, --remove-label, --assignee, --remove-assignee, "
          + "--url, --set or --unset")
    }
    if body != nil, bodyFile != nil { throw BodyInput.bothGiven }
    let store = try storeOptions.open()
    let old = try await TaskResolver(store: store).task(id)
    let now = BoardClock.now()
    var new = old
    // Read before the loop, and only for a due date to parse: an async call with `inout` in the loop crashed the
    // release build's coroutine splitting (Swift 6.3.1).
    let info = try await store.info()
    let today = due.map { $0.lowercased() != "none" } == true ? info.today(now: now) : nil
    // In `TaskField` order: the first bad option is the one reported, title before body before due.
    for field in TaskField.allCases {
      switch option(for: field) {
      case .text(let value)?: try set(field, to: value, of: &new, today: today)
      case .file(let path)?: try set(field, to: BodyInput.read(path), of: &new, today: today)
      case .names?: try new.changeNames(adding: names, removing: removedNames)
      case .values?: try fieldValues.apply(to: &new, fields: info.fields)
      case nil: break
      }
    }
    guard new != old else { throw CommandError("task \(old.shortID) already looks like that; nothing recorded") }
    new.updated = now
    try await store.commit(.update(from: old, to: new, at: now, by: try Author.current(), fields: info.fields))
    try StandardOutput.recorded(
      "edited task \(new.shortID)", line: "Edited \(new.shortID) \(TerminalText.oneLine(new.title))")
  }

  /// What an option gives a field: one value, or names to add and remove (``TaskField/Shape/names``).
  enum FieldOption {
    case text(String)
    /// The value is read from this file (`--body-file`).
    case file(String)
    case names
    /// `--set` and `--unset` (``FieldValueOptions``).
    case values
  }

  /// The option that sets `field`, nil when not given or when `edit` sets no such field: a new field must choose.
  func option(for field: TaskField) -> FieldOption? {
    switch field {
    case .title: title.map(FieldOption.text)
    case .body: body.map(FieldOption.text) ?? bodyFile.map(FieldOption.file)
    case .due: due.map(FieldOption.text)
    case .url: names.url.map(FieldOption.text)
    // Both fields of names are changed at once, at the first of them.
    case .labels: names.isEmpty && removedNames.isEmpty ? nil : .names
    case .assignees: nil
    case .state: nil  // `pmboard move` changes it, recording `moved`.
    case .values: fieldValues.isEmpty ? nil : .values
    }
  }

  /// Sets `field` of `task` from its option's `value`; `today` is there when `--due` is.
  private func set(_ field: TaskField, to value: String, of task: inout BoardTask, today: CalendarDate?) throws {
    switch field {
    case .title: task.title = try TaskRules.checkTitle(value).mapError { CommandError("--title: \($0)") }.get()
    case .body:
      let option = bodyFile.map { "--body-file \(BodyInput.named($0))" } ?? "--body"
      task.body = try TaskRules.checkBody(value).mapError { CommandError("\(option): \($0)") }.get()
    case .due:
      if value.lowercased() == "none" {
        task.due = nil
      } else if let today {
        task.due = try DueDateParser(today: today).parse(value)
      }
    case .url: task.url = try names.checkedURL() ?? task.url
    case .labels, .assignees, .state, .values: break
    }
  }
}
