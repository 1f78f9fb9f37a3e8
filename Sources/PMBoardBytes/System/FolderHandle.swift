import CSystemShim
import Foundation

/// An open folder, and the calls that work below it by name, one component at a time: nothing is ever reached
/// through a symbolic link, and a folder renamed away while it is open is still the folder written to. The site
/// writer works only through these, so a link planted in a site, its spare or its staging folder (before a build
/// or while one runs) is never written through, by how files are opened rather than by a check per page.
///
/// Each name is one component (no `/`); a path below the folder is walked by ``openFolder(path:create:)``, which
/// opens each folder with `O_NOFOLLOW` (what `openat2`'s `RESOLVE_NO_SYMLINKS | RESOLVE_BENEATH` does, on every
/// kernel; the writer opens each folder once and keeps it, so the walk is not paid per file).
public final class FolderHandle: Sendable {
  public let descriptor: Int32

  private init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  deinit { Foundation.close(descriptor) }

  /// Opens the folder at `path`, following no symbolic link in its last component; nil (errno set) when it is not
  /// a folder.
  public convenience init?(path: String) {
    let descriptor = Foundation.open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    self.init(descriptor: descriptor)
  }

  /// Opens the folder `name` in this one; nil (errno set) when it is a link or anything but a folder.
  public func openFolder(_ name: String) -> FolderHandle? {
    let opened = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    return opened >= 0 ? FolderHandle(descriptor: opened) : nil
  }

  /// Opens the folder at `path` below this one ("" for this one), component by component, making the missing ones
  /// with `mode` when `create` is set; nil (errno set) when a component is a link or not a folder.
  public func openFolder(path: String, create: Bool = false, mode: mode_t = 0o777) -> FolderHandle? {
    var current: FolderHandle = self
    for component in path.split(separator: "/") where component != "." {
      let name = String(component)
      guard name != ".." else {
        errno = EINVAL
        return nil
      }
      if let next = current.openFolder(name) {
        current = next
        continue
      }
      guard create, errno == ENOENT else { return nil }
      guard mkdirat(current.descriptor, name, mode) == 0 || errno == EEXIST, let made = current.openFolder(name)
      else { return nil }
      current = made
    }
    return current
  }

  /// The status of this folder itself.
  public func status() -> POSIX.FileStatus? {
    POSIX.status(ofDescriptor: descriptor)
  }

  /// The status of `name` itself (a link is not followed), or nil.
  public func status(of name: String) -> POSIX.FileStatus? {
    var info = POSIX.FileStatus()
    return fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? info : nil
  }

  /// Creates the regular file `name` anew for writing with `mode`, replacing whatever is there (a file, a link, a
  /// FIFO or a folder, which is removed and never opened); the descriptor, or -1 (errno).
  public func createFile(_ name: String, mode: mode_t = 0o644) -> Int32 {
    let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
    for _ in 0..<4 {
      let opened = openat(descriptor, name, flags, mode)
      if opened >= 0 || errno != EEXIST { return opened }
      removeTree(name)
    }
    errno = EEXIST
    return -1
  }

