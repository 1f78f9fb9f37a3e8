import CSystemShim
import Foundation
import PMBoardBytes

/// The spare: after a swap, the site it replaced is kept beside the new one (`.NAME.pmboard-spare`, its files hard
/// links shared with the live site where they did not change) instead of being deleted. The next build takes it
/// over as its staging folder and changes only what differs, so a rebuild costs what changed rather than a link
/// per page; the swap stays one atomic exchange. The spare's manifest always lists exactly the files it holds.
extension SiteWriter {
  /// Gives the staging folder the old site's `path` (a hard link); a spare's file that is already that very file
  /// stays.
  func linkFromOldSite(_ path: String) throws(SiteWriteError) {
    let (folder, name) = SiteManifest.split(path)
    guard let source = oldFolder(folder) else { throw .io(outPath + "/" + path, "its folder is gone") }
    let target = try stagingFolder(folder)
    if spare != nil {
      if let old = source.status(of: name), let current = target.status(of: name),
        old.st_dev == current.st_dev, old.st_ino == current.st_ino
      {
        return
      }
      target.removeTree(name)
      state.withLock { $0.touched.append(path) }
    }
    if source.link(name, to: target, as: name) != 0 { throw .io(outPath + "/" + path, POSIX.lastErrorText) }
  }

  /// Records that `path` is the old site's file as it was, without rendering it, when the old site kept the same
  /// `fingerprint` of its inputs; false when it did not (the caller then renders the page, see
  /// ``keep(fingerprint:for:)``). When the spare holds the same page too, nothing at all is done with the file.
  public func reuse(_ path: String, fingerprint: UInt64) -> Bool {
    reuse([path], fingerprints: [fingerprint])[0]
  }

  /// ``reuse(_:fingerprint:)`` for many pages under one lock; a nil fingerprint is never reused.
  public func reuse(_ paths: [String], fingerprints: [UInt64?]) -> [Bool] {
    // Bound once: a copy of the manifest per page retained and released each of its tables.
    guard !verifies, let previous else { return paths.map { _ in false } }
    // Pages come from a few folders (a task's page in each locale), each folder's in the order of the old
    // manifest's lines as a rule: each folder's state is looked up once, and a page's line is first looked for
    // right after the last one found in its folder (a table lookup per page was a cache miss or two).
    var folderNames: [Substring] = []
    var folders: [FolderState] = []
    let found = zip(paths, fingerprints).map { path, print -> KeptLine? in
      guard let print else { return nil }
      let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
      let folder = slash.map { path[..<$0] } ?? ""
      let known: Int
      if let index = folderNames.firstIndex(of: folder) {
        known = index
      } else {
        folderNames.append(folder)
        folders.append(folderState(String(folder)))
        known = folders.count - 1
      }
      let hint = folders[known].nextLine
      guard
        let line = hint >= 0 && hint < previous.count && previous.paths[hint] == path
          ? hint : previous.line(of: path)
      else { return nil }
      folders[known].nextLine = line + 1
      return keptLine(line, print: print, of: previous, in: folders[known], path: { path }) {
        slash.map { String(path[path.utf8.index(after: $0)...]) } ?? path
      }
    }
    record(found, in: previous) { paths[$0] }
    return found.map { $0 != nil }
  }

  /// ``reuse(_:fingerprints:)`` for task pages, named `names(i)` in each of `folders` (paths in the site, without
  /// a final "/"): page `i` in folder `f` is at `i * folders.count + f` of `fingerprints` and of the answer. A kept
  /// page's path is not made: its manifest line is compared with the folder and the name, right after the last line
  /// found in the folder first; where page `i`'s id is the lowercase text of `keys[i]`, with the key, without the
  /// name (a rebuild keeps 300,000 pages of 100,000 tasks, whose ids lie all over the card arena).
  func reuse(
    names: (Int) -> String, keys: [UUIDKey?], in folders: [String], fingerprints: [UInt64?]
  ) -> [Bool] {
    guard !verifies, let previous, !folders.isEmpty else { return fingerprints.map { _ in false } }
    var states = folders.map(folderState)
    func path(_ index: Int) -> String {
      let folder = folders[index % folders.count]
      return folder.isEmpty ? names(index / folders.count) : folder + "/" + names(index / folders.count)
    }
    let found = fingerprints.indices.map { index -> KeptLine? in
      guard let print = fingerprints[index] else { return nil }
      let (page, folder) = (index / folders.count, index % folders.count)
      let hint = states[folder].nextLine
      let atHint: Bool
      if hint < 0 || hint >= previous.count {
        atHint = false
      } else if let key = keys[page] {
        atHint = previous.path(hint, is: folders[folder], pageOf: key)
      } else {
        atHint = previous.path(hint, is: folders[folder], names(page))
      }
      guard let line = atHint ? hint : previous.line(of: path(index)) else { return nil }
      states[folder].nextLine = line + 1
      return keptLine(line, print: print, of: previous, in: states[folder], path: { path(index) }) { names(page) }
    }
    record(found, in: previous, path: path)
    return found.map { $0 != nil }
  }

