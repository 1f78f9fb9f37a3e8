import CSystemShim
import Foundation
import PMBoardBytes

/// The spare and the folders beside the site are the builder's, but anything that writes to the site's parent can
/// change them between builds. A build trusts none of it: nothing in them is followed through a symbolic link,
/// and what the spare's manifest does not account for goes before the build writes anything there, so no page
/// ever lands outside `--out` and no stray file is published.
extension SiteWriter {
  /// Renames the spare at `spare` (whose manifest is `manifest`) to `staging`, made readable by the builder only
  /// and cleared of what its manifest does not list, and returns the manifest with the inode of each listed file
  /// (by line, 0 for none); nil when there is no usable spare.
  static func takeSpare(
    _ spare: String, manifest: SiteManifest?, to staging: String
  ) -> (manifest: SiteManifest, inodes: [UInt64])? {
    guard let info = POSIX.linkStatus(spare) else { return nil }
    // A link in the spare's place is removed, never followed (it would make the build write where it leads).
    guard info.st_mode & S_IFMT == S_IFDIR, let manifest, POSIX.rename(spare, staging) == 0 else {
      removeTree(spare)
      return nil
    }
    guard POSIX.chmod(staging, 0o700) == 0 else {
      removeTree(staging)
      return nil
    }
    return (manifest, clearUnlisted(staging, manifest: manifest))
  }

  /// Removes from the taken-over spare at `root` every entry but the folders that hold the files `manifest`
  /// lists and those files themselves as regular files: links, other kinds of file and anything unlisted go.
  /// Returns the inode of each listed file, by line (0 for none): a page is used in place only while it is the
  /// live site's very file (``reuse(_:fingerprints:)``), which needs no `stat` of its own.
  static func clearUnlisted(_ root: String, manifest: SiteManifest) -> [UInt64] {
    let folders = manifest.folders
    var inodes = [UInt64](repeating: 0, count: manifest.count)
    var pending = [""]
    while let folder = pending.popLast() {
      let path = folder.isEmpty ? root : root + "/" + folder
      let prefix = folder.isEmpty ? "" : folder + "/"
      for entry in POSIX.typedEntries(of: path) {
        let relative = prefix + entry.name
        switch entry.kind {
        case .folder where folders.contains(relative):
          pending.append(relative)
        case .file where relative == SiteManifest.name:
          continue
        case .file:
          if let line = manifest.line(of: relative) {
            inodes[line] = entry.inode
          } else {
            removeTree(path + "/" + entry.name)
          }
        default:
          removeTree(path + "/" + entry.name)
        }
      }
    }
    return inodes
  }

  /// Removes `path` and, when it is a folder, everything in it, without following any symbolic link (a link is
  /// removed itself).
  static func removeTree(_ path: String) {
    guard let info = POSIX.linkStatus(path) else { return }
    guard info.st_mode & S_IFMT == S_IFDIR else {
      _ = POSIX.unlink(path)
      return
    }
    for entry in POSIX.typedEntries(of: path) {
      if entry.kind == .folder {
        removeTree(path + "/" + entry.name)
      } else {
        _ = POSIX.unlink(path + "/" + entry.name)
      }
    }
    _ = POSIX.rmdir(path)
  }
}
