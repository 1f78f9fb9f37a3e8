import CSystemShim
import Foundation
import PMBoardBytes

/// The spare: after a swap, the site it replaced is kept beside the new one (`.NAME.pmboard-spare`, its files hard
/// links shared with the live site where they did not change) instead of being deleted. The next build takes it
/// over as its staging folder and changes only what differs, so a rebuild costs what changed rather than a link
/// per page; the swap stays one atomic exchange. The spare's manifest always lists exactly the files it holds.
extension SiteWriter {
  /// Makes room for a new file at staging `target` (for `path`): the spare's file there goes. Recorded even when
  /// there was none (the spare holds only what the live site shares with it), so a failed build takes the new file
  /// out again.
  func replacing(_ path: String, _ target: String) {
    if spare?.contains(path) == true || POSIX.linkStatus(target) != nil { _ = POSIX.unlink(target) }
    state.withLock { $0.touched.append(path) }
  }

  /// Gives the staging folder the old site's `path` (a hard link); a spare's file that is already that very file
  /// stays.
  func linkFromOldSite(_ path: String) throws(SiteWriteError) {
    let source = outPath + "/" + path
    let target = stagingFile(path)
    if spare != nil {
      if let old = POSIX.linkStatus(source), let current = POSIX.linkStatus(target),
        old.st_dev == current.st_dev, old.st_ino == current.st_ino
      {
        return
      }
      replacing(path, target)
    }
    var result = POSIX.link(source, target)
    if result != 0, errno == ENOENT {
      makeFolders(for: target)
      result = POSIX.link(source, target)
    }
    if result != 0 { throw .io(source, POSIX.errorText(errno)) }
  }

  /// Records that `path` is the old site's file as it was, without rendering it, when the old site kept the same
  /// `fingerprint` of its inputs; false when it did not (the caller then renders the page, see
  /// ``keep(fingerprint:for:)``). When the spare holds the same page too, nothing at all is done with the file.
  public func reuse(_ path: String, fingerprint: UInt64) -> Bool {
    reuse([path], fingerprints: [fingerprint])[0]
  }

  /// ``reuse(_:fingerprint:)`` for many pages under one lock; a nil fingerprint is never reused.
  public func reuse(_ paths: [String], fingerprints: [UInt64?]) -> [Bool] {
    let found = zip(paths, fingerprints).map { path, print -> (line: Int, spare: SiteManifest.Listing)? in
      // The page on disk must still be the file the old manifest stamped: one changed by hand is written again.
      guard let print, let previous, let line = previous.line(of: path), previous.fingerprints[line] == print,
        scan.missing.isEmpty || !scan.missing.contains(path), let recorded = previous.stamps[line],
        let live = POSIX.linkStatus(outPath + "/" + path), SiteManifest.stamp(live) == recorded
      else { return nil }
      guard let spare, !spareListings.isEmpty, spareListings[line] == .sameFingerprint else {
        return (line, spareListings.isEmpty ? .absent : spareListings[line])
      }
      // The spare's copy is used in place only when it is that very file; otherwise the old site's replaces it.
      guard let spareLine = spare.line(of: path), spareInodes[spareLine] == UInt64(live.st_ino) else {
        return (line, .otherFingerprint)
      }
      return (line, .sameFingerprint)
    }
    state.withLock { progress in
      if progress.reused.isEmpty { progress.reused = Array(repeating: false, count: previous?.count ?? 0) }
      for (index, match) in found.enumerated() {
        guard let match, !progress.reused[match.line], progress.written[paths[index]] == nil else { continue }
        progress.reused[match.line] = true
        progress.reusedCount += 1
        progress.inPrevious += 1
        if match.spare != .absent { progress.inSpare += 1 }
        if match.spare == .sameFingerprint {
          progress.inPlace += 1
        } else {
          progress.unchanged.append(paths[index])
        }
      }
    }
    return found.map { $0 != nil }
  }

  /// Removes the spare's files this build does not write from the staging folder, and folders left empty.
  func removeSpareFiles(writtenInSpare: Int, isWritten: (String) -> Bool) {
    guard let spare, spare.count > writtenInSpare else { return }
    var emptied = Set<String>()
    var removed: [String] = []
    for path in spare.paths where !isWritten(path) {
      _ = POSIX.unlink(stagingFile(path))
      removed.append(path)
      emptied.insert(SiteManifest.split(path).folder)
    }
    state.withLock { $0.touched += removed }
    for folder in emptied.sorted(by: >) where !folder.isEmpty {
      var current = Substring(folder)
      while !current.isEmpty, POSIX.rmdir(stagingFile(String(current))) == 0 {
        current = current.lastIndex(of: "/").map { current[..<$0] } ?? ""
      }
    }
  }

