import ArgumentParser
import Foundation

/// The `pmboard` command line: keeps a board's store and builds its static site.
public struct PMBoardCommand: AsyncParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "pmboard",
    abstract: "Keep a TODO / DOING / DONE board and publish it as a static website.",
    subcommands: [
      InitCommand.self, AddCommand.self, EditCommand.self, MoveCommand.self, RemoveCommand.self,
      ListCommand.self, ShowCommand.self, HistoryCommand.self, UndoCommand.self, RedoCommand.self,
      ImportCommand.self, ExportCommand.self, BuildCommand.self, CheckCommand.self,
    ]
  )

  public init() {}

  /// Runs the command line; pmboard's own errors print as one `pmboard: error: …` line with exit status 1.
  public static func runMain() async {
    do {
      var command = try parseAsRoot()
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch let error as any PMBoardFailure where error.isCompilerStyle {
      // Compiler-style lines, so editors and CI annotate them as they are.
      FileHandle.standardError.write(Data((error.description + "\n").utf8))
      Foundation.exit(1)
    } catch let error as any PMBoardFailure {
      fail(error.description)
    } catch {
      exit(withError: error)
    }
  }

  private static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data(message.split(separator: "\n").map { "pmboard: error: \($0)\n" }.joined().utf8))
    Foundation.exit(1)
  }
}

/// An error pmboard reports to the user as it is (one line per problem), without a stack trace.
public protocol PMBoardFailure: Error, CustomStringConvertible {
  /// Whether each line already says where and what (`file:line:column: error: …`), so it prints unprefixed.
  var isCompilerStyle: Bool { get }
}

extension PMBoardFailure {
  public var isCompilerStyle: Bool { false }
}

extension CommandError: PMBoardFailure {}
extension StoreError: PMBoardFailure {}
extension ImportError: PMBoardFailure {}
extension ConfigError: PMBoardFailure {}
extension ThemeError: PMBoardFailure {}
extension SiteWriteError: PMBoardFailure {}

extension TemplateCheckError: PMBoardFailure {
  public var isCompilerStyle: Bool { true }
}
