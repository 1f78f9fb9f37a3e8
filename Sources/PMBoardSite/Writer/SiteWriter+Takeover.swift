import Foundation
import PMBoardBytes

/// What a writer takes over of the old site: its manifest (without the lines of the boards it keeps whole), the scan
/// of its folders, and the spare. A board of many whose key did not change is kept whole when its folders are as
/// the last build left them, in the live site and in the spare: its lines are then neither parsed nor looked at, and
/// its files are the spare's (the very files of the live site), so a rebuild of one board of ten costs about what
/// the board alone costs.
extension SiteWriter {
  /// The old site as a writer found it (``takeOver(site:old:parent:names:foldersPath:whole:)``).
  struct Takeover {
    var previous: SiteManifest?
    var folders: Set<String>
    var scan: SiteScan
    var taken: (folder: FolderHandle, manifest: SiteManifest, present: [Bool], absent: Set<String>)?
    var same: Bool
    var runs: [SiteManifest.KeptRun]
  }

  /// Reads the old site's manifests, scans its folders and takes the spare over, keeping the boards `whole` (by
  /// folder) out of the manifest read when it can; when a kept board turns out not to be as the last build left it,
  /// everything is read again, without them (and without the spare, when it was already taken).
  static func takeOver(
    site: String, old: FolderHandle?, parent: FolderHandle, names: SiteNames, foldersPath: String,
    whole: [String: SiteManifest.RunShape]
  ) throws(SiteWriteError) -> Takeover {
    let record = SiteFolders(contentsOf: foldersPath)
    let candidates = wholeCandidates(whole, site: site, record: record, spare: parent.openFolder(names.spare))
    let attempt = { (kept: [String: SiteManifest.RunShape]) throws(SiteWriteError) -> Takeover? in
      try takeOver(
        site: site, old: old, parent: parent, names: names, record: record, kept: kept,
        spareStamps: candidates.spareStamps)
    }
    if !candidates.shapes.isEmpty, let found = try attempt(candidates.shapes) { return found }
    guard let found = try attempt([:]) else { throw .io(site, "cannot read the old site's manifest") }
    return found
  }

  /// The boards of `whole` whose every folder has the stamp the last build recorded, in the live site (`record`) and
  /// in the spare (its own record), with those stamps in the spare: none without a spare.
  private static func wholeCandidates(
    _ whole: [String: SiteManifest.RunShape], site: String, record: SiteFolders, spare: FolderHandle?
  ) -> (shapes: [String: SiteManifest.RunShape], spareStamps: [String: SiteFolders.Stamp]) {
    guard !whole.isEmpty, let spare else { return ([:], [:]) }
    let spareRecord = SpareRecord.read(in: spare)
    var (shapes, stamps) = ([String: SiteManifest.RunShape](), [String: SiteFolders.Stamp]())
    for (board, shape) in whole where shape.folders.contains(board) {
      var found: [String: SiteFolders.Stamp] = [:]
      for folder in shape.folders {
        guard let live = record.byPath[folder], SiteFolders.Stamp(folder: site + "/" + folder) == live.stamp,
          let kept = spareRecord.byPath[folder]?.stamp,
          spare.openFolder(path: folder).flatMap({ SiteFolders.Stamp($0) }) == kept
        else { break }
        found[folder] = kept
      }
      guard found.count == shape.folders.count else { continue }
      shapes[board] = shape
      stamps.merge(found) { first, _ in first }
    }
    return (shapes, stamps)
  }

  /// One attempt of ``takeOver(site:old:parent:names:foldersPath:whole:)`` keeping the boards `kept` whole; nil when
  /// one of them cannot be (the spare, if taken, removed).
  private static func takeOver(
    site: String, old: FolderHandle?, parent: FolderHandle, names: SiteNames, record: SiteFolders,
    kept: [String: SiteManifest.RunShape], spareStamps: [String: SiteFolders.Stamp]
  ) throws(SiteWriteError) -> Takeover? {
    let sparePath = (site as NSString).deletingLastPathComponent + "/" + names.spare
    let manifests = readManifests(site: site, spare: sparePath, kept: kept)
    if !kept.isEmpty, manifests.runs.isEmpty { return nil }
    let previous = try previousManifest(site, old: old, manifest: manifests.live)
    let runs = manifests.runs
    let folders = (previous?.folders ?? []).union(SiteManifest.withParents(Set(runs.flatMap(\.shape.folders))))
    let scan = previous.map { SiteScan(root: site, manifest: $0, record: record) } ?? SiteScan()
    // A folder that moved since the check above: its entries would be looked up in lines not read.
    if runs.contains(where: { $0.shape.folders.contains { !scan.isUnchanged($0) } }) { return nil }
    // The spare's folders are the live site's when it keeps the same manifest: worked out once (400,000 paths).
    let taken =
      previous == nil
      ? nil
      : takeSpare(in: parent, names: names, manifest: manifests.spare, folders: manifests.same ? folders : nil)
    if !runs.isEmpty {
      // Each kept board's folders in the spare still as it recorded them: nothing in them was cleared.
      let intact = runs.allSatisfy { run in
        run.shape.folders.allSatisfy { folder in
          taken?.folder.openFolder(path: folder).flatMap { SiteFolders.Stamp($0) } == spareStamps[folder]
        }
      }
      guard taken != nil, manifests.same, intact else {
        if taken != nil { parent.removeTree(names.staging) }
        return nil
      }
    }
    return Takeover(
      previous: previous, folders: folders, scan: scan, taken: taken, same: manifests.same, runs: runs)
  }

