import CSystemShim
import Foundation
import PMBoardBytes

/// The spare and the folders beside the site are the builder's, but anything that writes to the site's parent can
/// change them between builds. A build trusts none of it: nothing in them is followed through a symbolic link,
/// and what the spare's manifest does not account for goes before the build writes anything there, so no page
/// ever lands outside `--out` and no stray file is published.
extension SiteWriter {
  /// Takes over the spare beside the site as this build's staging folder: renamed to the staging name, checked to
  /// be the very folder found (the builder's, by inode), made readable by the builder only and cleared of what its
  /// manifest does not list. Returns it, its manifest and the inode of each listed file (by line, 0 for none); nil
  /// when there is no usable spare.
  static func takeSpare(
    in parent: FolderHandle, names: SiteNames, manifest: SiteManifest?
  ) -> (folder: FolderHandle, manifest: SiteManifest, inodes: [UInt64])? {
    guard let info = parent.status(of: names.spare) else { return nil }
    // A link in the spare's place is removed, never followed (it would make the build write where it leads).
    guard info.st_mode & S_IFMT == S_IFDIR, info.st_uid == geteuid(), let manifest,
      parent.rename(names.spare, to: parent, as: names.staging) == 0
    else {
      parent.removeTree(names.spare)
      return nil
    }
    guard let folder = parent.openFolder(names.staging), let found = folder.status(),
      found.st_dev == info.st_dev, found.st_ino == info.st_ino, folder.setMode(0o700) == 0
    else {
      parent.removeTree(names.staging)
      return nil
    }
    return (folder, manifest, clearUnlisted(folder, manifest: manifest))
  }

  /// Removes from the taken-over spare `root` every entry but the folders that hold the files `manifest` lists
  /// and those files themselves as regular files: links, other kinds of file and anything unlisted go. Returns
  /// the inode of each listed file, by line (0 for none).
  static func clearUnlisted(_ root: FolderHandle, manifest: SiteManifest) -> [UInt64] {
    let folders = manifest.folders
    var inodes = [UInt64](repeating: 0, count: manifest.count)
    var pending: [(String, FolderHandle)] = [("", root)]
    while let (folder, handle) = pending.popLast() {
      let prefix = folder.isEmpty ? "" : folder + "/"
      for entry in handle.entries() {
        let relative = prefix + entry.name
        switch entry.kind {
        case .folder where folders.contains(relative):
          if let child = handle.openFolder(entry.name) {
            pending.append((relative, child))
          } else {
            handle.removeTree(entry.name)
          }
        case .file where relative == SiteManifest.name:
          continue
        case .file:
          if let line = manifest.line(of: relative) {
            inodes[line] = entry.inode
          } else {
            handle.removeTree(entry.name)
          }
        default:
          handle.removeTree(entry.name)
        }
      }
    }
    return inodes
  }
}
