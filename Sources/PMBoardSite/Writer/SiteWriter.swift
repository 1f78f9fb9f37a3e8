import CSystemShim
import Foundation
import PMBoardBytes
import PMBoardCore
import Synchronization

/// The "write the site" stage. Files go into a fresh directory beside `--out`; `commit()` swaps it in with one
/// rename, so readers see either the old site or the new one, never a mix. Files whose bytes did not change are
/// hard-linked from the old site, keeping their modification time for rsync and CDNs.
///
/// Everything is done through folder handles (``FolderHandle``): the folder that holds `--out` is opened once,
/// the staging folder is made `0700` and opened once, and every file and folder below it is reached one component
/// at a time without following a link. Someone who can rename entries beside the site (a group-writable web root
/// without the sticky bit) can move the staging folder away or put a link in its place while a build runs: the
/// build still writes only into the folder it made, and the swap checks that each name is still the folder it
/// means (same inode) right before it renames. Before anything is made, ``OutFolderTrust`` refuses a site whose
/// folders, links or build files another user controls, since they could point the build elsewhere.
///
/// One writer at a time per site: a writer holds an exclusive lock beside the site from `init` until it is
/// released, so a second build into the same `--out` (cron overlapping a slow build, two CI jobs) waits for the
/// first instead of deleting its staging folder. When `--out` is a symbolic link, the site is built and swapped
/// beside the link's target and the link stays.
public final class SiteWriter: Sendable {
  /// The site folder as given (`--out`).
  public let out: URL
  /// Paths of the real site folder (a symbolic link's target), the staging folder beside it, and the place the
  /// old site is parked after a swap, for messages and for reading the old site; nothing is written by path.
  let outPath: String
  let stagingPath: String
  let asidePath: String
  /// The folder that holds the site, opened once, and the names of the site and the folders kept beside it.
  let parent: FolderHandle
  let names: SiteNames
  /// The staging folder, made by this build (or the spare it took over) and opened once; all writes go below it.
  let staging: FolderHandle
  let stagingIdentity: FileIdentity
  /// The live site as this build found it (nil when there is none): where kept pages are read and linked from.
  let old: FolderHandle?
  let oldIdentity: FileIdentity?
  /// Folders below the staging folder and the old site, opened once each (by path relative to the site).
  let stagingFolders = Mutex<[String: FolderHandle]>([:])
  let oldFolders = Mutex<[String: FolderHandle?]>([:])
  /// The old site's manifest: the files pmboard wrote there and their fingerprints; nil when there is no old site.
  let previous: SiteManifest?
  /// The old site's folders and user files, reading only the folders that changed since the last build.
  let scan: SiteScan
  /// The user's links in the old site that lead outside it (``linksLeavingSite(_:site:)``): not carried over.
  let linksLeaving: Set<String>
  /// Where the last build's knowledge of the site's folders is kept (``SiteFolders``).
  let foldersPath: String
  /// The spare's manifest when the staging folder is the spare taken over; nil when it started empty.
  let spare: SiteManifest?
  /// How the spare lists each of ``previous``'s files (a file it lists but lost, to a planted entry it cleared, as
  /// another fingerprint); empty without a spare.
  let spareListings: [SiteManifest.Listing]
  /// Whether the spare's manifest is the old site's, line for line (the same bytes).
  let spareIsPrevious: Bool
  /// The folders that hold a file the old site's manifest lists, and their parents.
  let previousFolders: Set<String>
  /// The boards kept whole whose lines ``previous`` leaves out, unread (``SiteManifest/KeptRun``); each must be kept
  /// by ``keep(folder:)``.
  let runs: [SiteManifest.KeptRun]
  /// The files the spare's manifest lists that the spare lacks (what the last build wrote anew).
  let spareAbsent: Set<String>
  /// A verifying build (`build --verify`) keeps no page by the fingerprint of its inputs: every page is rendered
  /// and compared byte for byte with the live one, so a page edited in place (which moves no folder's time, and
  /// with its modification time put back, no stamp either) is written again.
  let verifies: Bool
  /// Lines for stderr about where the site lives (with `--shared-out`, what another user could change there).
  public let warnings: [String]
  let state = Mutex(Progress())
  let lock: SiteLock
  /// How `commit` swaps; the two-rename fallback is what file systems without `RENAME_EXCHANGE` get.
  let swap: Swap

