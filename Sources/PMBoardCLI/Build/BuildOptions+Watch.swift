import Foundation
import PMBoardBytes
import PMBoardCore
import PMBoardSite
import PMBoardStore
import Synchronization

/// `pmboard build --watch`: builds, then rebuilds whenever an input changes, until Ctrl-C.
extension BuildOptions {
  /// How long inputs must stay quiet before a rebuild: one save often writes several files.
  static let debounceSeconds = 0.2

  func watchAndRebuild(_ store: (any BoardStore)?, settings: BuildSettings) async throws {
    try await watch(store, settings: settings, started: { "Watching for changes; Ctrl-C stops." }, built: {})
  }

  /// Builds, prints the line `started` gives, then rebuilds whenever an input changes, until Ctrl-C or SIGTERM;
  /// `built` is told after each build that succeeded (`serve` reloads open pages then).
  func watch(
    _ store: (any BoardStore)?, settings: BuildSettings, started: () async throws -> String, built: () -> Void
  ) async throws {
    var folders = Self.folders(settings)
    // A PostgreSQL board tells its changes itself (LISTEN/NOTIFY); its files (pmboard.yml, the theme) are still
    // watched on disk.
    let listener = try (store as? PostgresBoardStore).map { board in
      try PostgresListener(store: board) { POSIX.writeStandardError("pmboard: \(TerminalText.oneLine($0))\n") }
    }
    let inputs = WatchedInputs(try watcher(for: store, settings: settings, folders: folders), listener)
    let stop = StopRequest()
    let signals = stop.install()
    defer { signals.forEach { $0.cancel() } }
    if try await rebuild(store, settings: settings, after: nil) { built() }
    try StandardOutput.line(try await started())
    while !stop.requested {
      guard await inputs.changed(0.25) else { continue }
      while await inputs.changed(Self.debounceSeconds) {}
      if stop.requested { break }
      // A `./Templates` made (or removed) since is read by this rebuild, so its files are watched from now on.
      if Self.folders(settings) != folders {
        folders = Self.folders(settings)
        inputs.replace(try self.watcher(for: store, settings: settings, folders: folders))
      }
      if try await rebuild(store, settings: settings, after: ContinuousClock.now) { built() }
    }
  }

  /// The templates and public folders the build reads, as ``Theme/load(templatesDir:publicDir:workingDirectory:)``
  /// finds them: the ones named, else `./Templates` and `./Public` when they exist.
  private static func folders(_ settings: BuildSettings) -> [String] {
    [settings.templates ?? "Templates", settings.publicDir ?? "Public"].filter(POSIX.isFolder)
  }

  /// Builds, printing the result with its time, or the error as one line: the last good site stays. True when it
  /// built.
  private func rebuild(_ store: (any BoardStore)?, settings: BuildSettings, after: ContinuousClock.Instant?)
    async throws -> Bool
  {
    let start = ContinuousClock.now
    do {
      let line = try await buildOnce(store, settings: settings).line
      let elapsed = (ContinuousClock.now - start).formatted(.units(allowed: [.milliseconds]))
      try StandardOutput.line(after == nil ? line : "Rebuilt in \(elapsed): \(line)")
      return true
    } catch let error as any PMBoardFailure {
      let text = error.lines.map { "pmboard: error: \(TerminalText.oneLine($0))\n" }.joined()
      POSIX.writeStandardError(text)
      return false
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

/// The files and the PostgreSQL board a watch waits on. A wait blocks its thread, so it runs on one of its own, not
/// on the concurrency pool, whose few threads (two on a two-core machine) also answer `serve`'s requests; the lock
/// hands the watcher and the listener to that thread.
private final class WatchedInputs: Sendable {
  private let state: Mutex<(watcher: FileWatcher, listener: PostgresListener?)>

  init(_ watcher: sending FileWatcher, _ listener: sending PostgresListener?) {
    state = Mutex((watcher, listener))
  }

  /// Watches with `watcher` from now on (the folders to watch changed).
  func replace(_ watcher: sending FileWatcher) {
    state.withLock { $0.watcher = watcher }
  }

  /// Waits up to `timeout` seconds; true when an input changed.
  func changed(_ timeout: Double) async -> Bool {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        let changed = self.state.withLock { inputs in
          guard let listener = inputs.listener else { return inputs.watcher.waitForChange(timeout: timeout) }
          return inputs.watcher.waitForChange(timeout: timeout / 2) || listener.waitForChange(timeout: timeout / 2)
        }
        continuation.resume(returning: changed)
      }
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