  /// The live site's manifest (with its stamps) and the spare's, and whether they are the same bytes.
  static func readManifests(site: String, spare: String) -> (live: SiteManifest?, spare: SiteManifest?, same: Bool) {
    let found = readManifests(site: site, spare: spare, kept: [:])
    return (found.live, found.spare, found.same)
  }

  /// The manifests as ``readManifests(site:spare:)`` reads them, without the lines of the boards `kept` (by
  /// folder) when both are the same bytes and each kept board's lines are one run as the last build wrote them:
  /// those runs are `runs` (none when a board's cannot be kept: every line is then read).
  ///
  /// The spare keeps the manifest of the site that replaced it (``SpareContents``), so after a rebuild the two
  /// files are the same bytes: read once then. A big board's manifest lists hundreds of thousands of pages; two
  /// different ones are read side by side.
  static func readManifests(
    site: String, spare: String, kept: [String: SiteManifest.RunShape]
  ) -> (live: SiteManifest?, spare: SiteManifest?, same: Bool, runs: [SiteManifest.KeptRun]) {
    // One set of bytes read once for both: the live manifest takes its stamps, the spare's copy none.
    func both(_ bytes: Data) -> (live: SiteManifest?, spare: SiteManifest?, same: Bool, runs: [SiteManifest.KeptRun]) {
      if !kept.isEmpty, let stamps = SiteManifest.keptStamps(site: site),
        let split = SiteManifest.splitting(bytes, kept: kept, stamps: stamps)
      {
        var manifest = split.manifest
        let spareManifest = manifest
        manifest.setStamps(split.stamps)
        return (manifest, spareManifest, true, split.runs)
      }
      var manifest = SiteManifest(bytes: bytes)
      let spareManifest = manifest
      manifest.readStamps(site: site)
      return (manifest, spareManifest, true, [])
    }
    // The spare's copy is known to be the live file's bytes while both files keep the stamps it recorded: the
    // live file is stamped by the descriptor its bytes are read from.
    if let twin = POSIX.regularFileContents(spare + "/" + SpareRecord.twinName, upTo: 64),
      let copy = SiteManifest.stamp(ofFile: spare + "/" + SiteManifest.name),
      let (bytes, live) = Self.contentsAndStamp(site + "/" + SiteManifest.name),
      twin == SpareRecord.twinBytes(live: live, spare: copy)
    {
      return both(bytes)
    }
    let files = concurrentMap(2) { POSIX.regularFileContents(($0 == 0 ? site : spare) + "/" + SiteManifest.name) }
    guard let live = files[0] else { return (nil, files[1].map { SiteManifest(bytes: $0) }, false, []) }
    if let spareBytes = files[1], spareBytes == live { return both(live) }
    let read = concurrentMap(2) { index in
      if index == 1 { return files[1].map { SiteManifest(bytes: $0) } }
      var manifest = SiteManifest(bytes: live)
      manifest.readStamps(site: site)
      return manifest
    }
    return (read[0], read[1], false, [])
  }

  /// The bytes of the regular file at `path` and its stamp, both from one descriptor, the stamp taken after the
  /// read (a write while it read moves it).
  private static func contentsAndStamp(_ path: String) -> (Data, UInt64)? {
    let descriptor = POSIX.openRegularFile(path)
    guard descriptor >= 0 else { return nil }
    defer { POSIX.close(descriptor) }
    guard let bytes = POSIX.readToEnd(descriptor),
      let stamp = POSIX.status(ofDescriptor: descriptor).flatMap(SiteManifest.stamp)
    else { return nil }
    return (bytes, stamp)
  }
}
