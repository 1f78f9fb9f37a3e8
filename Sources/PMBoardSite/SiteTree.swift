import Foundation
import PMBoardBytes

/// What is inside a site folder, read with `readdir`'s entry types (no `stat` per entry, which was most of a no-op
/// rebuild's commit with `FileManager`'s enumerator).
struct SiteTree {
  /// Everything but folders, as relative paths with `/`: files, and symbolic links as they are (to a file or a
  /// folder; a swap carries the link itself over).
  var files: [String] = []
  /// Folders, as relative paths with `/`, parents before children.
  var folders: [String] = []

  init() {}

  init(root: String) {
    collect(root, prefix: "")
  }

  private mutating func collect(_ folder: String, prefix: String) {
    for entry in Self.entries(of: folder) {
      if entry.isFolder {
        folders.append(prefix + entry.name)
        collect(folder + "/" + entry.name, prefix: prefix + entry.name + "/")
      } else {
        files.append(prefix + entry.name)
      }
    }
  }

  /// The entries of one folder, without `.` and `..`; a symbolic link to a folder is not a folder.
  static func entries(of folder: String) -> [(name: String, isFolder: Bool)] {
    POSIX.directoryEntries(of: folder)
  }
}