  /// A kept page: its line in the old manifest and how the spare lists it.
  typealias KeptLine = (line: Int, spare: SiteManifest.Listing)

  /// What ``reuse(_:fingerprints:)`` knows of a folder of pages: whether it is as the last build left it (else its
  /// handle in the old site, where each page's stamp is looked at), and the manifest line after the last page found
  /// in it.
  struct FolderState {
    var unchanged: Bool
    var handle: FolderHandle?
    var nextLine = -1
  }

  func folderState(_ folder: String) -> FolderState {
    let unchanged = scan.isUnchanged(folder)
    return FolderState(unchanged: unchanged, handle: unchanged ? nil : oldFolder(folder))
  }

  /// Line `line` of the old manifest as the page at `path` (named `name` in `folder`) kept with fingerprint `print`:
  /// nil when the fingerprint differs, the page went missing, or (outside a folder as the last build left it) its
  /// stamp moved. `path` and `name` are made only when needed.
  func keptLine(
    _ line: Int, print: UInt64, of previous: SiteManifest, in folder: FolderState, path: () -> String,
    name: () -> String
  ) -> KeptLine? {
    guard previous.fingerprints[line] == print else { return nil }
    return intactLine(line, of: previous, in: folder, path: path, name: name)
  }

  /// Line `line` of the old manifest as its file is still the last build's: nil when it went missing or (outside a
  /// folder as the last build left it) its stamp moved.
  func intactLine(
    _ line: Int, of previous: SiteManifest, in folder: FolderState, path: () -> String, name: () -> String
  ) -> KeptLine? {
    guard scan.missing.isEmpty || !scan.missing.contains(path()) else { return nil }
    // In a folder as the last build left it, the page is the file that build stamped (an in-place edit is what
    // `--verify` is for); elsewhere its stamp is looked at.
    if !folder.unchanged {
      guard let recorded = previous.stamps[line], let live = folder.handle?.status(of: name()),
        SiteManifest.stamp(live) == recorded
      else { return nil }
    }
    // The spare's copy, rendered from the same inputs, is used in place when it is there.
    return (line, spareListings.isEmpty ? .absent : spareListings[line])
  }

  /// Records the pages `found` (by index, their old manifest's line and how the spare lists it) as kept, each once
  /// and only if this build did not write it; `path` names the one at an index, made only for a page linked later.
  func record(_ found: [KeptLine?], in previous: SiteManifest, path: (Int) -> String) {
    state.withLock { progress in
      if progress.reused.isEmpty { progress.reused = Array(repeating: false, count: previous.count) }
      for (index, match) in found.enumerated() {
        guard let match, !progress.reused[match.line],
          progress.writtenLines.isEmpty || !progress.writtenLines[match.line]
        else { continue }
        progress.reused[match.line] = true
        progress.reusedCount += 1
        progress.inPrevious += 1
        if match.spare != .absent { progress.inSpare += 1 }
        if match.spare == .sameFingerprint {
          progress.inPlace += 1
        } else {
          progress.unchanged.append(path(index))
        }
      }
    }
  }

  /// Removes the spare's files this build does not write from the staging folder, and folders left empty. Where
  /// the spare's manifest is the old site's, a line this build kept (`reused`) is not looked up.
  func removeSpareFiles(writtenInSpare: Int, reused: [Bool], isWritten: (String) -> Bool) {
    guard let spare, spare.count > writtenInSpare else { return }
    var emptied = Set<String>()
    var removed: [String] = []
    let byLine = spareIsPrevious && reused.count == spare.count
    for line in spare.paths.indices where !(byLine && reused[line]) {
      let path = spare.paths[line]
      guard !isWritten(path) else { continue }
      let (folder, name) = SiteManifest.split(path)
      existingStagingFolder(folder)?.unlink(name)
      removed.append(path)
      emptied.insert(folder)
    }
    state.withLock { $0.touched += removed }
    Self.removeEmptyFolders(emptied, in: staging)
  }