  /// Throws the staging folder away; the old site is untouched. A taken-over spare is put back, without the files
  /// this build replaced in it.
  public func discard() {
    defer { lock.release() }
    if let taken = spare {
      let touched = state.withLock { $0.touched }
      for path in touched {
        _ = POSIX.unlink(stagingFile(path))
      }
      let manifest = touched.isEmpty ? taken : taken.removing(touched)
      let manifestFile = stagingFile(SiteManifest.name)
      if !touched.isEmpty {
        _ = POSIX.unlink(manifestFile)
      }
      if POSIX.access(manifestFile, F_OK) == 0
        || FileManager.default.createFile(atPath: manifestFile, contents: manifest.bytes),
        POSIX.rename(stagingPath, sparePath) == 0
      {
        return
      }
    }
    // A rebuild that changed nothing wrote nothing into it: `rmdir` is then all it takes.
    if POSIX.rmdir(stagingPath) != 0 {
      try? FileManager.default.removeItem(atPath: stagingPath)
    }
  }

  /// Turns the site a swap replaced (now at `old`) into the spare: its user files (linked into the new site) go,
  /// and so does every page that is not the very file the new site has at its path (`shared`, by the old
  /// manifest's line): the spare holds nothing the new site does not, so nothing the publish policy now hides
  /// stays beside the site. False, leaving `old` to be settled and deleted, when the user changed the old site
  /// while the build ran (a folder's stamp moved) or a file cannot go.
  func keepAsSpare(_ old: String, shared: [Bool]) -> Bool {
    guard previous != nil else { return false }
    // Readable by the builder only, like the staging folder, before anything else is done with it.
    guard POSIX.chmod(old, 0o700) == 0 else { return false }
    for (folder, entry) in scan.found {
      guard SiteFolders.Stamp(folder: folder.isEmpty ? old : old + "/" + folder) == entry.stamp else { return false }
    }
    for file in scan.userFiles {
      guard POSIX.unlink(old + "/" + file) == 0 || errno == ENOENT else { return false }
    }
    let pmboardFolders = previousFolders
    for folder in scan.folders.reversed() where !pmboardFolders.contains(folder) {
      guard POSIX.rmdir(old + "/" + folder) == 0 else { return false }
    }
    guard prune(old, keeping: shared) else { return false }
    Self.removeTree(sparePath)
    return POSIX.rename(old, sparePath) == 0
  }

  /// Removes the old site's pages `shared` does not flag, only inside folders the scan found to be folders (never
  /// through a link the user put in a folder's place), and folders left empty; its manifest then lists the rest.
  private func prune(_ old: String, keeping shared: [Bool]) -> Bool {
    guard let previous else { return false }
    var emptied = Set<String>()
    for line in previous.paths.indices where !shared[line] {
      let path = previous.paths[line]
      let folder = SiteManifest.split(path).folder
      guard scan.found[folder] != nil else { continue }
      guard POSIX.unlink(old + "/" + path) == 0 || errno == ENOENT else { return false }
      emptied.insert(folder)
    }
    for folder in emptied.sorted(by: >) where !folder.isEmpty {
      var current = Substring(folder)
      while !current.isEmpty, POSIX.rmdir(old + "/" + current) == 0 {
        current = current.lastIndex(of: "/").map { current[..<$0] } ?? ""
      }
    }
    let file = old + "/" + SiteManifest.name
    _ = POSIX.unlink(file)
    return FileManager.default.createFile(atPath: file, contents: previous.bytes(keeping: shared))
  }
}

extension SiteManifest {
  /// Every folder that holds a listed file, and their parents.
  var folders: Set<String> { Self.folders(containing: paths) }

  /// A site path's folder ("" at the top) and name.
  static func split(_ path: String) -> (folder: String, name: String) {
    // By bytes: a site path is ASCII-safe to cut at "/", and a Character walk was most of a first rebuild's
    // bookkeeping for 300,000 kept pages.
    let utf8 = path.utf8
    guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")) else { return ("", path) }
    return (String(path[..<slash]), String(path[utf8.index(after: slash)...]))
  }

  /// Every folder that holds one of `paths`, and their parents.
  static func folders(containing paths: some Sequence<String>) -> Set<String> {
    var parents = Set<Substring>()
    var last: Substring = ""
    for path in paths {
      guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { continue }
      // Pages come in runs from one folder (a locale's task pages): a comparison is cheaper than a hash.
      let parent = path[..<slash]
      if parent != last { parents.insert(parent) }
      last = parent
    }
    var all = Set<String>()
    for parent in parents {
      var current = parent
      while !current.isEmpty, all.insert(String(current)).inserted {
        current = current.utf8.lastIndex(of: UInt8(ascii: "/")).map { current[..<$0] } ?? ""
      }
    }
    return all
  }
}
