import CSystemShim
import Foundation
import PMBoardBytes
import PMBoardCore
import Synchronization

/// The "write the site" stage. Files go into a fresh directory beside `--out`; `commit()` swaps it in with one
/// rename, so readers see either the old site or the new one, never a mix. Files whose bytes did not change are
/// hard-linked from the old site, keeping their modification time for rsync and CDNs.
///
/// One writer at a time per site: a writer holds an exclusive lock beside the site from `init` until it is
/// released, so a second build into the same `--out` (cron overlapping a slow build, two CI jobs) waits for the
/// first instead of deleting its staging folder. When `--out` is a symbolic link, the site is built and swapped
/// beside the link's target and the link stays.
public final class SiteWriter: Sendable {
  /// The site folder as given (`--out`).
  public let out: URL
  /// Paths of the real site folder (a symbolic link's target), the staging folder beside it, and the place the
  /// old site is parked after a swap until its user files are moved over. Per-file paths are joined as strings,
  /// because `URL.appendingPathComponent` stats the result, and a stat waits for the directory lock while the
  /// other thread creates a file there.
  let outPath: String
  let stagingPath: String
  let asidePath: String
  /// The old site's manifest: the files pmboard wrote there and their fingerprints; nil when there is no old site.
  let previous: SiteManifest?
  /// The old site's folders and user files, reading only the folders that changed since the last build.
  let scan: SiteScan
  /// Where the last build's knowledge of the site's folders is kept (``SiteFolders``).
  let foldersPath: String
  /// Where the site before the old one is kept after a swap, so the next build can update it in place of
  /// assembling a whole staging folder (see ``SiteWriter+Spare``).
  let sparePath: String
  /// The spare's manifest when the staging folder is the spare taken over; nil when it started empty.
  let spare: SiteManifest?
  /// The inode of each of the spare's files, by its manifest's line (0 for none).
  let spareInodes: [UInt64]
  /// How the spare lists each of ``previous``'s files; empty without a spare.
  let spareListings: [SiteManifest.Listing]
  /// The folders that hold a file the old site's manifest lists, and their parents.
  let previousFolders: Set<String>
  let state = Mutex(Progress())
  let lock: SiteLock
  /// How `commit` swaps; the two-rename fallback is what file systems without `RENAME_EXCHANGE` get.
  let swap: Swap

  enum Swap: Sendable {
    case exchange
    case twoRenames
    /// The two renames with the second failing (the staging folder gone), as a full or failing disk can make it;
    /// the fallback's recovery is otherwise unreachable from a test.
    case twoRenamesSecondFailing
  }

  struct Progress {
    /// Every file this build wrote but did not keep by its fingerprint, with the fingerprint of its inputs (nil
    /// when it has none) and its ``SiteManifest/stamp(_:)`` as it will be in the new site: one entry a file, as a
    /// second dictionary keyed by path cost 6 % more instructions of a 10,000-task build (hashing the paths).
    var written: [String: SiteManifest.Entry] = [:]
    /// The old manifest's lines whose pages this build kept by their fingerprint (``SiteWriter/reuse(_:fingerprints:)``),
    /// as flags by line: a big board keeps hundreds of thousands, and a dictionary of their paths cost more.
    var reused: [Bool] = []
    var reusedCount = 0
    /// Written files the old site's manifest does not list.
    var newPaths: [String] = []
    /// How many written files the old site's manifest, and the spare's, list.
    var inPrevious = 0
    var inSpare = 0
    /// Files identical to the old site's: linked from it at commit, and only if anything changed at all.
    var unchanged: [String] = []
    /// The old file each unchanged path was compared with: a later copy from it checks it is still that file.
    var comparedFiles: [String: FileIdentity] = [:]
    var bytes = 0
    /// Files the staging folder (the spare taken over) already holds as this build wants them.
    var inPlace = 0
    /// Spare files this build replaced or removed: a build that fails takes them out of the spare's manifest.
    var touched: [String] = []

    /// Fingerprints kept for files not written yet.
    var early: [String: UInt64] = [:]

    /// Counts `path` as written, once, with its stamp.
    mutating func add(_ path: String, stamp: UInt64?, previous: SiteManifest?, spare: SiteManifest?) {
      let file = SiteManifest.Entry(fingerprint: early.removeValue(forKey: path), stamp: stamp)
      guard written.updateValue(file, forKey: path) == nil else { return }
      if previous?.contains(path) == true { inPrevious += 1 } else { newPaths.append(path) }
      if spare?.contains(path) == true { inSpare += 1 }
    }
  }

  /// What a build wrote.
  public struct Summary: Sendable {
    public var files: Int
    public var changed: Int
    public var removed: Int
    public var bytes: Int
    public var kept: [String]
  }

  /// Prepares a staging directory; refuses an `out` that pmboard did not make. `waiting` is called once if
  /// another build holds the site and this one has to wait for it.
  public convenience init(out: URL, waiting: () -> Void = {}) throws(SiteWriteError) {
    try self.init(out: out, swap: .exchange, waiting: waiting)
  }

