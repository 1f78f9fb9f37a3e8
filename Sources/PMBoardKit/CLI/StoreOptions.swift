import ArgumentParser
import Foundation

/// `--store`, shared by every command that reads or writes a board.
public struct StoreOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The board's store: a .sqlite/.db file (SQLite) or a .json file. Default: $PMBOARD_STORE, else board.sqlite.",
      valueName: "path"))
  public var store: String?

  public init() {}

  public var path: String {
    StoreLocator.resolvePath(flag: store, environment: ProcessInfo.processInfo.environment)
  }

  public func open() throws -> any BoardStore {
    try StoreLocator.store(forPath: path)
  }
}
