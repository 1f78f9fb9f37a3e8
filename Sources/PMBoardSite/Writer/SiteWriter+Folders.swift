import Foundation
import PMBoardBytes

/// The folders a build works in, each opened once by walking from the staging folder (or the old site) one
/// component at a time without following a link (``FolderHandle/openFolder(path:create:mode:)``): a site has tens
/// of folders and hundreds of thousands of pages, so the walk is paid per folder, not per page.
extension SiteWriter {
  /// The staging folder's `folder` ("" for the staging folder itself), made with its parents when missing.
  func stagingFolder(_ folder: String) throws(SiteWriteError) -> FolderHandle {
    if folder.isEmpty { return staging }
    if let known = stagingFolders.withLock({ $0[folder] }) { return known }
    guard let opened = staging.openFolder(path: folder, create: true) else {
      let reason =
        errno == ELOOP || errno == ENOTDIR ? "a link or file stands where a folder should be" : POSIX.lastErrorText
      throw .io(stagingFile(folder), reason)
    }
    return stagingFolders.withLock { folders in
      if let raced = folders[folder] { return raced }
      folders[folder] = opened
      return opened
    }
  }

  /// The staging folder's `folder` when it exists; nil otherwise (nothing is made).
  func existingStagingFolder(_ folder: String) -> FolderHandle? {
    if folder.isEmpty { return staging }
    if let known = stagingFolders.withLock({ $0[folder] }) { return known }
    return staging.openFolder(path: folder)
  }

  /// The old site's `folder` ("" for the site), or nil when there is no old site or no such folder (a link in a
  /// folder's place is no folder).
  func oldFolder(_ folder: String) -> FolderHandle? {
    guard let old else { return nil }
    if folder.isEmpty { return old }
    if let known = oldFolders.withLock({ $0[folder] }) { return known }
    let opened = old.openFolder(path: folder)
    oldFolders.withLock { $0[folder] = opened }
    return opened
  }

  /// Whether `name` in the folder `handle` is still the very folder `identity` names.
  static func isSameFolder(_ handle: FolderHandle, _ name: String, _ identity: FileIdentity?) -> Bool {
    guard let identity, let info = handle.status(of: name), info.st_mode & S_IFMT == S_IFDIR else { return false }
    return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)) == identity
  }
}
