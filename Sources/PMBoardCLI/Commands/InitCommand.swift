import ArgumentParser
import Foundation
import PMBoardCore
import PMBoardSite

/// `pmboard init`: creates a new, empty (or demo) board.
struct InitCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "init", abstract: "Create a new board store (empty, or with --demo a sample board).")

  @OptionGroup var storeOptions: StoreOptions
  @Option(help: "The board's title (default: Board, or the demo's title with --demo).") var title: String?
  @Option(
    name: .customLong("time-zone"), help: "IANA time zone for due dates, e.g. Asia/Seoul. Default: this machine's.")
  var timeZone: String?
  @Flag(help: "Fill the new board with a realistic demo board (Korean, Japanese and English tasks).")
  var demo = false

  func run() async throws {
    let zone = timeZone ?? TimeZone.current.identifier
    guard BoardInfo.isZoneName(zone) else {
      throw CommandError("--time-zone: \"\(zone)\" is not an IANA time zone name; try e.g. Asia/Seoul or UTC")
    }
    guard case .success(let boardTitle) = TaskRules.checkTitle(title ?? (demo ? DemoBoard.title : "Board")) else {
      throw CommandError("--title: give the board a one-line title")
    }
    let info = BoardInfo(title: boardTitle, timeZoneID: zone)
    let board = demo ? DemoBoard.make(info: info, now: BoardClock.now()) : Board(info: info)
    let store = try storeOptions.open()
    try await store.create(board)
    try StandardOutput.recorded(
      "created \(store.location)",
      line: TerminalText.oneLine(
        "Created \(store.location): \"\(board.info.title)\", time zone \(zone), \(Plural.tasks(board.tasks.count))"))
  }
}
