import CSystemShim
import Foundation
import PMBoardBytes

/// The spare beside the site is the builder's (`0700`), but anything that can write as the builder, or rename in the
/// site's parent, could change it between builds. It is trusted at the cost of a folder: when a build makes the
/// spare it records each of its folders' stamps inside it (``SpareRecord``); the next build compares them, and
/// reads again only the folders that changed, where anything the spare's manifest does not list as a regular file
/// goes before the build writes there. So no link in it is followed and no stray file is published, without a
/// look at each page.
extension SiteWriter {
  /// Takes over the spare beside the site as this build's staging folder: renamed to the staging name, checked to
  /// be the very folder found (the builder's, by inode), made readable by the builder only, and cleared of what its
  /// manifest does not list in the folders that changed since it was made. Returns it, its manifest and whether
  /// each listed file is there (by line), with the files its manifest lists that it lacks (``SpareRecord/absentName``,
  /// also those of lines not read); nil when there is no usable spare.
  static func takeSpare(
    in parent: FolderHandle, names: SiteNames, manifest: SiteManifest?, folders: Set<String>? = nil
  ) -> (folder: FolderHandle, manifest: SiteManifest, present: [Bool], absent: Set<String>)? {
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
    let record = SpareRecord.read(in: folder)
    let absent = folder.contents(of: SpareRecord.absentName).map {
      Set(String(decoding: $0, as: UTF8.self).split(separator: "\n").map(String.init))
    }
    // Not pages: they go before the staging folder is published. The top folder's stamp is taken first: taking
    // them out moves it, and an untrusted top folder meant a walk down every line of the manifest.
    let topStamp = SiteFolders.Stamp(folder)
    folder.unlink(SpareRecord.name)
    folder.unlink(SpareRecord.absentName)
    folder.unlink(SpareRecord.twinName)
    var present = clearUnlisted(
      folder, manifest: manifest, folders: folders ?? manifest.folders, record: record, topStamp: topStamp)
    for path in absent ?? [] {
      if let line = manifest.line(of: path) { present[line] = false }
    }
    return (folder, manifest, present, absent ?? [])
  }

  /// Removes from the taken-over spare `root`, in each folder whose stamp is not `record`'s (all of them without
  /// one), every entry but the folders that hold the files `manifest` lists and those files themselves as regular
  /// files: links, other kinds of file and anything unlisted go. Returns whether each listed file is there.
  /// `topStamp` is the stamp `root` had before the spare's own record files were taken out of it.
  static func clearUnlisted(
    _ root: FolderHandle, manifest: SiteManifest, folders: Set<String>, record: SiteFolders,
    topStamp: SiteFolders.Stamp?
  ) -> [Bool] {
    var trusted = Set<String>()
    var listedAny = false
    var pending: [(String, FolderHandle)] = [("", root)]
    var present = [Bool](repeating: false, count: manifest.count)
    while let (folder, handle) = pending.popLast() {
      let prefix = folder.isEmpty ? "" : folder + "/"
      if let known = record.byPath[folder], (folder.isEmpty ? topStamp : SiteFolders.Stamp(handle)) == known.stamp {
        // As the build that made the spare left it: its entries are the manifest's, and its subfolders too.
        trusted.insert(folder)
        for child in known.folders {
          if let opened = handle.openFolder(child) { pending.append((prefix + child, opened)) }
        }
        continue
      }
      listedAny = true
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
            present[line] = true
          } else {
            handle.removeTree(entry.name)
          }
        default:
          handle.removeTree(entry.name)
        }
      }
    }
    // Every folder as recorded, and those all of the manifest's: every listed file is there, without a walk down
    // the manifest's lines (400,000 at 100,000 tasks).
    if !listedAny, trusted == folders.union([""]) {
      return [Bool](repeating: true, count: manifest.count)
    }
    if !trusted.isEmpty {
      var last: (folder: Substring, trusted: Bool) = ("\u{0}", false)
      for (line, path) in manifest.paths.enumerated() {
        let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
        let folder = slash.map { path[..<$0] } ?? ""
        if folder != last.folder { last = (folder, trusted.contains(String(folder))) }
        if last.trusted { present[line] = true }
      }
    }
    return present
  }
}
