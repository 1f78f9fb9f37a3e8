import Foundation
import PMBoardBytes

/// A store kept inside the site would be published whole (every task, body and author), and a build that prunes
/// its folders could delete it: the writer refuses such a site before anything is read or written.
extension SiteWriter {
  /// Throws when the store file at `store` (a path; a server URL is never in the site), or the folder that holds
  /// it and its companions (`-wal`, `-shm`, `.lock`, temporary files), lies inside the site `out` or one of the
  /// folders a build keeps beside it (staging, spare, previous site).
  public static func refuseStore(_ store: String, out: String, workingDirectory: URL) throws(SiteWriteError) {
    guard !store.contains("://") else { return }
    let outURL = URL(fileURLWithPath: out, relativeTo: workingDirectory).standardizedFileURL
    let storeURL = URL(fileURLWithPath: store, relativeTo: workingDirectory).standardizedFileURL
    let site = try resolveLinks(outURL.path)
    let parent = (site as NSString).deletingLastPathComponent
    let name = (site as NSString).lastPathComponent
    // The store's folder as given and as it really is (either may be a link), and the file itself when it is one.
    let folder = storeURL.deletingLastPathComponent().path
    let candidates: [String?] = [
      storeURL.path, folder, POSIX.realPath(folder).map { $0 + "/" + storeURL.lastPathComponent },
      POSIX.realPath(storeURL.path),
    ]
    for path in candidates.compactMap({ $0 }) {
      guard path.hasPrefix(parent + "/") else { continue }
      let inside = path.dropFirst(parent.count + 1)
      if inside == name || inside.hasPrefix(name + "/") || inside.hasPrefix("." + name + ".pmboard-") {
        throw .storeInSite(store: store, site: out)
      }
    }
  }

  /// Whether one of the user's files in the site at `site` (`userFiles`, relative) is the store's file itself (a
  /// hard link: the same inode) or a link to it or to a folder that holds it (`data → ../data`): a web server would
  /// then serve the store. Only the user's files are looked at (pmboard's pages are its own), so this costs a
  /// `stat` per file of the user's.
  static func storeIsReachable(_ store: String, site: String, userFiles: [String], workingDirectory: URL) -> Bool {
    entryReaching(store, site: site, userFiles: userFiles, workingDirectory: workingDirectory) != nil
  }

  /// The user's file through which the store is reachable, if any.
  static func entryReaching(
    _ store: String, site: String, userFiles: [String], workingDirectory: URL
  ) -> String? {
    guard !store.contains("://"), !userFiles.isEmpty else { return nil }
    let storePath = URL(fileURLWithPath: store, relativeTo: workingDirectory).standardizedFileURL.path
    guard let info = POSIX.status(storePath) else { return nil }
    let real = POSIX.realPath(storePath) ?? storePath
    for file in userFiles {
      let path = site + "/" + file
      guard let entry = POSIX.linkStatus(path) else { continue }
      if entry.st_dev == info.st_dev, entry.st_ino == info.st_ino { return file }
      // `target + "/"` would be `//` for a link to the root folder, which holds everything.
      if entry.st_mode & S_IFMT == S_IFLNK, let target = POSIX.realPath(path),
        real == target || real.hasPrefix(target.hasSuffix("/") ? target : target + "/")
      {
        return file
      }
    }
    return nil
  }

  /// Throws when the store is reachable through the user's files in this writer's old site
  /// (``storeIsReachable(_:site:userFiles:workingDirectory:)``).
  public func refuseStore(_ store: String, workingDirectory: URL) throws(SiteWriteError) {
    if let entry = Self.entryReaching(
      store, site: outPath, userFiles: scan.userFiles, workingDirectory: workingDirectory)
    {
      throw .storeReachable(store: store, site: out.path, through: entry)
    }
  }

  /// The user's entries in the site at `site` (a real path) that are links leading outside it (`root → /`), each
  /// with where it leads. A web server that follows links would publish whatever they reach (the store, a home
  /// folder), so a build does not carry them into the new site. A link into the site stays, and so does one that
  /// leads nowhere (a dangling link publishes nothing).
  static func linksLeavingSite(_ userFiles: [String], site: String) -> [(entry: String, target: String)] {
    userFiles.compactMap { file in
      let path = site + "/" + file
      guard let entry = POSIX.linkStatus(path), entry.st_mode & S_IFMT == S_IFLNK,
        let target = POSIX.realPath(path), target != site, !target.hasPrefix(site + "/")
      else { return nil }
      return (file, target)
    }
  }

  static func leavingLinkWarning(_ entry: String, target: String, site: String) -> String {
    "\(site)/\(entry) is a link to \(target), outside the site, which a web server would publish; the new site "
      + "leaves it out (copy into the site what it should publish)"
  }
}
