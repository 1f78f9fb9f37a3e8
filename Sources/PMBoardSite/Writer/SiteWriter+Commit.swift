import CSystemShim
import Foundation
import PMBoardBytes

/// The swap that publishes a build, and what keeps the user's own files and folders through it.
extension SiteWriter {
  /// Swaps the new site in. Files and folders in the old site that pmboard did not write are carried over, not
  /// deleted, with the folders' mode and group; so are files the user adds while the build runs. `key` names the
  /// build's inputs as a whole and its counts (`KEY TASKS ENTRIES`), for the next build's shortcut
  /// (``SiteManifest/BuildRecord``); `boards`, a many-board site's records of its boards, follows it
  /// (``SiteManifest/BoardRecord/text(of:)``), each with what the new manifest holds of it.
  public func commit(key: String? = nil) throws(SiteWriteError) -> Summary {
    try commit(key: key, boards: nil)
  }

  /// ``commit(key:)`` with a many-board site's records of its boards.
  func commit(key: String?, boards: [SiteManifest.BoardRecord]?) throws(SiteWriteError) -> Summary {
    defer { lock.release() }
    let progress = state.withLock { $0 }
    let reused = progress.reused.isEmpty ? Array(repeating: false, count: previous?.count ?? 0) : progress.reused
    // Every board left out of the old manifest's lines was kept: its lines go into the new one as they were.
    guard runs.allSatisfy({ progress.wholeFolders.contains($0.folder) }) else {
      throw .io(outPath, "a board kept whole was neither kept nor built; build again")
    }
    let fileCount = progress.reusedCount + progress.written.count + runs.reduce(0) { $0 + $1.shape.files }
    let boards = boards.flatMap { SiteManifest.BoardRecord.text(of: completed($0, progress, reused: reused)) }
    let isWritten = { (path: String) in
      progress.written[path] != nil || self.previous?.line(of: path).map { reused[$0] } == true
    }
    let kept = scan.userFiles.filter { !isWritten($0) && !isStagingFolder($0) && !linksLeaving.contains($0) }
    let removed = (previous?.count ?? 0) - progress.inPrevious
    let (manifest, stamps) = SiteManifest.segments(
      previous: previous, reused: reused, written: progress.written,
      added: progress.newPaths, runs: runs,
      key: key.map { "\($0) \(fileCount)" + (boards.map { "\t" + SiteManifest.boardsMark + $0 } ?? "") })
    // A board kept whole is the spare's folder as it is (what the spare lacked linked, the old site's very files).
    let changed = fileCount - progress.unchanged.count - progress.inPlace - runs.reduce(0) { $0 + $1.shape.files }
    // Read back only when no page changed (a big board's manifest is tens of megabytes): with a page written anew
    // the manifest is written too.
    let manifestUnchanged = changed == 0 && old?.contents(of: SiteManifest.name) == SiteManifest.joined(manifest)
    // A link leading outside the site is left out of the new one: swapped, even when no page changed.
    if previous != nil, changed == 0, removed == 0, manifestUnchanged, linksLeaving.isEmpty {
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
    removeSpareFiles(writtenInSpare: progress.inSpare, reused: reused, isWritten: isWritten)
    for item in kept {
      if let page = pageInPlace(ofFolderOf: item, isWritten: isWritten) {
        throw .io(
          outPath + "/" + page,
          "it is a folder of yours (holding \(item)) where pmboard writes a page; move it out of the site and build "
            + "again")
      }
      // A user's file may go while the build runs (an editor's temporary file): then there is nothing to keep.
      let (folder, name) = SiteManifest.split(item)
      do { try linkFromOldSite(item) } catch  where oldFolder(folder)?.status(of: name) == nil {}
    }
    if manifestUnchanged {
      try linkFromOldSite(SiteManifest.name)
    } else {
      if spare != nil { state.withLock { $0.touched.append(SiteManifest.name) } }
      let descriptor = staging.createFile(SiteManifest.name)
      guard descriptor >= 0 else { throw .io(stagingFile(SiteManifest.name), POSIX.lastErrorText) }
      defer { POSIX.close(descriptor) }
      for segment in manifest {
        if let code = POSIX.writeAll(descriptor, segment) {
          throw .io(stagingFile(SiteManifest.name), POSIX.errorText(code))
        }
      }
    }
    try linkFromOldSite(progress.unchanged)
    if previous != nil {
      carryFolders()
    }
    let record = folderRecord(added: progress.newPaths, kept: kept)
    try swapIn(
      spare: SpareContents(
        shared: sharedLines(progress, reused: reused), manifest: manifest,
        absent: absentFromSpare(progress, reused: reused),
        manifestStamp: staging.status(of: SiteManifest.name).flatMap(SiteManifest.stamp)),
      pmboardFiles: { Set(progress.written.keys).union(self.previous?.paths ?? []) })
    record.write(to: foldersPath)
    SiteManifest.writeStamps(stamps, site: outPath)
    return Summary(
      files: fileCount, changed: changed, removed: removed, bytes: progress.bytes, kept: kept.sorted())
  }

  /// `records` with what the new manifest holds of each board (``SiteManifest/RunShape``): a board kept whole, its
  /// old lines; another, what this build kept and wrote under its folder.
  private func completed(
    _ records: [SiteManifest.BoardRecord], _ progress: Progress, reused: [Bool]
  ) -> [SiteManifest.BoardRecord] {
    let kept = Dictionary(runs.map { ($0.folder, $0.shape) }) { first, _ in first }
    let built = records.map(\.path).filter { !$0.isEmpty && kept[$0] == nil }
    let shapes = SiteManifest.shapes(of: built, previous: previous, reused: reused, written: progress.written.keys)
    return records.map { record in
      var completed = record
      let shape = kept[record.path] ?? shapes[record.path]
      (completed.files, completed.folders) = (shape?.files, shape?.folders)
      return completed
    }
  }

  /// The first folder above the user's file `item` whose path is a page this build writes, if any: the user's
  /// folder stands where the page goes, and one of the two has to move.
  private func pageInPlace(ofFolderOf item: String, isWritten: (String) -> Bool) -> String? {
    var folder = SiteManifest.split(item).folder
    var found: String?
    while !folder.isEmpty {
      if isWritten(folder) { found = folder }
      folder = SiteManifest.split(folder).folder
    }
    return found
  }

  /// Whether the staging folder has a folder at `path`, a user's file in the old site: the new site needs the name
  /// (a link or file the user put in place of one of pmboard's folders), so the user's entry is not carried over.
  private func isStagingFolder(_ path: String) -> Bool {
    let (folder, name) = SiteManifest.split(path)
    return existingStagingFolder(folder)?.status(of: name).map { $0.st_mode & S_IFMT == S_IFDIR } ?? false
  }

  /// The new site's files that are not the old site's very file at their path (written anew, or new), and the
  /// pages kept from the old site without a stamp (its stamps gone or stale): the spare, which keeps the new site's
  /// manifest, does not hold them (``SpareContents``, ``sharedLines(_:reused:)``). Without the kept ones, a spare
  /// that lost them looked whole to the next build, which then published the site without them.
  private func absentFromSpare(_ progress: Progress, reused: [Bool]) -> [String] {
    let written = progress.written.compactMap { path, entry in
      let old = previous?.line(of: path).flatMap { previous?.stamps[$0] }
      return entry.stamp != nil && old == entry.stamp ? nil : path
    }
    guard let previous else { return written }
    return written
      + previous.paths.indices.filter { reused[$0] && previous.stamps[$0] == nil }.map { previous.paths[$0] }
  }

  /// For each of the old manifest's lines, whether the new site has the very same file at its path (the same
  /// stamp): only those stay in the spare (``keepAsSpare(_:spare:)``).
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
    let clock = POSIX.fileClock()
    for folder in folders.union([""]) {
      guard let handle = existingStagingFolder(folder) else { continue }
      if !handle.setModificationTime(seconds: clock.seconds - 2, nanoseconds: clock.nanoseconds) { backdated = false }
      guard let stamp = SiteFolders.Stamp(handle) else { continue }
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
      _ = try? stagingFolder(folder)
    }
    if let old { Self.copyAttributes(from: old, to: staging) }
    for folder in scan.folders {
      guard let source = oldFolder(folder), let target = existingStagingFolder(folder) else { continue }
      Self.copyAttributes(from: source, to: target)
    }
  }

