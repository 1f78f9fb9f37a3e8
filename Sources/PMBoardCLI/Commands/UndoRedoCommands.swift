import ArgumentParser
import Foundation
import PMBoardCore

/// `pmboard undo`: reverts the most recent change this person made.
struct UndoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "undo", abstract: "Revert your most recent change.",
    discussion: "In a shared store, your own (by PMBOARD_USER, user: in pmboard.yml or git's user.name); refused if "
      + "that task changed since.")

  @OptionGroup var storeOptions: StoreOptions

  func run() async throws {
    let change = try await storeOptions.open().undo(at: BoardClock.now(), by: try Author.current())
    let sentence = ChangeSummary.sentence(change.entry)
    try StandardOutput.recorded("undid: \(sentence)", line: "Undid: \(sentence)")
  }
}

/// `pmboard redo`: re-applies the most recently undone change.
struct RedoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "redo", abstract: "Re-apply the last undone change.")

  @OptionGroup var storeOptions: StoreOptions

  func run() async throws {
    let change = try await storeOptions.open().redo(at: BoardClock.now(), by: try Author.current())
    let sentence = ChangeSummary.sentence(change.entry)
    try StandardOutput.recorded("redid: \(sentence)", line: "Redid: \(sentence)")
  }
}

/// Plain-English one-liners for history entries in the terminal.
package enum ChangeSummary {
  package static func sentence(_ entry: HistoryEntry) -> String {
    let title = "\"\(TerminalText.oneLine(entry.title))\""
    switch entry.action {
    case .added: return "added \(title) to \(entry.to?.rawValue ?? "?")"
    case .edited:
      let fields = entry.fields.filter { $0 != .values }.map(\.rawValue) + entry.changes.map(valueChange)
      return "edited \(title)" + (fields.isEmpty ? "" : " (\(fields.joined(separator: ", ")))")
    case .defined:
      let changes = entry.changes.map(valueChange).joined(separator: ", ")
      return "changed the field \(title)" + (changes.isEmpty ? "" : " (\(changes))")
    case .moved: return "moved \(title) from \(entry.from?.rawValue ?? "?") to \(entry.to?.rawValue ?? "?")"
    case .removed: return "removed \(title) from \(entry.from?.rawValue ?? "?")"
    }
  }

  /// `priority P2 → P1`, `estimate → 3` (set), `team "web" →` (cleared).
  static func valueChange(_ change: ValueChange) -> String {
    TerminalText.oneLine("\(change.key) \(change.before)\(change.before.isEmpty ? "" : " ")→ \(change.after)")
      .trimmingCharacters(in: .whitespaces)
  }

  /// The sentence with who made the change and how a sync settled it, as `history` prints it.
  package static func line(_ entry: HistoryEntry) -> String {
    var line = sentence(entry)
    if !entry.author.isEmpty { line += " by \(TerminalText.oneLine(entry.author))" }
    switch entry.resolution {
    case .merged?: line += " (merged with a concurrent change)"
    case .lost?: line += " (not applied: the task was changed or removed elsewhere)"
    case nil: break
    }
    return line
  }
}
