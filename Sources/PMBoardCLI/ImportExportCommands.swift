import ArgumentParser
import Foundation
import PMBoardCore
import PMBoardStore

/// `pmboard import`: loads an interchange file into the store (all or nothing).
struct ImportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import", abstract: "Import a pmboard/1 JSON file; creates the store or, with --replace, replaces it.")

  @OptionGroup var storeOptions: StoreOptions
  @Argument(help: "The JSON file to import (pmboard/1).") var file: String
  @Flag(help: "Replace the tasks and history of an existing store.") package var replace = false

  func run() async throws {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: file))
    } catch {
      throw CommandError("cannot read \(file): \(SystemErrorText.reason(error))")
    }
    let board = try InterchangeReader().board(from: data, source: file)
    let store = try storeOptions.open()
    do {
      try await store.create(board)
    } catch StoreError.alreadyExists {
      guard replace else {
        throw CommandError(
          "\(store.location) already holds a board; pass --replace to overwrite its tasks and history with \(file)")
      }
      try await store.replace(with: board)
    }
    try StandardOutput.line(
      "Imported \(board.tasks.count) tasks and \(board.history.count) history entries into "
        + TerminalText.oneLine(store.location))
  }
}

/// `pmboard export`: writes the board as interchange JSON, to stdout or a file.
struct ExportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export", abstract: "Export the board as pmboard/1 JSON (stdout unless a file is given).")

  @OptionGroup var storeOptions: StoreOptions
  @Argument(help: "Write to this file instead of stdout (written atomically).") var file: String?

  func run() async throws {
    let data = InterchangeWriter().data(for: try await storeOptions.open().load())
    guard let file else { return try StandardOutput.write(data) }
    try ExportDestination.write(data, to: file)
  }
}
