import Foundation

/// Finding a path among a manifest's lines without a lookup in its table: a rebuild compares the line after the
/// last one it found with the page it keeps, and places a new path among sorted lines by halving.
extension SiteManifest {
  /// Whether line `line`'s path is `folder`, "/" and `name`, compared byte by byte without making it.
  func path(_ line: Int, is folder: String, _ name: String) -> Bool {
    let listed = paths[line]
    let (path, folder, name) = (listed.utf8.span, folder.utf8.span, name.utf8.span)
    guard path.count == folder.count + 1 + name.count, path[folder.count] == UInt8(ascii: "/") else { return false }
    // The names (ids) differ soonest.
    for offset in 0..<name.count where path[folder.count + 1 + offset] != name[offset] { return false }
    for offset in 0..<folder.count where path[offset] != folder[offset] { return false }
    return true
  }

  /// Whether line `line`'s path is `folder`, "/" and the name of the task page of the id that is the lowercase text
  /// of `key` (``SiteAddresses/taskFile(_:)``), compared byte by byte without making it or reading the id's text.
  func path(_ line: Int, is folder: String, pageOf key: UUIDKey) -> Bool {
    let (listed, pageExtension) = (paths[line], SiteAddresses.pageExtension)
    let (path, folder, suffix) = (listed.utf8.span, folder.utf8.span, pageExtension.utf8.span)
    let start = folder.count + 1
    guard path.count == start + 36 + suffix.count, path[folder.count] == UInt8(ascii: "/") else { return false }
    for position in 0..<36 {
      let expected =
        position == 8 || position == 13 || position == 18 || position == 23
        ? UInt8(ascii: "-") : key.hexDigit(at: position)
      if path[start + position] != expected { return false }
    }
    let end = start + 36
    for offset in 0..<suffix.count where path[end + offset] != suffix[offset] { return false }
    for offset in 0..<folder.count where path[offset] != folder[offset] { return false }
    return true
  }

  /// The first line whose path comes after `path` (``count`` when none does), by halving: the paths must be
  /// sorted.
  func firstLine(after path: String) -> Int {
    var (low, high) = (0, paths.count)
    while low < high {
      let middle = low + (high - low) / 2
      if paths[middle] <= path { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
