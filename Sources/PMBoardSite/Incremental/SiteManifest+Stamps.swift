import Foundation
import PMBoardBytes

/// Each page's stamp as the build left it, so that a rebuild can tell a page replaced by hand (written again) from
/// one it may keep, with a `stat` and no read. Only pages in folders whose own stamp moved since the last build
/// (``SiteScan/isUnchanged(_:)``) are looked at: replacing, adding or removing a file moves its folder's time,
/// and an edit in place is what `build --verify` is for. The live site's stamps are kept beside it in
/// `.NAME.pmboard-stamps`, one line per manifest line, under a heading naming the manifest file they belong to by
/// its own stamp: a manifest replaced or changed since makes them count for nothing (every page is then compared).
extension SiteManifest {
  /// What a file's stamp sums up: its inode, size and modification time, which writing it by hand (in place,
  /// appended to, or replaced by another file) changes; nil for anything but a regular file (a symbolic link is
  /// never a page pmboard wrote).
  static func stamp(_ info: POSIX.FileStatus) -> UInt64? {
    guard info.st_mode & S_IFMT == S_IFREG else { return nil }
    var print = Fingerprint()
    print.add(word: UInt64(info.st_ino))
    print.add(word: UInt64(info.st_size))
    print.add(word: UInt64(bitPattern: Int64(info.st_mtim.tv_sec)))
    print.add(word: UInt64(info.st_mtim.tv_nsec))
    return print.value
  }

  /// The stamp of the file at `path` itself (a final symbolic link is not followed); nil when there is none.
  static func stamp(ofFile path: String) -> UInt64? {
    POSIX.linkStatus(path).flatMap(stamp)
  }

  /// The heading of the stamps file; the manifest file's own stamp follows it in hex, then a line break, then
  /// each line's stamp as eight bytes, least significant first (0 for none). Binary: a big board's stamps are
  /// hundreds of thousands, and reading and writing them as hex text was most of their cost.
  static let stampsHeading = "pmboard stamps 2 "

  /// Where the stamps of the site at `site` (a real path) are kept.
  static func stampsPath(site: String) -> String {
    let parent = (site as NSString).deletingLastPathComponent
    return parent + "/." + (site as NSString).lastPathComponent + ".pmboard-stamps"
  }

  /// Takes the stamps kept beside the site at `site`, when they belong to its manifest file as it is.
  mutating func readStamps(site: String) {
    if let found = Self.keptStamps(site: site) { setStamps(found) }
  }

  /// The stamps kept beside the site at `site`, by line of its manifest; nil when there are none, or they belong
  /// to another manifest file.
  static func keptStamps(site: String) -> [UInt64?]? {
    guard let manifestStamp = stamp(ofFile: site + "/" + name),
      let data = POSIX.regularFileContents(stampsPath(site: site))
    else { return nil }
    let heading = Array((stampsHeading + hex(manifestStamp) + "\n").utf8)
    guard data.count >= heading.count, (data.count - heading.count) % 8 == 0,
      data.prefix(heading.count).elementsEqual(heading)
    else { return nil }
    let count = (data.count - heading.count) / 8
    var found: [UInt64?] = []
    found.reserveCapacity(count)
    data.withReadView { bytes in
      for line in 0..<count {
        let start = heading.count + line * 8
        var value: UInt64 = 0
        for byte in 0..<8 { value |= UInt64(bytes[start + byte]) << (8 * byte) }
        found.append(value == 0 ? nil : value)
      }
    }
    return found
  }

  /// Writes `stamps` (by line of the manifest file at `site`) beside the site, replacing the old ones whole.
  static func writeStamps(_ stamps: [UInt64?], site: String) {
    let path = stampsPath(site: site)
    guard let manifestStamp = stamp(ofFile: site + "/" + name) else {
      _ = POSIX.unlink(path)
      return
    }
    var text = Array((stampsHeading + hex(manifestStamp) + "\n").utf8)
    text.reserveCapacity(text.count + stamps.count * 8)
    for stamp in stamps {
      let value = stamp ?? 0
      for byte in 0..<8 { text.append(UInt8(truncatingIfNeeded: value >> (8 * byte))) }
    }
    POSIX.replaceFile(path, with: Data(text))
  }

  private static func hex(_ value: UInt64) -> String {
    var text: [UInt8] = []
    Fingerprint.appendHex(value, to: &text)
    return String(decoding: text, as: UTF8.self)
  }
}
