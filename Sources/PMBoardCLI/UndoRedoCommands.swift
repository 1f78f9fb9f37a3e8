import ArgumentParser
import Foundation
import PMBoardCore

/// `pmboard undo`: reverts the most recent change.
struct UndoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "undo", abstract: "Revert the most recent change.")

  @OptionGroup var storeOptions: StoreOptions

  func run() async throws {
    let change = try await storeOptions.open().undo(at: BoardClock.now())
    try StandardOutput.line("Undid: \(ChangeSummary.sentence(change.entry))")
  }
}

/// `pmboard redo`: re-applies the most recently undone change.
struct RedoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "redo", abstract: "Re-apply the last undone change.")

  @OptionGroup var storeOptions: StoreOptions

  func run() async throws {
    let change = try await storeOptions.open().redo(at: BoardClock.now())
    try StandardOutput.line("Redid: \(ChangeSummary.sentence(change.entry))")
  }
}

/// Plain-English one-liners for history entries in the terminal.
package enum ChangeSummary {
  package static func sentence(_ entry: HistoryEntry) -> String {
    let title = "\"\(TerminalText.oneLine(entry.title))\""
    switch entry.action {
    case .added: return "added \(title) to \(entry.to?.rawValue ?? "?")"
    case .edited:
      let fields = entry.fields.map(\.rawValue).joined(separator: ", ")
      return "edited \(title)" + (fields.isEmpty ? "" : " (\(fields))")
    case .moved: return "moved \(title) from \(entry.from?.rawValue ?? "?") to \(entry.to?.rawValue ?? "?")"
    case .removed: return "removed \(title) from \(entry.from?.rawValue ?? "?")"
    }
  }
}