  /// Removes each of `folders` (relative to `root`) and then its parents, as long as they are empty.
  static func removeEmptyFolders(_ folders: Set<String>, in root: FolderHandle) {
    for folder in folders.sorted(by: >) where !folder.isEmpty {
      var current = Substring(folder)
      while !current.isEmpty {
        let (parent, name) = SiteManifest.split(String(current))
        guard let holder = root.openFolder(path: parent), holder.removeFolder(name) == 0 else { break }
        current = Substring(parent)
      }
    }
  }

  /// Throws the staging folder away; the old site is untouched. A taken-over spare is put back, without the files
  /// this build replaced in it.
  public func discard() {
    defer { lock.release() }
    // Someone who renamed the staging folder away gets nothing more done by name: the folder is left to them.
    guard Self.isSameFolder(parent, names.staging, stagingIdentity) else { return }
    let touched = state.withLock { $0.touched }
    // A spare whose manifest was read without its kept boards' lines cannot be listed again without them: once
    // touched, it goes.
    if let taken = spare, runs.isEmpty || touched.isEmpty {
      for path in touched {
        let (folder, name) = SiteManifest.split(path)
        existingStagingFolder(folder)?.unlink(name)
      }
      let manifest = touched.isEmpty ? taken : taken.removing(touched)
      if !touched.isEmpty {
        staging.unlink(SiteManifest.name)
      }
      if staging.status(of: SiteManifest.name) != nil
        || staging.replaceFile(SiteManifest.name, with: manifest.bytes, mode: 0o600),
        parent.rename(names.staging, to: parent, as: names.spare) == 0
      {
        return
      }
    }
    // A rebuild that changed nothing wrote nothing into it: removing an empty folder is then all it takes.
    parent.removeTree(names.staging)
  }

  /// What the spare keeps of the site a swap replaced: its files the new site has as the very same file
  /// (`shared`, by the old manifest's line). It is given the new site's manifest (`manifest`, already made) with
  /// the list of that manifest's files it does not hold (`absent`, as many as the build wrote anew), rather than a
  /// manifest of its own written line by line.
  struct SpareContents {
    var shared: [Bool]
    /// In pieces (``SiteManifest/segments(previous:reused:written:added:runs:key:)``).
    var manifest: [Data]
    var absent: [String]
    /// The stamp of the new site's manifest file as this build left it in the staging folder.
    var manifestStamp: UInt64?
  }

  /// Turns the site a swap replaced (now `name` in the site's parent) into the spare: its user files (linked into
  /// the new site) go, and so does every page that is not the very file the new site has at its path (``SpareContents``):
  /// the spare holds nothing the new site does not, so nothing the publish policy now hides stays beside the site.
  /// False, leaving it to be settled and deleted, when the user changed the old site while the build ran (a
  /// folder's stamp moved), a file cannot go, or the name is no longer the old site.
  func keepAsSpare(_ name: String, spare contents: SpareContents) -> Bool {
    guard previous != nil, Self.isSameFolder(parent, name, oldIdentity), let old = parent.openFolder(name),
      Self.identity(of: old.descriptor) == oldIdentity
    else { return false }
    // Readable by the builder only, like the staging folder, before anything else is done with it.
    guard old.setMode(0o700) == 0 else { return false }
    for (folder, entry) in scan.found {
      guard let handle = old.openFolder(path: folder), SiteFolders.Stamp(handle) == entry.stamp else { return false }
    }
    for file in scan.userFiles {
      let (folder, fileName) = SiteManifest.split(file)
      guard let handle = old.openFolder(path: folder) else { return false }
      guard handle.unlink(fileName) == 0 || errno == ENOENT else { return false }
    }
    let pmboardFolders = previousFolders
    for folder in scan.folders.reversed() where !pmboardFolders.contains(folder) {
      let (holder, folderName) = SiteManifest.split(folder)
      guard let handle = old.openFolder(path: holder), handle.removeFolder(folderName) == 0 else { return false }
    }
    guard prune(old, keeping: contents) else { return false }
    // Recorded as it is now, so that the next build trusts what did not change since (``SpareRecord``).
    let clock = POSIX.fileClock()
    _ = SpareRecord.write(old, folders: previousFolders, time: (clock.seconds - 2, clock.nanoseconds))
    parent.removeTree(names.spare)
    return parent.rename(name, to: parent, as: names.spare) == 0
  }

