import Foundation
import PMBoardBytes

/// Reading a site folder's entries with `readdir`'s entry types (no `stat` per entry, which was most of a no-op
/// rebuild's commit with `FileManager`'s enumerator).
enum SiteTree {
  /// The entries of one folder, without `.` and `..`; a symbolic link to a folder is not a folder.
  static func entries(of folder: String) -> [(name: String, isFolder: Bool)] {
    POSIX.directoryEntries(of: folder)
  }
}
