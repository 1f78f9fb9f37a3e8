import ArgumentParser
import Foundation
import PMBoardCore
import PMBoardStore

/// `pmboard show`: one task in full.
struct ShowCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one task in full.")

  @OptionGroup var storeOptions: StoreOptions
  @Argument(help: "The task's id or a unique prefix of it.") package var id: String
  @Flag(help: "Print the task as its pmboard/1 JSON object (and whether it is overdue).") var json = false

  func run() async throws {
    let store = try storeOptions.open()
    let task = try await TaskResolver(store: store).task(id)
    let info = try await store.info()
    let overdue = task.isOverdue(today: info.today(now: BoardClock.now()))
    if json { return try StandardOutput.write(ShowText.json(of: task, overdue: overdue)) }
    try StandardOutput.line(ShowText.text(of: task, overdue: overdue, fields: info.fields))
  }
}

/// The text `pmboard show` prints for a task.
package enum ShowText {
  /// What `show` prints: the id, a line per field in its place, the stamps, then the body whole.
  /// The declared fields' values (`fields`, in the board's order) follow the built-in ones.
  package static func text(of task: BoardTask, overdue: Bool, fields: BoardFields = .none) -> String {
    let fieldLines = TaskField.allCases.compactMap { line($0, of: task, overdue: overdue) }
    var lines = [row("id", task.idString)] + fieldLines.sorted { $0.rank < $1.rank }.map(\.text)
    for definition in fields.valued {
      guard let value = task.values[definition.id], value.fits(definition.type) else { continue }
      let text = value.text(in: definition)
      if !text.isEmpty { lines.append(row(definition.key, TerminalText.oneLine(text))) }
    }
    lines += [row("created", Instant.format(task.created)), row("updated", Instant.format(task.updated))]
    if !task.body.isEmpty { lines += ["", TerminalText.visible(task.body)] }
    return lines.joined(separator: "\n")
  }

  /// The width of the names before the values: the longest name, `assignees:`, and a space.
  static let nameWidth = "assignees: ".count

  /// `name: value`, the value in the column every line's value starts in.
  static func row(_ name: String, _ value: String) -> String {
    let head = name + ":"
    return head + String(repeating: " ", count: max(1, nameWidth - head.count)) + value
  }

  /// What `show --json` prints: the task's object as in a pmboard/1 file's `tasks`, with `"overdue"` added.
  package static func json(of task: BoardTask, overdue: Bool) -> Data {
    var out: [UInt8] = []
    InterchangeWriter().appendTask(task, indent: "", to: &out)
    out.removeLast(2)  // "\n}"
    out += Array(",\n  \"overdue\": \(overdue)\n}\n".utf8)
    return Data(out)
  }

  /// `field`'s line under the id and its place among those lines; nil for the body, shown whole below them.
  static func line(_ field: TaskField, of task: BoardTask, overdue: Bool) -> (rank: Int, text: String)? {
    switch field {
    case .title: (0, row("title", TerminalText.oneLine(task.title)))
    case .state: (1, row("state", task.state.rawValue))
    case .due: (2, row("due", (task.due?.description ?? "-") + (overdue ? " (overdue)" : "")))
    case .labels: task.labels.isEmpty ? nil : (3, row("labels", TerminalText.oneLine(task.labels.description)))
    case .assignees:
      task.assignees.isEmpty ? nil : (4, row("assignees", TerminalText.oneLine(task.assignees.description)))
    case .url: task.url.isEmpty ? nil : (5, row("url", TerminalText.oneLine(task.url)))
    // One line a declared field, named by the board's definitions (``fieldLines(of:fields:)``).
    case .body, .values: nil
    }
  }
}
