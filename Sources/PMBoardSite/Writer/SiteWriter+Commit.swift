import CSystemShim
import Foundation
import PMBoardBytes

/// The swap that publishes a build, and what keeps the user's own files and folders through it.
extension SiteWriter {
  /// Swaps the new site in. Files and folders in the old site that pmboard did not write are carried over, not
  /// deleted, with the folders' mode and group; so are files the user adds while the build runs. `key` names the
  /// build's inputs as a whole and its counts (`KEY TASKS ENTRIES`), for the next build's shortcut
  /// (``SiteManifest/BuildRecord``).
  public func commit(key: String? = nil) throws(SiteWriteError) -> Summary {
    defer { lock.release() }
    let progress = state.withLock { $0 }
    let reused = progress.reused.isEmpty ? Array(repeating: false, count: previous?.count ?? 0) : progress.reused
    let fileCount = progress.reusedCount + progress.written.count
    let isWritten = { (path: String) in
      progress.written[path] != nil || self.previous?.line(of: path).map { reused[$0] } == true
    }
    let kept = scan.userFiles.filter { !isWritten($0) && !isStagingFolder($0) }
    let removed = (previous?.count ?? 0) - progress.inPrevious
    let (manifest, stamps) = SiteManifest.bytes(
      previous: previous, reused: reused, written: progress.written,
      added: progress.newPaths, key: key.map { "\($0) \(fileCount)" })
    let manifestUnchanged = FileManager.default.contents(atPath: outPath + "/" + SiteManifest.name) == manifest
    let changed = fileCount - progress.unchanged.count - progress.inPlace
    if previous != nil, changed == 0, removed == 0, manifestUnchanged {
      // Nothing to swap: the site on disk is already exactly this build's. Its folders are recorded as found, so
      // that a file the user added does not keep the next build from taking the shortcut.
      if let record = scan.record {
        record.write(to: foldersPath)
      } else {
        SiteFolders.remove(at: foldersPath)
      }
      // Pages compared again (their stamps unknown or moved) are stamped as they are now.
      if stamps != previous?.stamps { SiteManifest.writeStamps(stamps, site: outPath) }
      discard()
      return Summary(files: fileCount, changed: 0, removed: 0, bytes: 0, kept: kept.sorted())
    }
    removeSpareFiles(writtenInSpare: progress.inSpare, isWritten: isWritten)
    for item in kept {
      // A user's file may go while the build runs (an editor's temporary file): then there is nothing to keep.
      do { try linkFromOldSite(item) } catch  where POSIX.access(outPath + "/" + item, F_OK) != 0 {}
    }
    if manifestUnchanged {
      try linkFromOldSite(SiteManifest.name)
    } else {
      let manifestPath = stagingFile(SiteManifest.name)
      replacing(SiteManifest.name, manifestPath)
      guard FileManager.default.createFile(atPath: manifestPath, contents: manifest) else {
        throw .io(manifestPath, "cannot create the file")
      }
    }
    try linkFromOldSite(progress.unchanged)
    if previous != nil {
      carryFolders()
    }
    let record = folderRecord(added: progress.newPaths, kept: kept)
    try swapIn(
      shared: sharedLines(progress, reused: reused),
      pmboardFiles: { Set(progress.written.keys).union(self.previous?.paths ?? []) })
    record.write(to: foldersPath)
    SiteManifest.writeStamps(stamps, site: outPath)
    return Summary(
      files: fileCount, changed: changed, removed: removed, bytes: progress.bytes, kept: kept.sorted())
  }

  /// Whether the staging folder has a folder at `path`, a user's file in the old site: the new site needs the name
  /// (a link or file the user put in place of one of pmboard's folders), so the user's entry is not carried over.
  private func isStagingFolder(_ path: String) -> Bool {
    POSIX.linkStatus(stagingFile(path)).map { $0.st_mode & S_IFMT == S_IFDIR } ?? false
  }

