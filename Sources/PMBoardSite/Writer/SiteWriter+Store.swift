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
}