  /// The names beside the site: `.NAME.pmboard-staging-PID`, `-previous`, `-spare`, `-lock`, `-folders`.
  struct SiteNames: Sendable {
    let site: String
    let staging: String
    let aside: String
    let spare: String
    let stagingPrefix: String

    init(site: String) {
      self.site = site
      stagingPrefix = "." + site + ".pmboard-staging-"
      staging = stagingPrefix + String(getpid())
      aside = "." + site + ".pmboard-previous"
      spare = "." + site + ".pmboard-spare"
    }
  }

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
    /// By line of the old site's manifest, whether this build wrote its file (empty until one is): what a page
    /// kept by its fingerprint must not be, looked up without hashing its path.
    var writtenLines: [Bool] = []
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

    /// The boards' folders kept whole, whose ``SiteWriter/runs`` go into the manifest as they were.
    var wholeFolders: Set<String> = []

    /// Fingerprints kept for files not written yet.
    var early: [String: UInt64] = [:]

    /// Counts `path` as written, once, with its stamp.
    mutating func add(_ path: String, stamp: UInt64?, previous: SiteManifest?, spare: SiteManifest?) {
      let file = SiteManifest.Entry(fingerprint: early.removeValue(forKey: path), stamp: stamp)
      guard written.updateValue(file, forKey: path) == nil else { return }
      if let previous, let line = previous.line(of: path) {
        inPrevious += 1
        if writtenLines.isEmpty { writtenLines = Array(repeating: false, count: previous.count) }
        writtenLines[line] = true
      } else {
        newPaths.append(path)
      }
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

  /// Prepares a staging directory; refuses an `out` that pmboard did not make, or whose folders another user
  /// controls (``OutFolderTrust``, checked before anything is made). `waiting` is called once if another build
  /// holds the site and this one has to wait for it. A verifying build (`verify`) trusts no kept page without
  /// comparing its bytes.
  public convenience init(
    out: URL, trust: OutFolderTrust = OutFolderTrust(), verify: Bool = false, waiting: () -> Void = {}
  ) throws(SiteWriteError) {
    try self.init(out: out, swap: .exchange, trust: trust, verify: verify, waiting: waiting)
  }

  /// `whole`: the boards of a many-board site the build will keep whole if it can (``keep(folder:)``), by folder,
  /// as the last build's records describe their lines.
  init(
    out: URL, swap: Swap, trust: OutFolderTrust = OutFolderTrust(), verify: Bool = false,
    whole: [String: SiteManifest.RunShape] = [:], waiting: () -> Void = {}
  ) throws(SiteWriteError) {
    self.out = out.standardizedFileURL
    self.swap = swap
    verifies = verify
    let trustWarnings = try trust.check(self.out.path)
    let real = try Self.resolveLinks(self.out.path)
    outPath = real
    let parentPath = (real as NSString).deletingLastPathComponent
    names = SiteNames(site: (real as NSString).lastPathComponent)
    try? FileManager.default.createDirectory(atPath: parentPath, withIntermediateDirectories: true)
    guard let parent = FolderHandle(path: parentPath) else {
      throw .io(real, "cannot open the folder that holds it: \(POSIX.lastErrorText)")
    }
    self.parent = parent
    lock = try SiteLock(
      in: parent, name: "." + names.site + ".pmboard-lock", path: parentPath, site: self.out.path, waiting: waiting)
    asidePath = parentPath + "/" + names.aside
    stagingPath = parentPath + "/" + names.staging
    foldersPath = Self.foldersRecordPath(site: real)
    try Self.recoverInterruptedSwap(in: parent, names: names, outPath: real)
    (old, oldIdentity) = try Self.openLiveSite(in: parent, name: names.site, path: real)
    // Under the lock no other build is running, so any staging folder left here belongs to a killed one.
    for stale in parent.entries() where stale.name.hasPrefix(names.stagingPrefix) {
      parent.removeTree(stale.name)
    }
    let found = try Self.takeOver(
      site: real, old: old, parent: parent, names: names, foldersPath: foldersPath, whole: verify ? [:] : whole)
    previous = found.previous
    previousFolders = found.folders
    scan = found.scan
    runs = found.runs
    let leaving = Self.linksLeavingSite(scan.userFiles, site: real)
    linksLeaving = Set(leaving.map(\.entry))
    warnings =
      trustWarnings
      + leaving.map { Self.leavingLinkWarning($0.entry, target: $0.target, site: out.standardizedFileURL.path) }
    let taken = found.taken
    spare = taken?.manifest
    spareAbsent = taken?.absent ?? []
    spareIsPrevious = taken != nil && found.same
    if let previous, let spare {
      spareListings =
        found.same
        ? (taken?.present ?? []).map { $0 ? .sameFingerprint : .otherFingerprint }
        : previous.listings(in: spare, present: taken?.present)
    } else {
      spareListings = []
    }
    if previous == nil {
      // A spare without a site is left from a site the user deleted; it no longer matches anything.
      parent.removeTree(names.spare)
      SiteFolders.remove(at: foldersPath)
    }
    let made: FolderHandle
    if let taken {
      made = taken.folder
    } else {
      made = try Self.makeStaging(in: parent, name: names.staging, path: stagingPath)
    }
    staging = made
    guard let identity = Self.identity(of: made.descriptor) else { throw .io(stagingPath, POSIX.lastErrorText) }
    stagingIdentity = identity
  }

  /// Makes the staging folder `name` in `parent`, readable by the builder only until it is published (it may hold
  /// what the publish policy hides), and opens it; refuses anything that is not the empty folder this build made
  /// (someone renamed another folder to its name between the two calls).
  static func makeStaging(in parent: FolderHandle, name: String, path: String) throws(SiteWriteError) -> FolderHandle {
    guard parent.makeFolder(name, mode: 0o700) == 0, let folder = parent.openFolder(name) else {
      throw .io(path, POSIX.lastErrorText)
    }
    guard let info = folder.status(), info.st_uid == geteuid(), info.st_mode & 0o077 == 0, folder.entries().isEmpty
    else {
      throw .io(path, "the staging folder was replaced as it was made; check who can write beside the site")
    }
    return folder
  }

  /// The live site `name` in `parent`, opened without following a link, and its identity; none when there is no
  /// site yet.
  private static func openLiveSite(
    in parent: FolderHandle, name: String, path: String
  ) throws(SiteWriteError) -> (FolderHandle?, FileIdentity?) {
    guard let info = parent.status(of: name) else { return (nil, nil) }
    guard info.st_mode & S_IFMT == S_IFDIR, let folder = parent.openFolder(name) else { throw .notADirectory(path) }
    return (folder, identity(of: folder.descriptor))
  }

  /// The files pmboard wrote into the site at `path` last time; nil when there is no site yet, empty for an empty
  /// folder the user made for it.
  static func previousManifest(
    _ path: String, old: FolderHandle?, manifest: SiteManifest?
  ) throws(SiteWriteError) -> SiteManifest? {
    guard let old else { return nil }
    if let manifest { return manifest }
    if let found = old.status(of: SiteManifest.name), found.st_mode & S_IFMT != S_IFREG {
      throw .io(
        path,
        "its \(SiteManifest.name) is not a regular file (a FIFO, folder or link put there by hand), so pmboard "
          + "cannot tell its pages from yours; delete the site folder and build again, or choose another --out")
    }
    guard old.entries().isEmpty else {
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

  /// Creates `path` in the staging directory, with its folders; whatever the staging folder held there (a spare's
  /// file, which may be a hard link to the live site's page) is replaced, never written into.
  func create(_ path: String) throws(SiteWriteError) -> Int32 {
    let (folder, name) = SiteManifest.split(path)
    let handle = try stagingFolder(folder)
    if spare != nil { state.withLock { $0.touched.append(path) } }
    let descriptor = handle.createFile(name)
    guard descriptor >= 0 else { throw .io(stagingFile(path), POSIX.errorText(errno)) }
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
