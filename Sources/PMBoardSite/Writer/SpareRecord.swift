import Foundation
import PMBoardBytes

/// The spare's own record of its folders, in ``SiteFolders``' form, kept inside the spare (`.pmboard-folders`, never
/// published: the next build takes it out first), and the list of files its manifest names that it lacks.
enum SpareRecord {
  static let name = ".pmboard-folders"
  /// The files the spare's manifest lists that it does not hold, one path a line (``SiteWriter/SpareContents``).
  static let absentName = ".pmboard-absent"
  /// The stamps of the new site's manifest file as the build wrote it and of the spare's copy of it
  /// (`pmboard twin 1 LIVE SPARE`): while both files keep them, the next build reads the bytes once
  /// (``SiteWriter/readManifests(site:spare:)``), not twice and a comparison (20 MB each at 100,000 tasks).
  static let twinName = ".pmboard-twin"

  static func twinBytes(live: UInt64, spare: UInt64) -> Data {
    var text = Array("pmboard twin 1 ".utf8)
    Fingerprint.appendHex(live, to: &text)
    text.append(UInt8(ascii: " "))
    Fingerprint.appendHex(spare, to: &text)
    text.append(UInt8(ascii: "\n"))
    return Data(text)
  }

  /// The record in the spare `folder`; empty when there is none or it cannot be read.
  static func read(in folder: FolderHandle) -> SiteFolders {
    SiteFolders(bytes: folder.contents(of: name))
  }

  /// Records the spare `root` as it is, every folder's time set to `time` (so any later change moves it): the
  /// record is written, then the times set, the root's last. Its folders are among `known` (the old site's
  /// folders of pmboard's, "" not among them: pruning may have emptied and removed some), not listed; a folder
  /// whose link count says it holds another folder than those is not recorded (the next build reads it). False,
  /// leaving no record, where a time cannot be set.
  static func write(_ root: FolderHandle, folders known: Set<String>, time: (seconds: Int, nanoseconds: Int)) -> Bool {
    var handles: [String: FolderHandle] = ["": root]
    var children: [String: [String]] = [:]
    // Parents before children: a folder is opened from its parent's handle.
    for folder in known.sorted() {
      let (parent, name) = SiteManifest.split(folder)
      guard let holder = handles[parent], let handle = holder.openFolder(name) else { continue }
      handles[folder] = handle
      children[parent, default: []].append(name)
    }
    var record = SiteFolders()
    for (path, handle) in handles {
      let inside = (children[path] ?? []).sorted()
      // A folder's link count is 2 and one for each folder in it on the file systems that keep it.
      guard let info = handle.status(), Int(info.st_nlink) == 2 + inside.count else { continue }
      let stamp = SiteFolders.Stamp(
        device: UInt64(info.st_dev), inode: UInt64(info.st_ino), seconds: time.seconds, nanoseconds: time.nanoseconds)
      record.byPath[path] = SiteFolders.Folder(stamp: stamp, folders: inside, userFiles: [])
    }
    guard root.replaceFile(name, with: record.bytes, mode: 0o600) else { return false }
    // Children before parents, the root last: setting a folder's time is no change to its parent.
    for path in record.byPath.keys.sorted(by: >)
    where handles[path]?.setModificationTime(seconds: time.seconds, nanoseconds: time.nanoseconds) != true {
      root.unlink(name)
      return false
    }
    return true
  }
}
