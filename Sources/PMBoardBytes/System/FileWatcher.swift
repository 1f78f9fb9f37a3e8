import Foundation

#if canImport(Glibc)
  import Glibc

  /// Waits for changes to files, through Linux's inotify: the directories that hold the watched files are
  /// watched (a file replaced by a rename, as editors and pmboard's own stores do, is seen), and only events on
  /// the watched names count, or on anything under a watched folder.
  public final class FileWatcher: @unchecked Sendable {
    private let descriptor: Int32
    /// Per watch descriptor: the directory, and the names in it that count (nil: every name).
    private var watches: [Int32: (directory: String, names: Set<String>?)] = [:]

    /// `files` count by name; `folders` with everything in them, subfolders included.
    public init(files: [String], folders: [String]) throws(FileWatcherError) {
      descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
      guard descriptor >= 0 else { throw FileWatcherError(message: POSIX.errorText(errno)) }
      let mask = Self.mask
      var byDirectory: [String: Set<String>] = [:]
      for file in files {
        let directory = (file as NSString).deletingLastPathComponent
        byDirectory[directory.isEmpty ? "." : directory, default: []].insert((file as NSString).lastPathComponent)
      }
      for (directory, names) in byDirectory {
        try add(directory, names: names, mask: mask)
      }
      for folder in folders { try addTree(folder) }
    }

    /// The mask of every watch: writes and renames, not closes, since a reader that opened a file for writing
    /// (SQLite does) and closed it unchanged must not count as a change, or a build would trigger the next.
    private static let mask = UInt32(IN_MODIFY | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)

    /// Watches `folder` and every folder under it.
    private func addTree(_ folder: String) throws(FileWatcherError) {
      try add(folder, names: nil, mask: Self.mask)
      let contents = FileManager.default.enumerator(atPath: folder)
      while let item = contents?.nextObject() as? String {
        let path = folder + "/" + item
        if POSIX.isFolder(path) { try add(path, names: nil, mask: Self.mask) }
      }
    }

    deinit { close(descriptor) }

    private func add(_ directory: String, names: Set<String>?, mask: UInt32) throws(FileWatcherError) {
      let watch = inotify_add_watch(descriptor, directory, mask)
      guard watch >= 0 else {
        throw FileWatcherError(message: "cannot watch \(directory): \(POSIX.errorText(errno))")
      }
      if let existing = watches[watch]?.names, let names {
        watches[watch] = (directory, existing.union(names))
      } else {
        watches[watch] = (directory, names)
      }
    }

    /// Blocks until a watched file changes, or `timeout` (seconds; nil: no limit) passes; true when one did.
    /// Events that do not concern a watched name are read and ignored.
    public func waitForChange(timeout: Double?) -> Bool {
      let deadline = timeout.map { Date().addingTimeInterval($0) }
      while true {
        let left = deadline.map { max(0, Int32($0.timeIntervalSinceNow * 1000)) } ?? -1
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, left)
        if ready < 0 && errno == EINTR { continue }
        guard ready > 0 else { return false }
        if drainCounts() { return true }
        if let deadline, deadline.timeIntervalSinceNow <= 0 { return false }
      }
    }

    /// Reads every pending event; true if one concerns a watched name.
    private func drainCounts() -> Bool {
      var counts = false
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return counts }
        // A folder made (or moved) inside a watched folder is watched from now on, so that a new
        // `Templates/partials/` counts as the old ones do; one that cannot be watched is only missed.
        for folder in newFolders(in: buffer, count: count) { try? addTree(folder) }
        var offset = 0
        buffer.withUnsafeBytes { bytes in
          while offset + MemoryLayout<inotify_event>.size <= count {
            let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
            let nameStart = offset + MemoryLayout<inotify_event>.size
            let nameBytes = bytes[nameStart..<nameStart + Int(event.len)].prefix { $0 != 0 }
            let name = String(decoding: nameBytes, as: UTF8.self)
            if let watch = watches[event.wd], watch.names.map({ $0.contains(name) }) ?? true { counts = true }
            offset = nameStart + Int(event.len)
          }
        }
      }
    }

    /// The folders that events in `buffer` created or moved into a whole-folder watch.
    private func newFolders(in buffer: [UInt8], count: Int) -> [String] {
      var folders: [String] = []
      var offset = 0
      buffer.withUnsafeBytes { bytes in
        while offset + MemoryLayout<inotify_event>.size <= count {
          let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
          let nameStart = offset + MemoryLayout<inotify_event>.size
          offset = nameStart + Int(event.len)
          guard event.mask & UInt32(IN_ISDIR) != 0, event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0,
            let watch = watches[event.wd], watch.names == nil
          else { continue }
          let name = String(decoding: bytes[nameStart..<offset].prefix { $0 != 0 }, as: UTF8.self)
          folders.append(watch.directory + "/" + name)
        }
      }
      return folders
    }
  }
#endif

/// Why watching failed, as one line.
public struct FileWatcherError: Error, Sendable {
  public var message: String
}
