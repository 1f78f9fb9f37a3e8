import ArgumentParser
import Foundation
import PMBoardCore

/// `pmboard edit`: changes a task's title, body or due date.
struct EditCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edit", abstract: "Edit a task's title, body or due date.")

  @OptionGroup var storeOptions: StoreOptions
  @Argument(help: "The task's id or a unique prefix of it.") package var id: String
  @Option(help: "New title.") package var title: String?
  @Option(help: "New body.") package var body: String?
  @Option(parsing: .unconditional, help: "New due date (YYYY-MM-DD, today, +3d, -1w), or `none` to clear it.")
  var due: String?

  func run() async throws {
    guard title != nil || body != nil || due != nil else {
      throw CommandError("nothing to change; pass --title, --body or --due")
    }
    let store = try storeOptions.open()
    let old = try await TaskResolver(store: store).task(id)
    let now = BoardClock.now()
    var new = old
    if let title { new.title = try TaskRules.checkTitle(title).mapError { CommandError("--title: \($0)") }.get() }
    if let body { new.body = try TaskRules.checkBody(body).mapError { CommandError("--body: \($0)") }.get() }
    if let due {
      new.due =
        due.lowercased() == "none"
        ? nil : try DueDateParser(today: try await store.info().today(now: now)).parse(due)
    }
    guard new != old else { throw CommandError("task \(old.shortID) already looks like that; nothing recorded") }
    new.updated = now
    try await store.commit(.update(from: old, to: new, at: now, by: try Author.current()))
    try StandardOutput.recorded(
      "edited task \(new.shortID)", line: "Edited \(new.shortID) \(TerminalText.oneLine(new.title))")
  }
}
