import Foundation
import PMBoardBytes
import PMBoardCore
import PMBoardSite
import PMBoardStore
import Synchronization

/// `pmboard build --watch`: builds, then rebuilds whenever an input changes, until Ctrl-C.
extension BuildCommand {
  /// How long inputs must stay quiet before a rebuild: one save often writes several files.
  static let debounceSeconds = 0.2

  func watchAndRebuild(_ store: (any BoardStore)?, settings: BuildSettings) async throws {
    var folders = Self.folders(settings)
    var watcher = try watcher(for: store, settings: settings, folders: folders)
    // A PostgreSQL board tells its changes itself (LISTEN/NOTIFY); its files (pmboard.yml, the theme) are still
    // watched on disk.
    let listener = try (store as? PostgresBoardStore).map { board in
      try PostgresListener(store: board) { POSIX.writeStandardError("pmboard: \(TerminalText.oneLine($0))\n") }
    }
    func changed(_ timeout: Double) -> Bool {
      guard let listener else { return watcher.waitForChange(timeout: timeout) }
      return watcher.waitForChange(timeout: timeout / 2) || listener.waitForChange(timeout: timeout / 2)
    }
    let stop = StopRequest()
    let signals = stop.install()
    defer { signals.forEach { $0.cancel() } }
    try await rebuild(store, settings: settings, after: nil)
    try StandardOutput.line("Watching for changes; Ctrl-C stops.")
    while !stop.requested {
      guard changed(0.25) else { continue }
      while changed(Self.debounceSeconds) {}
      if stop.requested { break }
      // A `./Templates` made (or removed) since is read by this rebuild, so its files are watched from now on.
      if Self.folders(settings) != folders {
        folders = Self.folders(settings)
        watcher = try self.watcher(for: store, settings: settings, folders: folders)
      }
      try await rebuild(store, settings: settings, after: ContinuousClock.now)
    }
  }

  /// The templates and public folders the build reads, as ``Theme/load(templatesDir:publicDir:workingDirectory:)``
  /// finds them: the ones named, else `./Templates` and `./Public` when they exist.
  private static func folders(_ settings: BuildSettings) -> [String] {
    [settings.templates ?? "Templates", settings.publicDir ?? "Public"].filter(POSIX.isFolder)
  }

  /// Builds, printing the result with its time, or the error as one line: the last good site stays.
  private func rebuild(_ store: (any BoardStore)?, settings: BuildSettings, after: ContinuousClock.Instant?)
    async throws
  {
    let start = ContinuousClock.now
    do {
      let line = try await buildOnce(store, settings: settings).line
      let elapsed = (ContinuousClock.now - start).formatted(.units(allowed: [.milliseconds]))
      try StandardOutput.line(after == nil ? line : "Rebuilt in \(elapsed): \(line)")
    } catch let error as any PMBoardFailure {
      let text = error.lines.map { "pmboard: error: \(TerminalText.oneLine($0))\n" }.joined()
      POSIX.writeStandardError(text)
    }
  }

  /// What a rebuild depends on: the store's file, pmboard.yml, and the templates and public `folders`, with the
  /// default folders' names, so that making one rebuilds. Not an SQLite store's -wal and -shm files, which every
  /// read makes and removes: a change reaches the store file itself when its writer closes (pmboard checkpoints
  /// then), and a JSON store is replaced by a rename.
  private func watcher(
    for store: (any BoardStore)?, settings: BuildSettings, folders: [String]
  ) throws -> FileWatcher {
    var files = [siteOptions.config]
    if settings.templates == nil { files.append("Templates") }
    if settings.publicDir == nil { files.append("Public") }
    // A PostgreSQL board is listened to instead (``PostgresListener``).
    if let store, !PostgresURL.isPostgres(store.location) { files.append(store.location) }
    do {
      return try FileWatcher(files: files, folders: folders)
    } catch {
      throw CommandError("--watch: \(error.message)")
    }
  }
}

/// Ctrl-C (SIGINT) or SIGTERM while watching: the loop ends after the build in progress, if any.
private final class StopRequest: Sendable {
  private let flag = Atomic<Bool>(false)

  var requested: Bool { flag.load(ordering: .relaxed) }

  /// The signal sources, which deliver only while the caller keeps them.
  func install() -> [any DispatchSourceSignal] {
    [SIGINT, SIGTERM].map { signalNumber in
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler { self.flag.store(true, ordering: .relaxed) }
      source.resume()
      return source
    }
  }
}
