import ArgumentParser
import Foundation
import PMBoardCore

/// `pmboard move`: moves a task to another column.
struct MoveCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "move", abstract: "Move a task to todo, doing or done.")

  @OptionGroup var storeOptions: StoreOptions
  @Argument(help: "The task's id or a unique prefix of it.") package var id: String
  @Argument(help: "todo, doing or done.") package var state: String

  func run() async throws {
    let target = try TaskState.parse(state)
    let store = try storeOptions.open()
    let old = try await TaskResolver(store: store).task(id)
    guard old.state != target else {
      throw CommandError("task \(old.shortID) is already in \(target.rawValue); nothing recorded")
    }
    let now = BoardClock.now()
    var new = old
    new.state = target
    new.updated = now
    try await store.commit(.update(from: old, to: new, at: now, by: try Author.current()))
    try StandardOutput.recorded(
      "moved task \(new.shortID) to \(target.rawValue)",
      line: "Moved \(new.shortID) \(TerminalText.oneLine(new.title)): \(old.state.rawValue) → \(target.rawValue)")
  }
}