  /// For each of the old manifest's lines, whether the new site has the very same file at its path (the same
  /// stamp): only those stay in the spare (``keepAsSpare(_:shared:)``).
  private func sharedLines(_ progress: Progress, reused: [Bool]) -> [Bool] {
    guard let previous else { return [] }
    return previous.paths.indices.map { line in
      // A reused page is the old site's file (linked, or the spare's when that is the very file).
      guard let old = previous.stamps[line] else { return false }
      return reused[line] || progress.written[previous.paths[line]]?.stamp == old
    }
  }

  /// What the next build needs to know of the new site's folders, stamped in the staging folder before the swap
  /// (an exchange leaves the folders' own times alone). A change the user makes after the swap must move a
  /// folder's time: each folder's time is first set back to before anything the file system's clock can still
  /// give (as git treats an index entry as racy). Where that fails, the build waits until the clock has passed
  /// the newest stamp instead (up to a clock tick, on every build).
  private func folderRecord(added: [String], kept: [String]) -> SiteFolders {
    // The old site's folders (the spare may lack some) and those of files new in this build.
    var folders = SiteManifest.folders(containing: added)
    folders.formUnion(scan.folders)
    var record: [String: SiteFolders.Folder] = [:]
    var newest = (seconds: 0, nanoseconds: 0)
    var backdated = true
    for folder in folders.union([""]) {
      let path = folder.isEmpty ? stagingPath : stagingFile(folder)
      if !POSIX.backdateModificationTime(path) { backdated = false }
      guard let stamp = SiteFolders.Stamp(folder: path) else { continue }
      if (stamp.seconds, stamp.nanoseconds) > newest { newest = (stamp.seconds, stamp.nanoseconds) }
      record[folder] = SiteFolders.Folder(stamp: stamp, folders: [], userFiles: [])
    }
    for folder in record.keys where !folder.isEmpty {
      let (parent, name) = SiteManifest.split(folder)
      record[parent]?.folders.append(name)
    }
    for file in kept {
      let (parent, name) = SiteManifest.split(file)
      record[parent]?.userFiles.append(name)
    }
    if !backdated { POSIX.waitForFileClock(after: newest) }
    return SiteFolders(byPath: record)
  }

  /// Gives the staging site the old site's folders that hold no file pmboard wrote (the user's, empty ones too),
  /// and every folder both have the old one's mode, owner and group: a private site stays private.
  private func carryFolders() {
    let pmboardFolders = previousFolders
    for folder in scan.folders where !pmboardFolders.contains(folder) {
      try? FileManager.default.createDirectory(
        atPath: stagingFile(folder), withIntermediateDirectories: true)
    }
    Self.copyAttributes(from: outPath, to: stagingPath)
    for folder in scan.folders {
      Self.copyAttributes(from: outPath + "/" + folder, to: stagingFile(folder))
    }
  }

  /// Gives folder `target` the mode (with setgid), owner and group of folder `source`, as far as this user may.
  static func copyAttributes(from source: String, to target: String) {
    guard let info = POSIX.linkStatus(source), let current = POSIX.linkStatus(target),
      current.st_mode & S_IFMT == S_IFDIR
    else { return }
    if current.st_uid != info.st_uid || current.st_gid != info.st_gid {
      // Only root may give a folder away; anyone may set a group they belong to. Failing that, the mode below
      // still limits who can read.
      if POSIX.chown(target, info.st_uid, info.st_gid) != 0 { _ = POSIX.chown(target, UInt32.max, info.st_gid) }
    }
    _ = POSIX.chmod(target, info.st_mode & 0o7777)
  }

