import ArgumentParser
import Foundation
import PMBoardCore

/// `pmboard show`: one task in full.
struct ShowCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one task in full.")

  @OptionGroup var storeOptions: StoreOptions
  @Argument(help: "The task's id or a unique prefix of it.") package var id: String

  func run() async throws {
    let store = try storeOptions.open()
    let task = try await TaskResolver(store: store).task(id)
    let info = try await store.info()
    let overdue = task.isOverdue(today: info.today(now: BoardClock.now()))
    var lines = [
      "id:      \(task.idString)",
      "title:   \(TerminalText.oneLine(task.title))",
      "state:   \(task.state.rawValue)",
      "due:     \(task.due?.description ?? "-")\(overdue ? " (overdue)" : "")",
      "created: \(Instant.format(task.created))",
      "updated: \(Instant.format(task.updated))",
    ]
    if !task.body.isEmpty { lines += ["", TerminalText.visible(task.body)] }
    try StandardOutput.line(lines.joined(separator: "\n"))
  }
}
