import ArgumentParser
import Foundation
import PMBoardCore
import PMBoardStore

/// `pmboard history`: the most recent changes, newest first.
struct HistoryCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "history", abstract: "Show changes, newest first.")

  @OptionGroup var storeOptions: StoreOptions
  @Option(help: "Show at most this many entries.") package var limit: Int = 20
  @Flag(help: "Print the entries as JSON (interchange form, oldest first).") var json = false

  func validate() throws {
    guard limit > 0 else { throw ValidationError("--limit must be a positive number") }
  }

  func run() async throws {
    let board = try await storeOptions.open().load()
    let recent = Array(board.history.suffix(limit))
    if json {
      var only = board
      only.tasks = []
      only.history = recent
      return try StandardOutput.write(InterchangeWriter().data(for: only))
    }
    var out = ""
    for entry in recent.reversed() {
      out += "\(Instant.format(entry.at))  \(entry.taskID.shortString)  "
      out += ChangeSummary.line(entry) + "\n"
    }
    if recent.isEmpty { out = "no history yet\n" }
    try StandardOutput.write(Data(out.utf8))
  }
}
