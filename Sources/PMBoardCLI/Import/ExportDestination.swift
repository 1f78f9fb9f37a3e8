import Foundation
import PMBoardBytes
import PMBoardStore

/// Where `pmboard export FILE` writes, by what FILE is: a new or regular file is replaced in one step keeping its
/// mode; a symbolic link is written through to its target; a character device or a FIFO is written in place; a
/// file with other hard links is rewritten in place so the links stay one file; anything else is refused.
enum ExportDestination {
  static func write(_ data: Data, to path: String) throws {
    var target = path
    for _ in 0..<40 {
      guard let info = POSIX.linkStatus(target) else {
        guard errno == ENOENT else { throw failure(path, errno) }
        return try replace(target, with: data, mode: nil, shown: path)
      }
      switch info.st_mode & S_IFMT {
      case S_IFLNK:
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: target)
        target =
          link.hasPrefix("/")
          ? link
          : ((target as NSString).deletingLastPathComponent as NSString)
            .appendingPathComponent(link)
      case S_IFREG where info.st_nlink > 1, S_IFCHR, S_IFIFO:
        return try writeInPlace(target, data, truncate: info.st_mode & S_IFMT == S_IFREG, shown: path)
      case S_IFREG:
        return try replace(target, with: data, mode: info.st_mode & 0o7777, shown: path)
      case S_IFDIR:
        throw CommandError("\(path) is a directory; give export a file name, e.g. \(path)/board.json")
      default:
        throw CommandError("\(path) is not a file export can write (a socket or block device); give a file name")
      }
    }
    throw CommandError("\(path): too many levels of symbolic links")
  }

  private static func replace(_ target: String, with data: Data, mode: mode_t?, shown: String) throws {
    do {
      try AtomicFile.save(data, to: target, mode: mode, replacing: true, beforeRename: { _ in }) {}
    } catch StoreError.unwritable(_, let reason) {
      throw CommandError("cannot write \(shown): \(reason); nothing was changed there")
    }
  }

  private static func writeInPlace(_ target: String, _ data: Data, truncate: Bool, shown: String) throws {
    let descriptor = POSIX.open(target, O_WRONLY | O_CLOEXEC | (truncate ? O_TRUNC : 0))
    guard descriptor >= 0 else { throw failure(shown, errno) }
    defer { close(descriptor) }
    let code = POSIX.writeAll(descriptor, data)
    if let code { throw failure(shown, code) }
  }

  private static func failure(_ path: String, _ code: Int32) -> CommandError {
    CommandError("cannot write \(path): \(POSIX.errorText(code))")
  }
}
