import ArgumentParser
import Foundation
import PMBoardSite

/// `pmboard build`: the static site, once or (`--watch`) on every change.
struct BuildCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "build", abstract: "Build the static board and history site (ko, en, ja).")

  @OptionGroup var options: BuildOptions
  @Flag(help: "Keep building: rebuild whenever the store, templates, public files or pmboard.yml change.")
  var watch = false

  func run() async throws {
    let settings = try options.settings()
    // `boards:` makes a site of many boards; `--store` or `--demo` builds one board as ever.
    if !settings.boards.isEmpty, options.storeOptions.store == nil, !options.demo {
      guard !watch, !options.sync else {
        throw CommandError(
          "build \(watch ? "--watch follows" : "--sync syncs") one board; give --store for that board")
      }
      try StandardOutput.line(try await options.buildBoards(settings: settings))
      return
    }
    let store = options.demo ? nil : try options.storeOptions.open(configured: settings.store)
    if watch {
      return try await options.watchAndRebuild(store, settings: settings)
    }
    let (line, synced) = try await options.buildOnce(store, settings: settings)
    // After `--sync` pushed, a lost report must not read as "nothing happened": the push is recorded.
    if synced {
      try StandardOutput.recorded("synced with the remote and built the site", line: line)
    } else {
      try StandardOutput.line(line)
    }
  }
}