  /// Gives folder `target` the mode (with setgid), owner and group of folder `source`, as far as this user may.
  static func copyAttributes(from source: FolderHandle, to target: FolderHandle) {
    guard let info = source.status(), let current = target.status() else { return }
    if current.st_uid != info.st_uid || current.st_gid != info.st_gid {
      // Only root may give a folder away; anyone may set a group they belong to. Failing that, the mode below
      // still limits who can read.
      if target.setOwner(info.st_uid, info.st_gid) != 0 { target.setOwner(UInt32.max, info.st_gid) }
    }
    target.setMode(info.st_mode & 0o7777)
  }

  /// Publishes the staging folder: one atomic exchange where the file system has it, else two renames that put
  /// the old site back if the second fails. Right before, each name must still be the folder this build means
  /// (staging: the one it made; the site: the one it found), so nothing swapped in beside the site is published
  /// or parked. The old site is parked aside, its user files moved over, then it is deleted; a build killed in
  /// between is finished by the next one (``recoverInterruptedSwap(in:names:outPath:)``).
  private func swapIn(spare contents: SpareContents, pmboardFiles: () -> Set<String>) throws(SiteWriteError) {
    guard Self.isSameFolder(parent, names.staging, stagingIdentity) else {
      throw .io(stagingPath, "the staging folder was moved or replaced while the build ran; build again")
    }
    guard previous != nil else {
      // The first site gets the mode a folder made now gets; the staging folder was the builder's only.
      staging.setMode(POSIX.newFolderMode())
      guard parent.status(of: names.site) == nil,
        parent.rename(names.staging, to: parent, as: names.site) == 0
      else {
        let reason =
          parent.status(of: names.site) != nil ? "something appeared there while the build ran" : POSIX.lastErrorText
        // Builder-only again: the folder stays unpublished, and whoever moved something in place of the site must
        // not be able to read it.
        staging.setMode(0o700)
        throw .io(outPath, reason)
      }
      return
    }
    guard Self.isSameFolder(parent, names.site, oldIdentity) else {
      throw .io(outPath, "the site was moved or replaced while the build ran; build again")
    }
    if swap == .exchange, parent.exchange(names.staging, with: parent, names.site) == 0 {
      // The old site is now at the staging name; a killed build would lose it to the next build's clean-up.
      if parent.rename(names.staging, to: parent, as: names.aside) != 0 {
        if !keepAsSpare(names.staging, spare: contents) {
          settleOldSite(names.staging, pmboardFiles: pmboardFiles())
        }
        return
      }
    } else {
      guard parent.rename(names.site, to: parent, as: names.aside) == 0 else {
        throw .io(outPath, POSIX.lastErrorText)
      }
      if swap == .twoRenamesSecondFailing { parent.removeTree(names.staging) }
      guard parent.rename(names.staging, to: parent, as: names.site) == 0 else {
        let reason = POSIX.lastErrorText
        if parent.rename(names.aside, to: parent, as: names.site) == 0 { throw .io(outPath, reason) }
        throw .swapInterrupted(outPath, aside: asidePath, reason)
      }
    }
    if !keepAsSpare(names.aside, spare: contents) {
      settleOldSite(names.aside, pmboardFiles: pmboardFiles())
    }
  }

  /// Settles the old site parked at `name` into the new one, when it is still the old site.
  private func settleOldSite(_ name: String, pmboardFiles: Set<String>) {
    guard Self.isSameFolder(parent, name, oldIdentity), let site = parent.openFolder(names.site) else { return }
    Self.settle(old: name, in: parent, into: site, pmboardFiles: pmboardFiles)
  }
}
