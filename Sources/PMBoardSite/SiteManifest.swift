import Foundation

/// A site's `.pmboard-manifest`: the files pmboard wrote into it, each with the fingerprint of its inputs when
/// the build kept one (`path<TAB>fingerprint`), and the key of the whole build (`#key<TAB>…`), which lets a
/// rebuild with the same key stop before reading the board.
///
/// Read and written as bytes: a big board's manifest lists hundreds of thousands of pages, and splitting it as
/// `String`s walked every character's grapheme breaks.
struct SiteManifest: Sendable {
  static let name = ".pmboard-manifest"
  static let heading = "pmboard site: files written by pmboard build (others are kept as they are)"
  static let keyMark = "#key"

  /// Every listed file, with its fingerprint or "" when it has none.
  var files: [String: String] = [:]
  var key: String?

  init() {}

  init(files: [String: String], key: String?) {
    self.files = files
    self.key = key
  }

  /// The manifest of the site folder `site`; nil when it has none (or it cannot be read).
  init?(site: String) {
    guard let data = FileManager.default.contents(atPath: site + "/" + Self.name) else { return nil }
    self.init(bytes: data)
  }

  init(bytes: Data) {
    let newline = UInt8(ascii: "\n")
    let tab = UInt8(ascii: "\t")
    var lines = bytes.split(separator: newline, omittingEmptySubsequences: true).makeIterator()
    _ = lines.next()
    files.reserveCapacity(bytes.count / 48)
    for line in lines {
      let path: Data.SubSequence
      var fingerprint = ""
      if let split = line.firstIndex(of: tab) {
        path = line[..<split]
        fingerprint = String(decoding: line[(split + 1)...], as: UTF8.self)
      } else {
        path = line
      }
      let name = String(decoding: path, as: UTF8.self)
      if name == Self.keyMark {
        key = fingerprint
      } else {
        files[name] = fingerprint
      }
    }
  }

  /// Only the build key, read from the start of the manifest without the file list.
  static func key(ofSite site: String) -> String? {
    guard let handle = FileHandle(forReadingAtPath: site + "/" + name) else { return nil }
    defer { try? handle.close() }
    guard let head = try? handle.read(upToCount: 512) else { return nil }
    let lines = head.split(separator: UInt8(ascii: "\n"), maxSplits: 2)
    guard lines.count > 1 else { return nil }
    let line = String(decoding: lines[1], as: UTF8.self)
    let prefix = keyMark + "\t"
    return line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count)) : nil
  }

  var paths: Dictionary<String, String>.Keys { files.keys }

  func contains(_ path: String) -> Bool { files[path] != nil }

  /// The manifest's bytes: the heading, the key, then the files in byte order of their paths.
  var bytes: Data {
    var text = Data()
    text.reserveCapacity(files.count * 72 + 256)
    text.append(contentsOf: Self.heading.utf8)
    text.append(UInt8(ascii: "\n"))
    if let key {
      text.append(contentsOf: Self.keyMark.utf8)
      text.append(UInt8(ascii: "\t"))
      text.append(contentsOf: key.utf8)
      text.append(UInt8(ascii: "\n"))
    }
    let sorted = files.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    for (path, fingerprint) in sorted {
      text.append(contentsOf: path.utf8)
      if !fingerprint.isEmpty {
        text.append(UInt8(ascii: "\t"))
        text.append(contentsOf: fingerprint.utf8)
      }
      text.append(UInt8(ascii: "\n"))
    }
    return text
  }
}