  /// Publishes the staging folder: one atomic exchange where the file system has it, else two renames that put
  /// the old site back if the second fails. The old site is parked aside, its user files moved over, then it is
  /// deleted; a build killed in between is finished by the next one (``recoverInterruptedSwap(outPath:asidePath:)``).
  private func swapIn(shared: [Bool], pmboardFiles: () -> Set<String>) throws(SiteWriteError) {
    guard previous != nil else {
      // The first site gets the mode a folder made now gets; the staging folder was the builder's only.
      _ = POSIX.chmod(stagingPath, POSIX.newFolderMode())
      guard POSIX.rename(stagingPath, outPath) == 0 else {
        throw .io(outPath, POSIX.errorText(errno))
      }
      return
    }
    if swap == .exchange, POSIX.exchange(stagingPath, outPath) == 0 {
      // The old site is now at the staging path; a killed build would lose it to the next build's clean-up.
      if POSIX.rename(stagingPath, asidePath) != 0 {
        if !keepAsSpare(stagingPath, shared: shared) {
          Self.settle(old: stagingPath, into: outPath, pmboardFiles: pmboardFiles())
        }
        return
      }
    } else {
      guard POSIX.rename(outPath, asidePath) == 0 else {
        throw .io(outPath, POSIX.errorText(errno))
      }
      if swap == .twoRenamesSecondFailing { try? FileManager.default.removeItem(atPath: stagingPath) }
      guard POSIX.rename(stagingPath, outPath) == 0 else {
        let reason = POSIX.errorText(errno)
        if POSIX.rename(asidePath, outPath) == 0 { throw .io(outPath, reason) }
        throw .swapInterrupted(outPath, aside: asidePath, reason)
      }
    }
    if !keepAsSpare(asidePath, shared: shared) {
      Self.settle(old: asidePath, into: outPath, pmboardFiles: pmboardFiles())
    }
  }

  /// Finishes a swap a killed build left half done: with no site, the parked old site goes back; with both, the
  /// old site's user files move to the new one and the old site goes.
  static func recoverInterruptedSwap(outPath: String, asidePath: String) throws(SiteWriteError) {
    guard let aside = POSIX.linkStatus(asidePath) else { return }
    // Only a folder is a site a build parked there; anything else (a link) is removed, never followed.
    guard aside.st_mode & S_IFMT == S_IFDIR else {
      _ = POSIX.unlink(asidePath)
      return
    }
    if POSIX.linkStatus(outPath) == nil {
      guard POSIX.rename(asidePath, outPath) == 0 else {
        throw .io(
          outPath, "cannot restore the previous site from \(asidePath): \(POSIX.errorText(errno))")
      }
      return
    }
    settle(old: asidePath, into: outPath, pmboardFiles: manifest(of: asidePath).union(manifest(of: outPath)))
  }

  /// The files a site's manifest lists.
  static func manifest(of site: String) -> Set<String> {
    Set(SiteManifest(site: site)?.paths ?? [])
  }

  /// Moves every file in the old site `old` that is not pmboard's and not already in `site` (a file the user
  /// wrote while the build ran) into `site`, then deletes `old`. Files appearing while it works are picked up by
  /// the next pass; after a few passes anything left stays for the next build.
  static func settle(old: String, into site: String, pmboardFiles: Set<String>) {
    for _ in 0..<4 {
      settleFolder(old: old, site: site, relative: "", pmboardFiles: pmboardFiles)
      if POSIX.rmdir(old) == 0 { return }
    }
  }

  private static func settleFolder(old: String, site: String, relative: String, pmboardFiles: Set<String>) {
    let folder = relative.isEmpty ? old : old + "/" + relative
    for entry in POSIX.directoryEntries(of: folder) {
      let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
      let source = old + "/" + path
      let target = site + "/" + path
      if entry.isFolder {
        if POSIX.linkStatus(target) == nil {
          try? FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
          copyAttributes(from: source, to: target)
        }
        settleFolder(old: old, site: site, relative: path, pmboardFiles: pmboardFiles)
        _ = POSIX.rmdir(source)
      } else if path == SiteManifest.name || pmboardFiles.contains(path) || sameFile(source, target) {
        _ = POSIX.unlink(source)
      } else {
        try? FileManager.default.createDirectory(
          atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = POSIX.rename(source, target)
      }
    }
  }

  private static func sameFile(_ first: String, _ second: String) -> Bool {
    guard let a = POSIX.linkStatus(first), let b = POSIX.linkStatus(second) else { return false }
    return a.st_dev == b.st_dev && a.st_ino == b.st_ino
  }
}
