import Foundation
import PMBoardBytes
import PMBoardCore

/// A store's file as both backends open it for reading, with the failures reported the same way.
public enum StoreFile {
  /// A read-only descriptor (the caller closes it) and the file's status. Throws `notFound`, `unreadable`, or
  /// `notAStore` for a directory, naming `storePath` (the path the user gave, not the one a symlink led to).
  public static func open(_ file: String, storePath: String) throws(StoreError) -> (descriptor: Int32, info: stat) {
    let descriptor = unsafe Foundation.open(file, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT { throw .notFound(path: storePath) }
      throw unsafe .unreadable(path: storePath, reason: String(cString: strerror(code)))
    }
    var info = stat()
    guard unsafe fstat(descriptor, &info) == 0 else {
      let reason = unsafe String(cString: strerror(errno))
      close(descriptor)
      throw .unreadable(path: storePath, reason: reason)
    }
    if info.st_mode & S_IFMT == S_IFDIR {
      close(descriptor)
      throw .notAStore(path: storePath, reason: "it is a directory")
    }
    return (descriptor, info)
  }

  /// Whether the SQLite store at `path` has a write-ahead log with content: changes SQLite still has to checkpoint.
  public static func walHasContent(_ path: String) -> Bool {
    var info = stat()
    return unsafe stat(path + "-wal", &info) == 0 && info.st_size > 0
  }
}
