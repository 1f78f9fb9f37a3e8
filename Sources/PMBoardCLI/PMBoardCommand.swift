import ArgumentParser
import Foundation
import PMBoardCore
import PMBoardSite
import PMBoardStore

/// The `pmboard` command line: keeps a board's store and builds its static site.
package struct PMBoardCommand: AsyncParsableCommand {
  package static let configuration = CommandConfiguration(
    commandName: "pmboard",
    abstract: "Keep a TODO / DOING / DONE board and publish it as a static website.",
    subcommands: [
      InitCommand.self, AddCommand.self, EditCommand.self, MoveCommand.self, RemoveCommand.self,
      ListCommand.self, ShowCommand.self, HistoryCommand.self, UndoCommand.self, RedoCommand.self,
      ImportCommand.self, ExportCommand.self, BuildCommand.self, CheckCommand.self,
    ]
  )

  package init() {}

  /// Runs the command line; pmboard's own errors print as one `pmboard: error: …` line with exit status 1.
  package static func runMain() async {
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