  /// Opens `name` for reading when it is a regular file: a link is not followed, and a FIFO or device is never
  /// waited on (opened without blocking, then refused); -1 (errno) otherwise.
  public func openRegularFile(_ name: String) -> Int32 {
    POSIX.onlyRegularFile(openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC))
  }

  /// Opens (making it when missing, `0600`) the regular file `name` for reading and writing, as a lock file: a
  /// link is not followed and a FIFO is never waited on; -1 (errno) otherwise.
  public func openLockFile(_ name: String) -> Int32 {
    POSIX.onlyRegularFile(openat(descriptor, name, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600))
  }

  /// The bytes of the regular file `name` (see ``openRegularFile(_:)``), or nil.
  public func contents(of name: String) -> Data? {
    let opened = openRegularFile(name)
    guard opened >= 0 else { return nil }
    defer { Foundation.close(opened) }
    return POSIX.readToEnd(opened)
  }

  /// Writes `data` to `name` as a new file (a temporary file renamed over it, so a reader never sees half of it),
  /// with `mode`; false when it could not.
  @discardableResult
  public func replaceFile(_ name: String, with data: Data, mode: mode_t = 0o600) -> Bool {
    let temporary = name + ".new"
    let opened = createFile(temporary, mode: mode)
    guard opened >= 0 else { return false }
    // The mode exactly, whatever the umask.
    _ = fchmod(opened, mode)
    let failed = POSIX.writeAll(opened, data) != nil
    Foundation.close(opened)
    guard !failed, renameat(descriptor, temporary, descriptor, name) == 0 else {
      unlinkat(descriptor, temporary, 0)
      return false
    }
    return true
  }

  /// Removes the file or link `name`; 0 or -1 (errno).
  @discardableResult
  public func unlink(_ name: String) -> Int32 { unlinkat(descriptor, name, 0) }

  /// Removes the empty folder `name`; 0 or -1 (errno).
  @discardableResult
  public func removeFolder(_ name: String) -> Int32 { unlinkat(descriptor, name, AT_REMOVEDIR) }

  /// Removes `name` and, when it is a folder, everything in it; no link is followed (a link is removed itself).
  public func removeTree(_ name: String) {
    if unlinkat(descriptor, name, 0) == 0 || errno == ENOENT { return }
    guard let folder = openFolder(name) else { return }
    for entry in folder.entries() {
      folder.removeTree(entry.name)
    }
    unlinkat(descriptor, name, AT_REMOVEDIR)
  }

  /// Links the file `name` here as `newName` in `target` (a link is linked itself, never followed); 0 or -1.
  @discardableResult
  public func link(_ name: String, to target: FolderHandle, as newName: String) -> Int32 {
    linkat(descriptor, name, target.descriptor, newName, 0)
  }

  /// Renames `name` here to `newName` in `target`; 0 or -1 (errno).
  @discardableResult
  public func rename(_ name: String, to target: FolderHandle, as newName: String) -> Int32 {
    renameat(descriptor, name, target.descriptor, newName)
  }

  /// Swaps `name` here and `other` in `target` in one step (Linux `renameat2` with `RENAME_EXCHANGE`); 0, or -1
  /// with errno (ENOSYS or EINVAL where the file system cannot).
  public func exchange(_ name: String, with target: FolderHandle, _ other: String) -> Int32 {
    pmboard_exchange_at(descriptor, name, target.descriptor, other)
  }

  /// Makes the folder `name` with `mode`; 0 or -1 (errno).
  public func makeFolder(_ name: String, mode: mode_t) -> Int32 { mkdirat(descriptor, name, mode) }

  /// Sets this folder's permission bits; 0 or -1.
  @discardableResult
  public func setMode(_ mode: mode_t) -> Int32 { fchmod(descriptor, mode) }

  /// Gives this folder `owner` and `group` (`UInt32.max` keeps one); 0 or -1.
  @discardableResult
  public func setOwner(_ owner: uid_t, _ group: gid_t) -> Int32 { fchown(descriptor, owner, group) }

  /// Sets this folder's modification time, leaving its access time alone; false when it could not.
  public func setModificationTime(seconds: Int, nanoseconds: Int) -> Bool {
    let times = [timespec(tv_sec: 0, tv_nsec: POSIX.utimeOmit), timespec(tv_sec: seconds, tv_nsec: nanoseconds)]
    return futimens(descriptor, times) == 0
  }

  /// The entries of this folder with their kinds and inodes, without `.` and `..` (a `stat` only where the file
  /// system does not give an entry's type).
  public func entries() -> [(name: String, kind: POSIX.EntryKind, inode: UInt64)] {
    let copy = dup(descriptor)
    guard copy >= 0 else { return [] }
    guard let directory = fdopendir(copy) else {
      Foundation.close(copy)
      return []
    }
    defer { closedir(directory) }
    // The copy shares the descriptor's position, which an earlier listing left at the end.
    rewinddir(directory)
    var found: [(name: String, kind: POSIX.EntryKind, inode: UInt64)] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        // swift-format-ignore: NeverForceUnwrap
        String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
      }
      guard name != ".", name != ".." else { continue }
      var type = Int32(entry.pointee.d_type)
      if type == Int32(DT_UNKNOWN), let info = status(of: name) {
        type = info.st_mode & S_IFMT == S_IFDIR ? Int32(DT_DIR) : info.st_mode & S_IFMT == S_IFREG ? Int32(DT_REG) : 0
      }
      let kind: POSIX.EntryKind = type == Int32(DT_DIR) ? .folder : type == Int32(DT_REG) ? .file : .other
      found.append((name, kind, UInt64(entry.pointee.d_ino)))
    }
    return found
  }
}
