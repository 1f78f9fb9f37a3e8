import Foundation
import PMBoardBytes

/// A store's file as both backends open it for reading, with the failures reported the same way.
public enum StoreFile {
  /// A read-only descriptor (the caller closes it) and the file's status. Throws `notFound`, `unreadable`, or
  /// `notAStore` for a directory, naming `storePath` (the path the user gave, not the one a symlink led to).
  public static func open(_ file: String, storePath: String) throws(StoreError) -> (descriptor: Int32, info: stat) {
    // Non-blocking, so that opening a FIFO named as the store returns at once (to be refused below) instead of
    // waiting forever for a writer; reads from a regular file never block anyway.
    let descriptor = POSIX.open(file, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT { throw .notFound(path: storePath) }
      throw .unreadable(path: storePath, reason: POSIX.errorText(code))
    }
    guard let info = POSIX.status(ofDescriptor: descriptor) else {
      let reason = POSIX.errorText(errno)
      close(descriptor)
      throw .unreadable(path: storePath, reason: reason)
    }
    if info.st_mode & S_IFMT == S_IFDIR {
      close(descriptor)
      throw .notAStore(path: storePath, reason: "it is a directory")
    }
    if info.st_mode & S_IFMT != S_IFREG {
      close(descriptor)
      throw .notAStore(path: storePath, reason: "it is not a regular file (a FIFO, socket or device)")
    }
    return (descriptor, info)
  }

  /// Whether the SQLite store at `path` has a write-ahead log with content: changes SQLite still has to checkpoint.
  public static func walHasContent(_ path: String) -> Bool {
    return (POSIX.status(path + "-wal")?.st_size ?? 0) > 0
  }

  /// A private file beside `path` in which a new store is built: `.NAME.draft-PID-RANDOM`.
  public static func draftPath(for path: String) -> String {
    let folder = (path as NSString).deletingLastPathComponent
    let name = "." + (path as NSString).lastPathComponent + ".draft-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    return folder.isEmpty ? name : folder + "/" + name
  }

  /// Removes drafts of `path` whose process is gone (killed while it built a store).
  public static func removeAbandonedDrafts(of path: String) {
    let folder = (path as NSString).deletingLastPathComponent
    let prefix = "." + (path as NSString).lastPathComponent + ".draft-"
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
    where name.hasPrefix(prefix) {
      guard let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }), kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      let draft = folder.isEmpty ? name : folder + "/" + name
      for suffix in ["", "-journal", "-wal", "-shm"] { POSIX.unlink(draft + suffix) }
    }
  }

  /// Whether the file's mode gives no one the right to write it (`chmod a-w`).
  public static func hasNoWriteBits(_ path: String) -> Bool {
    return POSIX.status(path).map { $0.st_mode & 0o222 == 0 } ?? false
  }
}