  /// Removes the old site's pages `contents.shared` does not flag, only inside folders the scan found to be folders
  /// (never through a link the user put in a folder's place), and folders left empty; then gives it the new site's
  /// manifest and the list of what of it the spare does not hold.
  private func prune(_ old: FolderHandle, keeping contents: SpareContents) -> Bool {
    guard let previous else { return false }
    var emptied = Set<String>()
    var handles: [String: FolderHandle?] = [:]
    var doomed: [(folder: FolderHandle, name: String)] = []
    for line in previous.paths.indices where !contents.shared[line] {
      let (folder, name) = SiteManifest.split(previous.paths[line])
      guard scan.found[folder] != nil else { continue }
      let handle: FolderHandle?
      if let known = handles[folder] {
        handle = known
      } else {
        handle = old.openFolder(path: folder)
        handles[folder] = handle
      }
      guard let handle else { return false }
      doomed.append((handle, name))
      emptied.insert(folder)
    }
    // On every core: the pages that change with any change (the board's JSON, calendars, whole columns) are
    // megabytes each at 100,000 tasks, and the kernel frees their memory as the last link goes.
    let files = doomed
    let slices = files.count < 8 ? 1 : 2
    let removedAll = concurrentMap(slices) { slice in
      stride(from: slice, to: files.count, by: slices).allSatisfy { index in
        files[index].folder.unlink(files[index].name) == 0 || errno == ENOENT
      }
    }
    guard removedAll.allSatisfy({ $0 }) else { return false }
    handles = [:]
    Self.removeEmptyFolders(emptied, in: old)
    old.unlink(SiteManifest.name)
    let absent = Data(contents.absent.map { $0 + "\n" }.joined().utf8)
    guard
      linkLiveManifest(into: old, stamp: contents.manifestStamp)
        || old.replaceFile(SiteManifest.name, with: SiteManifest.joined(contents.manifest), mode: 0o600),
      contents.absent.isEmpty || old.replaceFile(SpareRecord.absentName, with: absent, mode: 0o600)
    else { return false }
    if let live = contents.manifestStamp, let copy = old.status(of: SiteManifest.name).flatMap(SiteManifest.stamp) {
      old.replaceFile(SpareRecord.twinName, with: SpareRecord.twinBytes(live: live, spare: copy), mode: 0o600)
    }
    return true
  }
}

extension SiteWriter {
  /// Gives the spare `old` the live site's manifest as a hard link, while the live one is still the file this
  /// build wrote (`stamp`): the same bytes, not written twice (22 MB for ten 10,000-task boards). Neither is ever
  /// written in place: a build replaces its staging folder's manifest (``FolderHandle/createFile(_:mode:)``).
  fileprivate func linkLiveManifest(into old: FolderHandle, stamp: UInt64?) -> Bool {
    guard let stamp, let live = parent.openFolder(names.site),
      live.status(of: SiteManifest.name).flatMap(SiteManifest.stamp) == stamp,
      live.link(SiteManifest.name, to: old, as: SiteManifest.name) == 0
    else { return false }
    guard old.status(of: SiteManifest.name).flatMap(SiteManifest.stamp) == stamp else {
      old.unlink(SiteManifest.name)
      return false
    }
    return true
  }
}

extension SiteManifest {
  /// Every folder that holds a listed file, and their parents.
  var folders: Set<String> { parsedFolders ?? Self.folders(containing: paths) }

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
    return withParents(Set(parents.map(String.init)))
  }

  /// `folders` and all their parents.
  static func withParents(_ folders: Set<String>) -> Set<String> {
    var all = Set<String>()
    for parent in folders {
      var current = Substring(parent)
      while !current.isEmpty, all.insert(String(current)).inserted {
        current = current.utf8.lastIndex(of: UInt8(ascii: "/")).map { current[..<$0] } ?? ""
      }
    }
    return all
  }
}