  init(out: URL, swap: Swap, waiting: () -> Void = {}) throws(SiteWriteError) {
    self.out = out.standardizedFileURL
    self.swap = swap
    let real = try Self.resolveLinks(self.out.path)
    outPath = real
    let parent = (real as NSString).deletingLastPathComponent
    let name = (real as NSString).lastPathComponent
    lock = try SiteLock(path: parent + "/." + name + ".pmboard-lock", site: self.out.path, waiting: waiting)
    asidePath = parent + "/." + name + ".pmboard-previous"
    sparePath = parent + "/." + name + ".pmboard-spare"
    foldersPath = Self.foldersRecordPath(site: real)
    try Self.recoverInterruptedSwap(outPath: real, asidePath: asidePath)
    // A big board's two manifests list hundreds of thousands of pages each: read side by side.
    let (site, spareSite) = (real, sparePath)
    let manifests = concurrentMap(2) { $0 == 0 ? SiteManifest(liveSite: site) : SiteManifest(site: spareSite) }
    previous = try Self.previousManifest(real, manifest: manifests[0])
    previousFolders = previous?.folders ?? []
    if let previous {
      scan = SiteScan(root: real, manifest: previous, record: SiteFolders(contentsOf: foldersPath))
    } else {
      scan = SiteScan()
    }
    // Under the lock no other build is running, so any staging folder left here belongs to a killed one.
    let prefix = "." + name + ".pmboard-staging-"
    for stale in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] where stale.hasPrefix(prefix) {
      Self.removeTree(parent + "/" + stale)
    }
    stagingPath = parent + "/" + prefix + String(getpid())
    let taken = previous == nil ? nil : Self.takeSpare(sparePath, manifest: manifests[1], to: stagingPath)
    spare = taken?.manifest
    spareInodes = taken?.inodes ?? []
    if let previous, let spare {
      spareListings = previous.listings(in: spare)
    } else {
      spareListings = []
    }
    if previous == nil {
      // A spare without a site is left from a site the user deleted; it no longer matches anything.
      Self.removeTree(sparePath)
      SiteFolders.remove(at: foldersPath)
    }
    guard spare == nil else { return }
    do {
      // Readable by the builder only until it is published: it may hold what the publish policy hides.
      try FileManager.default.createDirectory(
        atPath: stagingPath, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw .io(stagingPath, SystemErrorText.reason(error))
    }
  }

  /// The files pmboard wrote into the site at `path` last time; nil when there is no site yet, empty for an empty
  /// folder the user made for it.
  private static func previousManifest(
    _ path: String, manifest: SiteManifest?
  ) throws(SiteWriteError) -> SiteManifest? {
    guard let info = POSIX.linkStatus(path) else { return nil }
    guard info.st_mode & S_IFMT == S_IFDIR else { throw .notADirectory(path) }
    if let manifest { return manifest }
    guard ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).isEmpty else {
      throw .foreignDirectory(path)
    }
    return SiteManifest()
  }

  /// `path` with every symbolic link along it followed, including a final link whose target does not exist yet
  /// (the site is then created there).
  static func resolveLinks(_ path: String) throws(SiteWriteError) -> String {
    var current = path
    for _ in 0..<40 {
      let parent = (current as NSString).deletingLastPathComponent
      let name = (current as NSString).lastPathComponent
      let realParent = URL(fileURLWithPath: parent).resolvingSymlinksInPath().path
      let joined = (realParent as NSString).appendingPathComponent(name)
      guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: joined) else { return joined }
      current = target.hasPrefix("/") ? target : (realParent as NSString).appendingPathComponent(target)
      current = URL(fileURLWithPath: current).standardizedFileURL.path
    }
    throw .io(path, "too many levels of symbolic links")
  }

  /// Writes one file (relative path with `/`); safe to call from several tasks at once.
  public func write(_ path: String, _ bytes: [UInt8]) throws(SiteWriteError) {
    try write(path, bytes.span)
  }

  /// Writes one file from a span of bytes; safe to call from several tasks at once.
  public func write(_ path: String, _ bytes: Span<UInt8>) throws(SiteWriteError) {
    try write(path) { emit in emit(bytes) }
  }

  /// Creates `path` in the staging directory, with its folders.
  func create(_ path: String) throws(SiteWriteError) -> Int32 {
    let target = stagingFile(path)
    // The spare's file may be a hard link to the live site's: writing into it would change the live page.
    if spare != nil { replacing(path, target) }
    var descriptor = POSIX.open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    if descriptor < 0, errno == ENOENT {
      makeFolders(for: target)
      descriptor = POSIX.open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    }
    guard descriptor >= 0 else { throw .io(target, POSIX.errorText(errno)) }
    return descriptor
  }

  static func writeAll(_ descriptor: Int32, _ bytes: Span<UInt8>, path: String) throws(SiteWriteError) {
    if let code = POSIX.writeAll(descriptor, bytes) { throw .io(path, POSIX.errorText(code)) }
  }

  /// Where the record of the folders of the site at `site` (a real path) is kept.
  static func foldersRecordPath(site: String) -> String {
    let parent = (site as NSString).deletingLastPathComponent
    return parent + "/." + (site as NSString).lastPathComponent + ".pmboard-folders"
  }

  /// `path` in the staging directory.
  func stagingFile(_ path: String) -> String {
    stagingPath + "/" + path
  }

  /// Makes the folders `target` (a staging path) needs, once the first file there finds them missing.
  func makeFolders(for target: String) {
    let folder = (target as NSString).deletingLastPathComponent
    if folder.count > stagingPath.count {
      try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
  }

  /// Keeps `fingerprint` of the inputs of `path`, a page this build rendered, for the next build.
  public func keep(fingerprint: UInt64, for path: String) {
    state.withLock {
      if $0.written[path] != nil { $0.written[path]?.fingerprint = fingerprint } else { $0.early[path] = fingerprint }
    }
  }

  /// Records `path` as written in `progress`, with its stamp.
  func add(_ path: String, stamp: UInt64?, to progress: inout Progress) {
    progress.add(path, stamp: stamp, previous: previous, spare: spare)
  }
}
