import Foundation
import PMBoardBytes

/// Replaces a file's content in one step: write a temporary file beside it, sync it, rename it over the original.
///
/// Readers see the old file or the new one, never a mix; on any failure the temporary file is removed and the
/// original is left as it was.
public enum AtomicFile {
  /// Called at the points where a write can fail; tests use it to simulate a full disk or a hand edit.
  public typealias Hook = @Sendable (_ temporaryPath: String) throws -> Void

  /// Writes `data` to `path`. `verify` runs last, just before the rename, to refuse if the original changed meanwhile.
  /// With `replacing: false` the file must not exist yet, and an existing one is never overwritten. `mode` is the
  /// original's permissions, kept for the new content; nil for a new file.
  public static func save(
    _ data: Data, to path: String, mode: mode_t?, replacing: Bool, beforeRename hook: Hook,
    verify: () throws -> Void
  ) throws {
    let url = URL(fileURLWithPath: path)
    removeAbandoned(beside: url)
    let temporary = url.deletingLastPathComponent()
      .appendingPathComponent(".\(url.lastPathComponent).\(getpid())-\(UUID().uuidString.prefix(8)).tmp").path
    do {
      try writeSynced(data, to: temporary, mode: mode, for: path)
      try hook(temporary)
      try verify()
      if replacing {
        try check(POSIX.rename(temporary, path), path: path, doing: "rename the new content into place")
      } else {
        // link fails if the path exists, where rename would silently replace it.
        let linked = POSIX.link(temporary, path)
        if linked != 0, errno == EEXIST { throw StoreError.alreadyExists(path: path) }
        try check(linked, path: path, doing: "create the file")
        POSIX.unlink(temporary)
      }
    } catch {
      POSIX.unlink(temporary)
      throw error
    }
    syncDirectory(of: url)
  }

  /// Removes temporary files of `url` left by processes that were killed while writing (`.NAME.PID-XXXXXXXX.tmp`
  /// whose PID is gone).
  private static func removeAbandoned(beside url: URL) {
    let folder = url.deletingLastPathComponent().path
    let prefix = "." + url.lastPathComponent + "."
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
      guard let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }), kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      POSIX.unlink(folder + "/" + name)
    }
  }

  private static func writeSynced(_ data: Data, to temporary: String, mode: mode_t?, for path: String) throws {
    let descriptor = POSIX.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode ?? 0o644)
    try check(descriptor, path: path, doing: "create a temporary file beside it")
    defer { close(descriptor) }
    // The creation mode is filtered by the umask; the store keeps the original's permissions.
    if let mode { _ = fchmod(descriptor, mode) }
    if let code = POSIX.writeAll(descriptor, data) {
      errno = code
      try check(-1, path: path, doing: "write")
    }
    try check(fsync(descriptor), path: path, doing: "flush the new content to disk")
  }

  /// Makes the rename itself durable; a failure here does not undo it, so it is not reported.
  private static func syncDirectory(of url: URL) {
    let descriptor = POSIX.open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

  private static func check(_ result: some BinaryInteger, path: String, doing action: String) throws {
    guard result < 0 else { return }
    throw StoreError.unwritable(path: path, reason: "cannot \(action): \(POSIX.errorText(errno))")
  }
}
