import Foundation
import PMBoardBytes

/// The stamps of the spare's folders as the build that made it left them, kept inside the spare (`.pmboard-folders`,
/// never published: the next build takes it out first). One line a folder: its path, its stamp, its subfolders.
struct SpareRecord {
  static let name = ".pmboard-folders"
  /// The files the spare's manifest lists that it does not hold, one path a line (``SiteWriter/SpareContents``).
  static let absentName = ".pmboard-absent"
  static let heading = "pmboard spare folders 1"

  var stamps: [String: SiteFolders.Stamp] = [:]
  var children: [String: [String]] = [:]

  init() {}

  /// The record in the spare `folder`; empty when there is none or it cannot be read.
  init(in folder: FolderHandle) {
    guard let data = folder.contents(of: Self.name) else { return }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    guard lines.first == Substring(Self.heading) else { return }
    for line in lines.dropFirst() {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 6, let device = UInt64(fields[1]), let inode = UInt64(fields[2]),
        let seconds = Int(fields[3]), let nanoseconds = Int(fields[4])
      else { continue }
      stamps[String(fields[0])] = SiteFolders.Stamp(
        device: device, inode: inode, seconds: seconds, nanoseconds: nanoseconds)
      children[String(fields[0])] = fields[5].split(separator: "/").map(String.init)
    }
  }

  /// Records the spare `root` as it is, every folder's time set to `time` (so any later change moves it): the
  /// record is written, then the times set, the root's last. Its folders are among `known` (the old site's
  /// folders of pmboard's, "" not among them: pruning may have emptied and removed some), not listed; a folder
  /// whose link count says it holds another folder than those is not recorded (the next build reads it). False,
  /// leaving no record, where a time cannot be set or a name cannot be written on one line.
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
    var folders: [(path: String, handle: FolderHandle, children: [String])] = []
    for (path, handle) in handles.sorted(by: { $0.key < $1.key }) {
      let inside = (children[path] ?? []).sorted()
      // A folder's link count is 2 and one for each folder in it on the file systems that keep it.
      guard let info = handle.status(), Int(info.st_nlink) == 2 + inside.count else { continue }
      folders.append((path, handle, inside))
    }
    var lines = [heading]
    for folder in folders {
      guard let info = folder.handle.status(),
        !(folder.path + folder.children.joined()).contains(where: { "\t\n".contains($0) })
      else { return false }
      lines.append(
        [
          folder.path, "\(info.st_dev)", "\(info.st_ino)", "\(time.seconds)", "\(time.nanoseconds)",
          folder.children.joined(separator: "/"),
        ].joined(separator: "\t"))
    }
    guard root.replaceFile(name, with: Data((lines.joined(separator: "\n") + "\n").utf8), mode: 0o600) else {
      return false
    }
    // Children before parents, the root last: setting a folder's time is no change to its parent.
    for folder in folders.reversed()
    where !folder.handle.setModificationTime(seconds: time.seconds, nanoseconds: time.nanoseconds) {
      root.unlink(name)
      return false
    }
    return true
  }
}
