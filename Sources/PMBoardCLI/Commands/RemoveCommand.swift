import ArgumentParser
import Foundation
import PMBoardCore

/// `pmboard remove`: takes a task off the board (undo brings it back).
struct RemoveCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "remove", abstract: "Remove a task (undo brings it back).")

  @OptionGroup var storeOptions: StoreOptions
  @Argument(help: "The task's id or a unique prefix of it.") package var id: String

  func run() async throws {
    let store = try storeOptions.open()
    let task = try await TaskResolver(store: store).task(id)
    try await store.commit(.remove(task, at: BoardClock.now(), by: try Author.current()))
    try StandardOutput.recorded(
      "removed task \(task.shortID)", line: "Removed \(task.shortID) \(TerminalText.oneLine(task.title))")
  }
}
