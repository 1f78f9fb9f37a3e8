import Foundation

/// Every regular file of a built site with its inode and modification time: two calls around a rebuild say which
/// files it rewrote.
package enum SiteStamps {
  package static func of(_ site: String) throws -> [String: String] {
    var found: [String: String] = [:]
    for path in try FileManager.default.subpathsOfDirectory(atPath: site) {
      var info = stat()
      guard lstat(site + "/" + path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
      found[path] = "\(info.st_ino) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }
    return found
  }

  /// The files of `after` whose stamp differs from `before`'s (new files included), in path order.
  package static func rewritten(_ before: [String: String], _ after: [String: String]) -> [String] {
    after.keys.filter { before[$0] != after[$0] }.sorted()
  }
}
