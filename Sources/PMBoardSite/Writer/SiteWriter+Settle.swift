import Foundation
import PMBoardBytes

/// What becomes of the old site after a swap when it cannot be the spare, and of a swap a killed build left half
/// done: the user's files in it move to the new site, the rest goes. All by folder handle, never through a link.
extension SiteWriter {
  /// Finishes a swap a killed build left half done: with no site, the parked old site goes back; with both, the
  /// old site's user files move to the new one and the old site goes.
  static func recoverInterruptedSwap(
    in parent: FolderHandle, names: SiteNames, outPath: String
  ) throws(SiteWriteError) {
    guard let aside = parent.status(of: names.aside) else { return }
    // Only a folder of the builder's is a site a build parked there; anything else is removed, never followed.
    guard aside.st_mode & S_IFMT == S_IFDIR, aside.st_uid == geteuid() else {
      parent.removeTree(names.aside)
      return
    }
    guard let site = parent.openFolder(names.site) else {
      guard parent.status(of: names.site) == nil, parent.rename(names.aside, to: parent, as: names.site) == 0 else {
        throw .io(
          outPath, "cannot restore the previous site from \(names.aside): \(POSIX.lastErrorText)")
      }
      return
    }
    let listed = { (folder: FolderHandle?) in
      Set(folder?.contents(of: SiteManifest.name).map { SiteManifest(bytes: $0).paths } ?? [])
    }
    settle(
      old: names.aside, in: parent, into: site,
      pmboardFiles: listed(parent.openFolder(names.aside)).union(listed(site)))
  }

  /// Moves every file in the old site (`old` in `parent`) that is not pmboard's and not already in `site` (a file
  /// the user wrote while the build ran) into `site`, then deletes the old site. Files appearing while it works
  /// are picked up by the next pass; after a few passes anything left stays for the next build.
  static func settle(old: String, in parent: FolderHandle, into site: FolderHandle, pmboardFiles: Set<String>) {
    for _ in 0..<4 {
      guard let folder = parent.openFolder(old) else { return }
      settleFolder(folder, site: site, relative: "", pmboardFiles: pmboardFiles)
      if parent.removeFolder(old) == 0 { return }
    }
  }

  private static func settleFolder(
    _ folder: FolderHandle, site: FolderHandle, relative: String, pmboardFiles: Set<String>
  ) {
    for entry in folder.entries() {
      let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
      if entry.kind == .folder {
        guard let source = folder.openFolder(entry.name) else { continue }
        if site.status(of: entry.name) == nil, site.makeFolder(entry.name, mode: 0o700) == 0,
          let made = site.openFolder(entry.name)
        {
          copyAttributes(from: source, to: made)
        }
        if let target = site.openFolder(entry.name) {
          settleFolder(source, site: target, relative: path, pmboardFiles: pmboardFiles)
        }
        // Only when emptied: a user's file that could not move stays for the next build.
        folder.removeFolder(entry.name)
      } else if path == SiteManifest.name || pmboardFiles.contains(path) || sameFile(folder, site, entry.name) {
        folder.unlink(entry.name)
      } else {
        folder.rename(entry.name, to: site, as: entry.name)
      }
    }
  }

  private static func sameFile(_ first: FolderHandle, _ second: FolderHandle, _ name: String) -> Bool {
    guard let a = first.status(of: name), let b = second.status(of: name) else { return false }
    return a.st_dev == b.st_dev && a.st_ino == b.st_ino
  }
}
