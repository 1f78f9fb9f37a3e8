import ArgumentParser
import Foundation
import PMBoardCore

/// `pmboard add`: puts a new task on the board.
struct AddCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a task.")

  @OptionGroup var storeOptions: StoreOptions
  @Argument(help: "The task's title (one line, up to 200 characters); after `--` when it starts with `-`.")
  var title: String
  // Unconditional: a body that starts with `-` (a checklist, `- [ ] a`) is the body, not an unknown option.
  @Option(parsing: .unconditional, help: "Details; newlines are kept (up to 1000 characters).") var body: String?
  @Option(
    name: .customLong("body-file"),
    help: ArgumentHelp("Read the body from this file (- for standard input).", valueName: "path"))
  var bodyFile: String?
  @Option(parsing: .unconditional, help: "Due date: YYYY-MM-DD, today, tomorrow, +3d, -1w.") package var due: String?
  @Option(help: "todo, doing or done.") package var state: String = "todo"
  @OptionGroup var names: NameOptions
  @OptionGroup var fieldValues: FieldValueOptions

  func run() async throws {
    let checkedTitle = try TaskRules.checkTitle(title).mapError { CommandError("title: \($0)") }.get()
    let checkedBody = try BodyInput.checked(body: body, file: bodyFile) ?? ""
    let taskState = try TaskState.parse(state, option: "--state")
    var task = BoardTask(title: checkedTitle, body: checkedBody, state: taskState, created: Date())
    try task.changeNames(adding: names, removing: nil)
    task.url = try names.checkedURL() ?? ""
    let store = try storeOptions.open()
    let now = BoardClock.now()
    var dueDate: CalendarDate?
    let info = due != nil || !fieldValues.isEmpty ? try await store.info() : nil
    if let due, let info { dueDate = try DueDateParser(today: info.today(now: now)).parse(due) }
    if let info { try fieldValues.apply(to: &task, fields: info.fields) }
    task.due = dueDate
    (task.created, task.updated) = (now, now)
    try await store.commit(.add(task, at: now, by: try Author.current()))
    try StandardOutput.recorded(
      "added task \(task.shortID)", line: "Added \(task.shortID) \(TerminalText.oneLine(task.title))")
  }
}
