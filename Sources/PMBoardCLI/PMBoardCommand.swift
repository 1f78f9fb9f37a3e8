import ArgumentParser
import Foundation
import PMBoardBytes
import PMBoardCore
import PMBoardSite
import PMBoardStore

/// The `pmboard` command line: keeps a board's store and builds its static site.
package struct PMBoardCommand: AsyncParsableCommand {
  package static let configuration = CommandConfiguration(
    commandName: "pmboard",
    abstract: "Keep a TODO / DOING / DONE board and publish it as a static website.",
    version: PMBoardVersion.line,
    subcommands: [
      InitCommand.self, AddCommand.self, EditCommand.self, MoveCommand.self, RemoveCommand.self,
      ListCommand.self, ShowCommand.self, HistoryCommand.self, UndoCommand.self, RedoCommand.self,
      ImportCommand.self, ExportCommand.self, BuildCommand.self, CheckCommand.self, CloneCommand.self,
      SyncCommand.self, StatusCommand.self, ServeCommand.self, FieldCommand.self, MilestoneCommand.self,
    ]
  )

  package init() {}

  /// Runs the command line; pmboard's own errors print as one `pmboard: error: …` line with exit status 1.
  package static func runMain() async {
    // A password typed in a store URL is not left for other users to read in `ps`.
    ProcessArguments.mask(PostgresURL.maskingPassword(in:))
    if let problem = BoardClock.problem() { fail([problem]) }
    // Parsing the command line keeps one core busy for milliseconds: a build (or serve's first build) meanwhile
    // checks the built-in theme, which most sites use, on the other.
    if ["build", "serve"].contains(CommandLine.arguments.dropFirst().first) { BuiltInTheme.warmUp() }
    do {
      var command = try parseAsRoot()
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch let error as StandardOutputFailure where error.readerLeft {
      // Not an error: the reader (`head -1`) had what it wanted, and a message would only clutter the terminal.
      Foundation.exit(0)
    } catch let error as RecordedChangeUnreported {
      // Not "error:": the command did what it was asked.
      POSIX.writeStandardError("pmboard: \(TerminalText.oneLine(error.description))\n")
      Foundation.exit(RecordedChangeUnreported.exitStatus)
    } catch let error as any PMBoardFailure where error.isCompilerStyle {
      // Compiler-style lines, so editors and CI annotate them as they are.
      POSIX.writeStandardError(error.lines.map { TerminalText.oneLine($0) + "\n" }.joined())
      Foundation.exit(1)
    } catch let error as any PMBoardFailure {
      fail(error.lines)
    } catch {
      usage(error)
    }
  }

  /// Help goes to standard output as ArgumentParser words it; a usage mistake is one line on standard error
  /// naming the help to read, with exit status 64 (EX_USAGE), the convention for a command typed wrong.
  private static func usage(_ error: any Error) -> Never {
    if error is ExitCode { exit(withError: error) }
    let code = exitCode(for: error)
    guard code != .success else { printHelp(fullMessage(for: error)) }
    let message = escapingTypedNewlines(message(for: error)).split(separator: "\n").first.map(String.init) ?? "\(error)"
    let words = CommandLine.arguments.dropFirst().prefix { !$0.hasPrefix("-") }
    let known = configuration.subcommands.map { $0._commandName }
    let help = words.first.flatMap { known.contains($0) ? "pmboard \($0) --help" : nil } ?? "pmboard --help"
    let line = "pmboard: error: \(TerminalText.oneLine(masked(message))); see `\(help)`\n"
    POSIX.writeStandardError(line)
    Foundation.exit(code.rawValue)
  }

  /// Prints `--help` or `--version` and exits 0; a failed write is one line and exit status 1, as for any command
  /// (ArgumentParser's own `print` loses it and exits 0).
  private static func printHelp(_ text: String) -> Never {
    do throws(StandardOutputFailure) {
      if !text.isEmpty { try StandardOutput.line(text) }
    } catch  where error.readerLeft {
      Foundation.exit(0)
    } catch {
      fail(error.lines)
    }
    Foundation.exit(0)
  }

  /// `text` with any store password in it (a URL's, or libpq's `password=` keyword form) masked.
  private static func masked(_ text: String) -> String {
    PostgresURL.maskingPassword(in: text) ?? text
  }

  /// `message` with each newline typed in an argument escaped: only its first line is shown (ArgumentParser's
  /// next lines are help), and a value quoted in it must not be cut at its own newline.
  private static func escapingTypedNewlines(_ message: String) -> String {
    let typed = CommandLine.arguments.dropFirst().flatMap { argument in
      [argument]
        + (argument.hasPrefix("-") ? argument.split(separator: "=", maxSplits: 1).dropFirst().map(String.init) : [])
    }
    return typed.filter { $0.contains("\n") }.sorted { $0.count > $1.count }.reduce(message) {
      $0.replacingOccurrences(of: $1, with: TerminalText.oneLine($1))
    }
  }

  /// Call first thing in `main`: standard descriptors the caller closed are occupied before any file is opened.
  package static func guardStandardDescriptors() {
    StandardOutput.guardStandardDescriptors()
  }

  /// The one place pmboard's errors reach standard error: each line with its control characters escaped, a
  /// newline in a quoted value too, so what the user gave cannot split a message or drive the terminal.
  private static func fail(_ lines: [String]) -> Never {
    let text = lines.map { "pmboard: error: \(TerminalText.oneLine(masked($0)))\n" }.joined()
    POSIX.writeStandardError(text)
    Foundation.exit(1)
  }
}
