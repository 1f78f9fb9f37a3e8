import Foundation

/// The system calls the stores, the site writer and the command line make on paths, with `String` arguments and
/// optional results instead of C pointers: the C functions take pointers, so each call is unsafe code, and this
/// target is the one place for it. Each returns what the call returns (errno is left for the caller to read).
public enum POSIX {
  /// `struct stat` under a name that does not clash with the functions.
  public typealias FileStatus = Foundation.stat

  /// The system's message for `code` (`strerror`).
  /// The machine's name as the kernel knows it (`gethostname`): no DNS lookup, unlike `ProcessInfo.hostName`,
  /// which can wait seconds for a resolver on a machine without network.
  public static func hostName() -> String? {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
    let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return name.isEmpty ? nil : name
  }

  public static func errorText(_ code: Int32) -> String {
    String(cString: strerror(code))
  }

  /// The message for the current `errno`.
  public static var lastErrorText: String { errorText(errno) }

  public static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
    Foundation.open(path, flags, mode)
  }

  @discardableResult
  public static func rename(_ from: String, _ to: String) -> Int32 { Foundation.rename(from, to) }
  @discardableResult
  public static func link(_ from: String, _ to: String) -> Int32 { Foundation.link(from, to) }
  @discardableResult
  public static func unlink(_ path: String) -> Int32 { Foundation.unlink(path) }
  @discardableResult
  public static func close(_ descriptor: Int32) -> Int32 { Foundation.close(descriptor) }
  @discardableResult
  public static func rmdir(_ path: String) -> Int32 { Foundation.rmdir(path) }
  public static func access(_ path: String, _ mode: Int32) -> Int32 { Foundation.access(path, mode) }
  @discardableResult
  public static func chmod(_ path: String, _ mode: mode_t) -> Int32 { Foundation.chmod(path, mode) }
  @discardableResult
  public static func chown(_ path: String, _ owner: uid_t, _ group: gid_t) -> Int32 {
    Foundation.chown(path, owner, group)
  }

  /// The status of `path` itself (a symbolic link is not followed), or nil.
  public static func linkStatus(_ path: String) -> FileStatus? {
    var info = FileStatus()
    return lstat(path, &info) == 0 ? info : nil
  }

  /// The status of what `path` leads to, or nil.
  public static func status(_ path: String) -> FileStatus? {
    var info = FileStatus()
    return stat(path, &info) == 0 ? info : nil
  }

  /// The status of an open descriptor, or nil.
  public static func status(ofDescriptor descriptor: Int32) -> FileStatus? {
    var info = FileStatus()
    return fstat(descriptor, &info) == 0 ? info : nil
  }

  /// Writes all of `bytes` to `descriptor`, retrying short writes and EINTR; nil, or the errno that stopped it.
  public static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
    var offset = 0
    while offset < bytes.count {
      // swift-format-ignore: NeverForceUnwrap
      let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return errno }
      offset += written
    }
    return nil
  }

  /// Writes all of `data` to `descriptor`; nil, or the errno that stopped it.
  public static func writeAll(_ descriptor: Int32, _ data: Data) -> Int32? {
    data.withUnsafeBytes { writeAll(descriptor, $0) }
  }

  /// Writes `text` to standard error, ignoring a failure: a message about to be lost (a full disk, a reader that
  /// went away) must not make pmboard trap, as `FileHandle.write` does, or die of SIGPIPE.
  public static func writeStandardError(_ text: String) {
    _ = writeAll(STDERR_FILENO, Data(text.utf8))
  }

  /// Everything left to read from `descriptor`, or nil on an error.
  public static func readToEnd(_ descriptor: Int32, upTo limit: Int = .max) -> Data? {
    var result = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while result.count < limit {
      let got = read(descriptor, into: &buffer, count: min(buffer.count, limit - result.count))
      if got < 0, errno == EINTR { continue }
      guard got >= 0 else { return nil }
      if got == 0 { return result }
      result.append(contentsOf: buffer[0..<got])
    }
    return result
  }

  /// The bytes of the regular file at `path` (a final link is not followed, a FIFO or device is never waited
  /// on), or nil: for the files pmboard keeps beside a site, which anyone who writes there could replace.
  public static func regularFileContents(_ path: String, upTo limit: Int = .max) -> Data? {
    let opened = openRegularFile(path)
    guard opened >= 0 else { return nil }
    defer { Foundation.close(opened) }
    return readToEnd(opened, upTo: limit)
  }

  /// Opens `path` for reading when it is a regular file (a final link is not followed, a FIFO or device is never
  /// waited on); -1 otherwise.
  public static func openRegularFile(_ path: String) -> Int32 {
    onlyRegularFile(Foundation.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC))
  }

  /// `opened` when it is a descriptor of a regular file; otherwise it is closed, errno set (EINVAL when it was
  /// something else, a FIFO or a device) and -1 returned.
  static func onlyRegularFile(_ opened: Int32) -> Int32 {
    guard opened >= 0 else { return -1 }
    guard let info = status(ofDescriptor: opened), info.st_mode & S_IFMT == S_IFREG else {
      Foundation.close(opened)
      errno = EINVAL
      return -1
    }
    return opened
  }

  /// Replaces the file at `path` whole with `data` (a temporary file renamed over it), readable and writable by
  /// the owner only: for the files pmboard keeps beside a site. No link is followed at the last component.
  @discardableResult
  public static func replaceFile(_ path: String, with data: Data, mode: mode_t = 0o600) -> Bool {
    let parent = (path as NSString).deletingLastPathComponent
    guard let folder = FolderHandle(path: parent.isEmpty ? "." : parent) else { return false }
    return folder.replaceFile((path as NSString).lastPathComponent, with: data, mode: mode)
  }

  /// `path` with every symbolic link and `.`/`..` resolved (`realpath`), or nil if it does not exist.
  public static func realPath(_ path: String) -> String? {
    guard let real = realpath(path, nil) else { return nil }
    defer { free(real) }
    return String(cString: real)
  }

  /// Blocks this user may still write on the file system holding `path`, or nil.
  public static func availableBlocks(near path: String) -> UInt64? {
    var info = statvfs()
    return statvfs(path, &info) == 0 ? UInt64(info.f_bavail) : nil
  }

  /// The entries of a folder, without `.` and `..`, from `readdir`'s entry types (no `stat` per entry unless the
  /// file system does not say); a symbolic link to a folder is not a folder.
  public static func directoryEntries(of folder: String) -> [(name: String, isFolder: Bool)] {
    typedEntries(of: folder).map { ($0.name, $0.kind == .folder) }
  }

  /// What a folder's entry is, as `lstat` sees it: a symbolic link is `other`, whatever it leads to.
  public enum EntryKind: Sendable {
    case folder, file, other
  }

  /// The entries of a folder with their kinds and inodes, without `.` and `..`, from `readdir` (a `stat` only where
  /// the file system does not give an entry's type).
  public static func typedEntries(of folder: String) -> [(name: String, kind: EntryKind, inode: UInt64)] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var found: [(name: String, kind: EntryKind, inode: UInt64)] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        // swift-format-ignore: NeverForceUnwrap
        String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
      }
      guard name != ".", name != ".." else { continue }
      var type = Int32(entry.pointee.d_type)
      if type == Int32(DT_UNKNOWN), let info = linkStatus(folder + "/" + name) {
        type = info.st_mode & S_IFMT == S_IFDIR ? Int32(DT_DIR) : info.st_mode & S_IFMT == S_IFREG ? Int32(DT_REG) : 0
      }
      let kind: EntryKind = type == Int32(DT_DIR) ? .folder : type == Int32(DT_REG) ? .file : .other
      found.append((name, kind, UInt64(entry.pointee.d_ino)))
    }
    return found
  }

  /// The permission bits a folder made now gets with `mkdir(path, 0777)` (the process's umask applied).
  public static func newFolderMode() -> mode_t {
    let mask = umask(0o022)
    umask(mask)
    return 0o777 & ~mask
  }

  #if os(Linux)
    /// `UTIME_OMIT`, a macro Swift does not import.
    static let utimeOmit = (1 << 30) - 2
  #else
    static let utimeOmit = -2
  #endif

  /// Sets the modification time of `path` (not following a last symbolic link), leaving its access time alone;
  /// false when it could not be set.
  public static func setModificationTime(_ path: String, seconds: Int, nanoseconds: Int) -> Bool {
    let times = [timespec(tv_sec: 0, tv_nsec: utimeOmit), timespec(tv_sec: seconds, tv_nsec: nanoseconds)]
    return utimensat(AT_FDCWD, path, times, AT_SYMLINK_NOFOLLOW) == 0
  }

  /// The clock the kernel stamps files with (the coarse real-time clock): a change made from now on gets a time no
  /// earlier than this.
  public static func fileClock() -> (seconds: Int, nanoseconds: Int) {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME_COARSE, &now)
    return (Int(now.tv_sec), Int(now.tv_nsec))
  }

  /// Returns once the clock the kernel stamps files with (the coarse real-time clock) has passed `time`, at most
  /// some 50 ms later: a change made after that gets a later modification time than `time`.
  public static func waitForFileClock(after time: (seconds: Int, nanoseconds: Int)) {
    for _ in 0..<50 {
      if fileClock() > time { return }
      usleep(1000)
    }
  }

  /// Whether `path` is a folder (following symbolic links).
  public static func isFolder(_ path: String) -> Bool {
    status(path).map { $0.st_mode & S_IFMT == S_IFDIR } ?? false
  }
}
