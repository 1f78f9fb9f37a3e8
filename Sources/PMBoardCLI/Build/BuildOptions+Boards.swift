import Foundation
import PMBoardSite
import PMBoardStore

extension BuildOptions {
  /// A site of the boards `pmboard.yml` names in `boards:`, each in its folder, with an index at the root; the
  /// line that reports it.
  func buildBoards(settings: BuildSettings) async throws -> String {
    var entries: [BuildSettings.BoardEntry] = []
    // A board listed on its own (with its `path:`) stands for itself in its database's boards.
    let listed = Set(
      settings.boards.filter { !$0.everyBoard }.compactMap { entry in
        (try? PostgresURL(entry.store)).map { "\($0.board)\u{0}\($0.conninfo)" }
      })
    for entry in settings.boards {
      guard entry.everyBoard else {
        entries.append(entry)
        continue
      }
      entries += try await everyBoard(of: entry.store, leavingOut: listed, locales: settings.locales)
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

  /// Every board of the database `url` but those in `listed`, in name order, each in a folder named after it
  /// (``BuildSettings/BoardEntry/folders(forBoards:reserved:)``, from the order the boards were made).
  private func everyBoard(
    of url: String, leavingOut listed: Set<String>, locales: [String]?
  ) async throws -> [BuildSettings.BoardEntry] {
    let names = try await PostgresBoardStore.boardNames(in: url)
    guard !names.isEmpty else {
      throw CommandError("\((try? PostgresURL(url))?.redacted ?? "the database"): it has no board; make one with init")
    }
    let reserved = BuildSettings.reservedBoardPaths.union(BuildSettings.reservedBoardFiles)
      .union(locales ?? ["ko", "en", "ja"])
    let folders = BuildSettings.BoardEntry.folders(forBoards: names, reserved: reserved)
    let conninfo = (try? PostgresURL(url))?.conninfo ?? url
    return zip(names, folders).filter { !listed.contains("\($0.0)\u{0}\(conninfo)") }
      .sorted { $0.0.unicodeScalars.lexicographicallyPrecedes($1.0.unicodeScalars) }
      .map { BuildSettings.BoardEntry(store: PostgresBoardStore.url(url, board: $0.0), path: $0.1) }
  }
}
