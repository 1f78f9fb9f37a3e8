import Foundation
import PMBoardBytes

/// What a build knows of its site's folders once it is published, kept beside the site: each folder's stamp
/// (identity and modification time) as the build left it, its subfolders, and the files in it that pmboard did not
/// write (the user's). A later build that finds a folder with the same stamp knows its entries without reading
/// it: adding, removing or renaming an entry changes a folder's modification time. For a big board's task pages
/// that saves reading hundreds of thousands of entries on every rebuild.
struct SiteFolders: Sendable {
  struct Stamp: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var seconds: Int
    var nanoseconds: Int

    init(device: UInt64, inode: UInt64, seconds: Int, nanoseconds: Int) {
      (self.device, self.inode, self.seconds, self.nanoseconds) = (device, inode, seconds, nanoseconds)
    }

    /// The stamp of the folder at `path`; nil when there is no folder there.
    init?(folder path: String) {
      guard let info = POSIX.linkStatus(path) else { return nil }
      self.init(info)
    }

    /// The stamp of an open folder.
    init?(_ folder: FolderHandle) {
      guard let info = folder.status() else { return nil }
      self.init(info)
    }

    init?(_ info: POSIX.FileStatus) {
      guard info.st_mode & S_IFMT == S_IFDIR else { return nil }
      self.init(
        device: UInt64(info.st_dev), inode: UInt64(info.st_ino), seconds: Int(info.st_mtim.tv_sec),
        nanoseconds: Int(info.st_mtim.tv_nsec))
    }
  }

  struct Folder: Sendable {
    var stamp: Stamp
    var folders: [String]
    var userFiles: [String]
  }

  /// By the folder's path relative to the site, "" for the site itself.
  var byPath: [String: Folder] = [:]

  static let heading = "pmboard folders 1"

  init() {}

  init(byPath: [String: Folder]) {
    self.byPath = byPath
  }

  /// The record at `path`; empty when there is none or it cannot be read (every folder is then read).
  init(contentsOf path: String) {
    self.init(bytes: POSIX.regularFileContents(path))
  }

  /// The record in `data` (``bytes``); empty when there is none or it is not one.
  init(bytes data: Data?) {
    guard let data else { return }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    guard lines.first == Substring(Self.heading) else { return }
    for line in lines.dropFirst() {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 7, let device = UInt64(fields[1]), let inode = UInt64(fields[2]),
        let seconds = Int(fields[3]), let nanoseconds = Int(fields[4])
      else { continue }
      let names = { (field: Substring) in field.split(separator: "/").map(String.init) }
      byPath[String(fields[0])] = Folder(
        stamp: Stamp(device: device, inode: inode, seconds: seconds, nanoseconds: nanoseconds),
        folders: names(fields[5]), userFiles: names(fields[6]))
    }
  }

  /// The record as a file holds it: a heading, then a line a folder (path, stamp, subfolders, the user's files).
  /// A folder holding a name with a tab or line break is left out, so the next build reads it.
  var bytes: Data {
    var lines = [Self.heading]
    for (folder, entry) in byPath.sorted(by: { $0.key < $1.key }) {
      let all = [folder] + entry.folders + entry.userFiles
      guard !all.contains(where: { $0.contains("\t") || $0.contains("\n") }) else { continue }
      let stamp = entry.stamp
      lines.append(
        [
          folder, "\(stamp.device)", "\(stamp.inode)", "\(stamp.seconds)", "\(stamp.nanoseconds)",
          entry.folders.joined(separator: "/"), entry.userFiles.joined(separator: "/"),
        ].joined(separator: "\t"))
    }
    return Data((lines.joined(separator: "\n") + "\n").utf8)
  }

  /// Writes the record to `path` (replacing it whole).
  func write(to path: String) {
    POSIX.replaceFile(path, with: bytes)
  }

  /// Forgets the record, so the next build reads every folder.
  static func remove(at path: String) {
    _ = POSIX.unlink(path)
  }
}

/// The old site as a rebuild finds it: its folders, the files in it pmboard did not write, and the files the
/// manifest lists that are gone. Only folders whose stamp differs from the record are read.
struct SiteScan: Sendable {
  /// Every folder under the site (not the site itself), parents before children.
  var folders: [String] = []
  var userFiles: [String] = []
  /// Files the manifest lists that are not in the site any more (the user deleted them).
  var missing: Set<String> = []
  /// Each folder as found, "" for the site itself, with the stamp taken before it was read.
  var found: [String: SiteFolders.Folder] = [:]
  /// The folders that were read because their stamp differed from the record (or there was none).
  var reread: Set<String> = []
  /// The file system's clock before the first stamp was taken.
  var startedAt = (seconds: 0, nanoseconds: 0)

  init() {}

  init(root: String, manifest: SiteManifest, record: SiteFolders) {
    startedAt = POSIX.fileClock()
    var listed: [String: [String]]?
    visit("", root: root, manifest: manifest, record: record, listed: &listed)
  }

  /// Whether `folder` is as the last build left it (found, and its stamp the record's): its pages are then the
  /// files that build stamped, unless one was edited in place.
  func isUnchanged(_ folder: String) -> Bool {
    found[folder] != nil && !reread.contains(folder)
  }

  /// The record of the site as this scan found it, for a build that leaves the site as it was; nil when a folder
  /// changed within the clock tick its stamp was taken in, since a change later in that tick would leave the stamp
  /// as it is (the next build then reads the folders again).
  var record: SiteFolders? {
    guard !found.isEmpty, found.values.allSatisfy({ ($0.stamp.seconds, $0.stamp.nanoseconds) < startedAt }) else {
      return nil
    }
    return SiteFolders(byPath: found)
  }

  private mutating func visit(
    _ folder: String, root: String, manifest: SiteManifest, record: SiteFolders, listed: inout [String: [String]]?
  ) {
    let path = folder.isEmpty ? root : root + "/" + folder
    guard let stamp = SiteFolders.Stamp(folder: path) else { return }
    let prefix = folder.isEmpty ? "" : folder + "/"
    var entry: SiteFolders.Folder
    if let known = record.byPath[folder], known.stamp == stamp {
      entry = known
    } else {
      entry = SiteFolders.Folder(stamp: stamp, folders: [], userFiles: [])
      reread.insert(folder)
      var present = Set<String>()
      for item in POSIX.directoryEntries(of: path) {
        if item.isFolder {
          entry.folders.append(item.name)
        } else if item.name == SiteManifest.name && folder.isEmpty {
          continue
        } else if manifest.contains(prefix + item.name) {
          present.insert(item.name)
        } else {
          entry.userFiles.append(item.name)
        }
      }
      if listed == nil { listed = Self.filesByFolder(manifest) }
      for name in listed?[folder] ?? [] where !present.contains(name) {
        missing.insert(prefix + name)
      }
    }
    found[folder] = entry
    userFiles += entry.userFiles.map { prefix + $0 }
    for child in entry.folders {
      folders.append(prefix + child)
      visit(prefix + child, root: root, manifest: manifest, record: record, listed: &listed)
    }
  }

  /// The manifest's files grouped by folder, as names.
  private static func filesByFolder(_ manifest: SiteManifest) -> [String: [String]] {
    var grouped: [String: [String]] = [:]
    for path in manifest.paths {
      let (folder, name) = SiteManifest.split(path)
      grouped[folder, default: []].append(name)
    }
    return grouped
  }
}
