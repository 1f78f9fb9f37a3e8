import ArgumentParser

/// The `pmboard` command line: keeps a board's store and builds its static site.
public struct PMBoardCommand: AsyncParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "pmboard",
    abstract: "Keep a TODO / DOING / DONE board and publish it as a static website."
  )
  public init() {}
}
