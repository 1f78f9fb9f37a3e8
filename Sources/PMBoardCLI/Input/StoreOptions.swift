import ArgumentParser
import Foundation
import PMBoardStore

/// `--store`, shared by every command that reads or writes a board.
struct StoreOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The board's store: a .sqlite/.db file (SQLite), a .json file, or a postgres://…[?board=name] URL. "
        + "Default: $PMBOARD_STORE, else board.sqlite.",
      valueName: "path"))
  var store: String?

  /// The store `--store` names, else `configured` (pmboard.yml's `store`), else `$PMBOARD_STORE`, else the default.
  func open(configured: String? = nil) throws -> any BoardStore {
    try StoreLocator.store(
      forPath: StoreLocator.resolvePath(flag: store ?? configured, environment: ProcessInfo.processInfo.environment))
  }
}
