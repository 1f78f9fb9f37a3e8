import ArgumentParser
import Foundation
import PMBoardCore
import PMBoardStore

/// `pmboard list`: the board as an aligned table, overdue tasks marked.
struct ListCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "list", abstract: "List tasks (board order).")

  @OptionGroup var storeOptions: StoreOptions
  @Option(help: "Only tasks in this state (todo, doing, done).") var state: String?
  @Flag(help: "Only overdue tasks.") package var overdue = false
  @Option(help: "Only tasks with this label (repeat: tasks with all of them).") var label: [String] = []
  @Option(help: "Only tasks assigned to this person (repeat: to all of them).") var assignee: [String] = []
  @Option(
    name: .customLong("where"),
    help: ArgumentHelp(
      "Only tasks whose field holds this value (priority=P1, milestone=\"Release 2.0\"; KEY= for none); repeat: all.",
      valueName: "key=value"))
  var wheres: [String] = []
  @Flag(help: "Print interchange JSON (pmboard/1) instead of a table.") var json = false
  @Option(help: "Take this date (YYYY-MM-DD) as today.") var today: String?

  func run() async throws {
    let filterState = try state.map { try TaskState.parse($0, option: "--state") }
    let board = try await storeOptions.open().load()
    let day = try TodayOption.today(override: today, info: board.info)
    let labels = try label.map {
      try TaskRules.checkName($0, as: .label).mapError { CommandError("--label: \($0)") }.get()
    }
    let people = try assignee.map {
      try TaskRules.checkName($0, as: .assignee).mapError { CommandError("--assignee: \($0)") }.get()
    }
    let conditions = try wheres.map { try FieldCondition($0, fields: board.info.fields) }
    let tasks = BoardOrder.sorted(board.tasks).filter { task in
      (filterState.map { task.state == $0 } ?? true) && (!overdue || task.isOverdue(today: day))
        && labels.allSatisfy(task.labels.contains) && people.allSatisfy(task.assignees.contains)
        && conditions.allSatisfy { $0.holds(for: task) }
    }
    if json {
      var filtered = board
      filtered.tasks = tasks
      filtered.history = []
      return try StandardOutput.write(InterchangeWriter().data(for: filtered))
    }
    let environment = ProcessInfo.processInfo.environment
    let colour = isatty(STDOUT_FILENO) != 0 && environment["NO_COLOR"].map(\.isEmpty) ?? true
    let ids = ShortIDs(board.tasks.map(\.idString))
    var out = ""
    out.reserveCapacity(tasks.count * 80)
    out += "STATE  ID" + String(repeating: " ", count: ids.width - 2) + "  DUE                  TITLE\n"
    for task in tasks {
      let late = task.isOverdue(today: day)
      var dueText = task.due?.description ?? "-"
      if late { dueText += " OVERDUE" }
      dueText += String(repeating: " ", count: max(0, 20 - dueText.utf8.count))
      if late && colour { dueText = "\u{1B}[31m" + dueText + "\u{1B}[0m" }
      out += task.state.rawValue
      out += String(repeating: " ", count: 7 - task.state.rawValue.utf8.count)
      let id = ids.prefix(of: task.idString)
      out +=
        id + String(repeating: " ", count: ids.width - id.count) + "  " + dueText + " "
        + TerminalText.oneLine(task.title) + Self.namesSuffix(of: task) + "\n"
    }
    let late = tasks.count(where: { $0.isOverdue(today: day) })
    out += "\(Plural.tasks(tasks.count)), \(late) overdue (today is \(day) in \(board.info.timeZoneID))\n"
    try StandardOutput.write(Data(out.utf8))
  }

  /// `  [bug, ui] @kyo @mina` after a title: the task's labels and assignees, when it has any.
  static func namesSuffix(of task: BoardTask) -> String {
    var suffix = ""
    if !task.labels.isEmpty { suffix += "  [" + TerminalText.oneLine(task.labels.description) + "]" }
    for person in task.assignees { suffix += (suffix.isEmpty ? "  @" : " @") + TerminalText.oneLine(person) }
    return suffix
  }
}
