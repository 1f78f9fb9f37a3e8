import CSystemShim
import Foundation
import PMBoardBytes

/// The spare: after a swap, the site it replaced is kept beside the new one (`.NAME.pmboard-spare`, its files hard
/// links shared with the live site where they did not change) instead of being deleted. The next build takes it
/// over as its staging folder and changes only what differs, so a rebuild costs what changed rather than a link
/// per page; the swap stays one atomic exchange. The spare's manifest always lists exactly the files it holds.
extension SiteWriter {
  /// Renames the spare at `spare` (whose manifest is `manifest`) to `staging` and returns the manifest; nil when
  /// there is no usable spare.
  static func takeSpare(_ spare: String, manifest: SiteManifest?, to staging: String) -> SiteManifest? {
    guard POSIX.linkStatus(spare) != nil else { return nil }
    guard let manifest, POSIX.rename(spare, staging) == 0 else {
      try? FileManager.default.removeItem(atPath: spare)
      return nil
    }
    return manifest
  }

  /// Makes room for a new file at staging `target` (for `path`): the spare's file there goes.
  func replacing(_ path: String, _ target: String) {
    guard spare?.contains(path) == true || POSIX.linkStatus(target) != nil else { return }
    _ = POSIX.unlink(target)
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
      guard let print, let previous, let line = previous.line(of: path), previous.fingerprints[line] == print,
        scan.missing.isEmpty || !scan.missing.contains(path)
      else { return nil }
      return (line, spareListings.isEmpty ? .absent : spareListings[line])
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

  /// Turns the site a swap replaced (now at `old`) into the spare: its user files (linked into the new site) go
  /// and only pmboard's files stay, as its manifest lists them. False, leaving `old` to be settled and deleted,
  /// when the user changed the old site while the build ran (a folder's stamp moved) or a file cannot go.
  func keepAsSpare(_ old: String) -> Bool {
    guard let previous else { return false }
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
    if !scan.missing.isEmpty {
      let manifest = previous.removing(scan.missing)
      let file = old + "/" + SiteManifest.name
      _ = POSIX.unlink(file)
      guard FileManager.default.createFile(atPath: file, contents: manifest.bytes) else { return false }
    }
    try? FileManager.default.removeItem(atPath: sparePath)
    return POSIX.rename(old, sparePath) == 0
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
