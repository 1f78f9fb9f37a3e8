import Foundation
import PMBoardSite
import PMBoardStore

extension BuildOptions {
  /// A site of the boards `pmboard.yml` names in `boards:`, each in its folder, with an index at the root; the
  /// line that reports it.
  func buildBoards(settings: BuildSettings) async throws -> String {
    var entries: [BuildSettings.BoardEntry] = []
    for entry in settings.boards {
      guard entry.everyBoard else {
        entries.append(entry)
        continue
      }
      // Every board of the database, each in a folder named after it.
      let names = try await PostgresBoardStore.boardNames(in: entry.store)
      guard !names.isEmpty else {
        throw CommandError(
          "\((try? PostgresURL(entry.store))?.redacted ?? "the database"): it has no board; make one with init")
      }
      entries += names.map {
        BuildSettings.BoardEntry(store: PostgresBoardStore.url(entry.store, board: $0), path: $0.lowercased())
      }
    }
    let boards = try entries.map { entry in
      SiteBuilder.BoardSite(
        path: entry.path,
        store: try StoreLocator.store(
          forPath: StoreLocator.resolvePath(flag: entry.store, environment: ProcessInfo.processInfo.environment)))
    }
    let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    var builder = SiteBuilder(
      source: .demo, settings: settings, workingDirectory: cwd, environment: ProcessInfo.processInfo.environment)
    let progress = ProgressLine.forTerminal(quiet: quiet)
    builder.progress = progress?.reporter
    builder.verify = verify
    defer { progress?.finish() }
    let report = try await builder.build(boards: boards)
    let summary = report.summary
    var line = "Built \(report.out)/: \(boards.count) boards (\(boards.map(\.path).joined(separator: ", "))), "
    line += "\(report.locales.joined(separator: ", ")), \(Plural.tasks(report.tasks)), "
    line += "\(Plural.historyEntries(report.historyEntries)), \(Plural.count(summary.files, "file"))"
    line +=
      summary.changed == 0 && summary.removed == 0
      ? " — nothing changed, no file rewritten" : ", \(summary.changed) changed"
    if summary.removed > 0 { line += ", \(summary.removed) removed" }
    BuildWarnings.print(report.warnings)
    return TerminalText.oneLine(line)
  }
}
