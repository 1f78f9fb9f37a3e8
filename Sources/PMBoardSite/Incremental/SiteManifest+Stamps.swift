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

  static let stampsHeading = "pmboard stamps 1 "

  /// Where the stamps of the site at `site` (a real path) are kept.
  static func stampsPath(site: String) -> String {
    let parent = (site as NSString).deletingLastPathComponent
    return parent + "/." + (site as NSString).lastPathComponent + ".pmboard-stamps"
  }

  /// The manifest of the live site at `site` with its stamps; nil when it has none.
  init?(liveSite site: String) {
    self.init(site: site)
    readStamps(site: site)
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
    var found: [UInt64?] = []
    found.reserveCapacity(data.count / 17)
    var valid = false
    data.withReadView { bytes in
      var start = 0
      while start < bytes.count {
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        let line = bytes.extracting(start..<end)
        if start == 0 {
          valid = line.elementsEqual((stampsHeading + hex(manifestStamp)).utf8)
          if !valid { return }
        } else {
          found.append(hexValue(line))
        }
        start = end + 1
      }
    }
    return valid ? found : nil
  }

  /// Writes `stamps` (by line of the manifest file at `site`) beside the site, replacing the old ones whole.
  static func writeStamps(_ stamps: [UInt64?], site: String) {
    let path = stampsPath(site: site)
    guard let manifestStamp = stamp(ofFile: site + "/" + name) else {
      _ = POSIX.unlink(path)
      return
    }
    var text = Array((stampsHeading + hex(manifestStamp) + "\n").utf8)
    text.reserveCapacity(text.count + stamps.count * 17)
    for stamp in stamps {
      if let stamp { Fingerprint.appendHex(stamp, to: &text) } else { text.append(UInt8(ascii: "-")) }
      text.append(UInt8(ascii: "\n"))
    }
    POSIX.replaceFile(path, with: Data(text))
  }

  private static func hex(_ value: UInt64) -> String {
    var text: [UInt8] = []
    Fingerprint.appendHex(value, to: &text)
    return String(decoding: text, as: UTF8.self)
  }
}
