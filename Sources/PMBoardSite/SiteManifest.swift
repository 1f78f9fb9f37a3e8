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
  /// The files in the order the manifest lists them, when that is sorted (as pmboard writes them); else empty.
  var sortedPaths: [String] = []

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

  init(bytes data: Data) {
    let bytes = [UInt8](data)
    let (newline, tab) = (UInt8(ascii: "\n"), UInt8(ascii: "\t"))
    files.reserveCapacity(bytes.count / 48)
    var inOrder = true
    var start = bytes.firstIndex(of: newline).map { $0 + 1 } ?? bytes.count
    while start < bytes.count {
      var end = start
      var split = -1
      while end < bytes.count, bytes[end] != newline {
        if split < 0, bytes[end] == tab { split = end }
        end += 1
      }
      if end > start {
        let pathEnd = split < 0 ? end : split
        let path = String(decoding: bytes[start..<pathEnd], as: UTF8.self)
        let fingerprint = split < 0 ? "" : String(decoding: bytes[(split + 1)..<end], as: UTF8.self)
        if path == Self.keyMark {
          key = fingerprint
        } else {
          files[path] = fingerprint
          if inOrder, let last = sortedPaths.last, !(last < path) { inOrder = false }
          if inOrder { sortedPaths.append(path) }
        }
      }
      start = end + 1
    }
    if !inOrder { sortedPaths = [] }
  }

  /// What the manifest's key line says of the build that wrote it: its key and counts.
  struct BuildRecord: Equatable {
    var key: String
    var tasks: Int
    var historyEntries: Int
    var files: Int
  }

  /// The key line's record, read from the start of the manifest without the file list.
  static func key(ofSite site: String) -> BuildRecord? {
    guard let handle = FileHandle(forReadingAtPath: site + "/" + name) else { return nil }
    defer { try? handle.close() }
    guard let head = try? handle.read(upToCount: 512) else { return nil }
    let lines = head.split(separator: UInt8(ascii: "\n"), maxSplits: 2)
    guard lines.count > 1 else { return nil }
    let line = String(decoding: lines[1], as: UTF8.self)
    let prefix = keyMark + "\t"
    guard line.hasPrefix(prefix) else { return nil }
    let fields = line.dropFirst(prefix.count).split(separator: " ")
    guard fields.count == 4, let tasks = Int(fields[1]), let entries = Int(fields[2]), let files = Int(fields[3])
    else { return nil }
    return BuildRecord(key: String(fields[0]), tasks: tasks, historyEntries: entries, files: files)
  }

  var paths: Dictionary<String, String>.Keys { files.keys }

  func contains(_ path: String) -> Bool { files[path] != nil }

  /// The bytes of the manifest of `files`: the old manifest's order with the `added` files merged in, rather
  /// than a sort of hundreds of thousands of paths on every rebuild.
  static func bytes(files: [String: String], key: String?, previous: SiteManifest?, added: [String]) -> Data {
    guard let previous, previous.sortedPaths.count == previous.files.count else {
      return SiteManifest(files: files, key: key).bytes
    }
    var text: [UInt8] = []
    text.reserveCapacity(files.count * 72 + 256)
    appendHeading(key: key, to: &text)
    let added = added.sorted()
    var next = 0
    for path in previous.sortedPaths {
      guard let fingerprint = files[path] else { continue }
      while next < added.count, added[next] < path {
        append(added[next], files[added[next]] ?? "", to: &text)
        next += 1
      }
      append(path, fingerprint, to: &text)
    }
    for path in added[next...] { append(path, files[path] ?? "", to: &text) }
    return Data(text)
  }

  private static func appendHeading(key: String?, to text: inout [UInt8]) {
    text.append(contentsOf: heading.utf8)
    text.append(UInt8(ascii: "\n"))
    if let key {
      text.append(contentsOf: keyMark.utf8)
      text.append(UInt8(ascii: "\t"))
      text.append(contentsOf: key.utf8)
      text.append(UInt8(ascii: "\n"))
    }
  }

  private static func append(_ path: String, _ fingerprint: String, to text: inout [UInt8]) {
    text.append(contentsOf: path.utf8)
    if !fingerprint.isEmpty {
      text.append(UInt8(ascii: "\t"))
      text.append(contentsOf: fingerprint.utf8)
    }
    text.append(UInt8(ascii: "\n"))
  }

  /// The manifest's bytes: the heading, the key, then the files in the order of their paths.
  var bytes: Data {
    var text: [UInt8] = []
    text.reserveCapacity(files.count * 72 + 256)
    Self.appendHeading(key: key, to: &text)
    for path in files.keys.sorted() { Self.append(path, files[path] ?? "", to: &text) }
    return Data(text)
  }
}
