import CSystemShim
import Foundation
import PMBoardBytes

/// Who may control the folders a build writes through, checked before anything is made or read, as sshd's
/// StrictModes checks the folders above a user's keys. Whoever can rename entries in a folder on the way to `--out`
/// (or owns it, or a link on the way) can point the next build elsewhere: into a folder of theirs, which then
/// receives the site's own files, or onto another site, whose pages the build replaces. So every folder the path
/// goes through, the site folder, and the build's files beside it (`.NAME.pmboard-*`) must be owned by an accepted
/// owner and writable by no one else, unless the folder has the sticky bit (as `/tmp`), which keeps others from
/// renaming what is not theirs. A link is followed only when the builder or root owns it.
///
/// Accepted owners are the builder, root, and the owner of each store file and of the folder that holds it: they
/// can replace the board anyway, and a container job (root in a workspace another uid owns) needs them.
/// `shared-out: true` (`--shared-out`) says the folder is shared on purpose: what is found is then one warning,
/// not a refusal.
public struct OutFolderTrust: Sendable, Equatable {
  /// The folder is shared on purpose (`--shared-out`): warn instead of refusing.
  public var shared: Bool
  /// Who may own a folder on the way and the build's files beside the site.
  public var owners: Set<UInt32>

  /// The builder and root, plus `owners` (the stores' owners, ``storeOwners(of:workingDirectory:)``).
  public init(shared: Bool = false, owners: Set<UInt32> = []) {
    self.shared = shared
    self.owners = owners.union([geteuid(), 0])
  }

  /// The owners of each store file among `stores` (paths; a server URL has none) and of the folder that holds it.
  public static func storeOwners(of stores: [String], workingDirectory: URL) -> Set<UInt32> {
    var found = Set<UInt32>()
    for store in stores where !store.contains("://") {
      let url = URL(fileURLWithPath: store, relativeTo: workingDirectory).standardizedFileURL
      for path in [url.path, url.deletingLastPathComponent().path] {
        if let info = POSIX.status(path) { found.insert(info.st_uid) }
      }
    }
    return found
  }

  /// What is wrong with the folders around the site at `out` (an absolute path), and how to fix it.
  struct Finding: Sendable {
    var problem: String
    var fix: String
  }

  /// Refuses the site at `out` (absolute) when a folder or link on the way, the site folder or a build file beside
  /// it is not the builder's to control (``Finding``); with ``shared``, returns it as one warning line instead.
  public func check(_ out: String) throws(SiteWriteError) -> [String] {
    guard let finding = firstFinding(out) else { return [] }
    guard shared else { throw .untrustedOut(site: out, problem: finding.problem, fix: finding.fix) }
    return [
      "\(finding.problem); pmboard writes only into folders it made, but another user could redirect the next "
        + "build (the folder is shared: --shared-out)"
    ]
  }

  /// The first thing found wrong on the way to `out`, its site folder and its build files; nil when all is well.
  func firstFinding(_ out: String) -> Finding? {
    var pending = out.split(separator: "/").map(String.init)
    var folder = "/"
    if let finding = folderFinding(folder, isSite: pending.isEmpty) { return finding }
    var links = 0
    while !pending.isEmpty {
      let name = pending.removeFirst()
      if name == "." || name.isEmpty { continue }
      if name == ".." {
        folder = (folder as NSString).deletingLastPathComponent
        continue
      }
      let path = folder == "/" ? "/" + name : folder + "/" + name
      // Not there yet: the builder makes it, and only the site's own name can have build files beside it.
      guard let info = POSIX.linkStatus(path) else { return pending.isEmpty ? sideFileFinding(site: path) : nil }
      switch info.st_mode & S_IFMT {
      case S_IFLNK:
        if let finding = linkFinding(path, owner: info.st_uid) { return finding }
        links += 1
        guard links <= 40, let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else {
          return nil  // the writer names what is wrong with the path itself
        }
        if target.hasPrefix("/") { folder = "/" }
        pending = target.split(separator: "/").map(String.init) + pending
      case S_IFDIR:
        if let finding = folderFinding(path, isSite: pending.isEmpty) { return finding }
        folder = path
      default:
        return nil  // a file where a folder goes: the writer says so
      }
    }
    return sideFileFinding(site: folder)
  }

  /// Whether others than its owner may rename entries in the folder or file `info` describes: writable by others,
  /// or by a group that is not its owner's private group (``POSIX/isPrivateGroup(_:of:)``), without the sticky bit.
  private static func othersMayWrite(_ info: POSIX.FileStatus) -> Bool {
    guard info.st_mode & S_ISVTX == 0 else { return false }
    if info.st_mode & 0o002 != 0 { return true }
    return info.st_mode & 0o020 != 0 && !POSIX.isPrivateGroup(info.st_gid, of: info.st_uid)
  }

  /// Whether the folder at `path` (the site itself when `isSite`) is owned by an accepted owner and writable by no
  /// one else (or sticky).
  private func folderFinding(_ path: String, isSite: Bool) -> Finding? {
    guard let info = POSIX.linkStatus(path) else { return nil }
    let what = isSite ? "the site folder \(path)" : "the folder \(path) on the way to the site"
    if !owners.contains(info.st_uid) {
      return Finding(
        problem: "\(what) is owned by user \(info.st_uid), not by you, root or the store's owner",
        fix: "give it to yourself (chown) or choose an --out whose folders are yours")
    }
    if Self.othersMayWrite(info) {
      let mode = String(info.st_mode & 0o7777, radix: 8)
      return Finding(
        problem: "\(what) is writable by others (mode \(mode)) without the sticky bit, so another user could "
          + "swap the site for a link",
        fix: "make it writable by its owner alone (chmod go-w \(path)) or give it the sticky bit (chmod +t \(path))")
    }
    return nil
  }

  /// Whether the link at `path` (owned by `owner`) may be followed: only the builder's or root's.
  private func linkFinding(_ path: String, owner: UInt32) -> Finding? {
    guard owner != geteuid(), owner != 0 else { return nil }
    return Finding(
      problem: "the link \(path) on the way to the site is owned by user \(owner), not by you or root, so pmboard "
        + "does not follow it",
      fix: "replace it with a link of your own (ln -sfn) or give --out the folder it leads to")
  }

  /// Whether the build's files beside the site at `site` (its real path) are the accepted owners' alone: one planted
  /// by another user (a `-previous` folder of theirs) would receive the site's files.
  private func sideFileFinding(site: String) -> Finding? {
    let parent = (site as NSString).deletingLastPathComponent
    let prefix = "." + (site as NSString).lastPathComponent + ".pmboard-"
    for entry in POSIX.directoryEntries(of: parent) where entry.name.hasPrefix(prefix) {
      let path = (parent as NSString).appendingPathComponent(entry.name)
      guard let info = POSIX.linkStatus(path) else { continue }
      let foreign = !owners.contains(info.st_uid)
      guard foreign || (info.st_mode & S_IFMT != S_IFLNK && Self.othersMayWrite(info)) else { continue }
      return Finding(
        problem: "\(path) beside the site is "
          + (foreign ? "owned by user \(info.st_uid)" : "writable by others") + ", not a file of pmboard's",
        fix: "remove it (rm -r \(path)) and build again")
    }
    return nil
  }
}
