import Foundation
import PMBoardBytes

/// A site's `.pmboard-manifest`: the files pmboard wrote into it, each with the fingerprint of its inputs when
/// the build kept one (`path<TAB>fingerprint`). Each file's stamp as the build left it is kept beside the site
/// (``SiteManifest/stampsPath(site:)``): it is this machine's, not the site's, and two builds of one board give
/// byte-identical sites. The spare's manifest, never published, has it as a third field. The heading line ends with the key of the whole build
/// (`<TAB>key KEY TASKS ENTRIES FILES`), which lets a rebuild with the same key stop before reading the board; it
/// is on the heading so that a script reading the lines after it still reads only files.
///
/// Read and written as bytes: a big board's manifest lists hundreds of thousands of pages, and splitting it as
/// `String`s walked every character's grapheme breaks.
struct SiteManifest: Sendable {
  static let name = ".pmboard-manifest"
  static let heading = "pmboard site: files written by pmboard build (others are kept as they are)"
  static let keyMark = "key "

  /// The listed files in the manifest's order, each with its fingerprint (nil when it has none) at the same index.
  private(set) var paths: [String] = []
  private(set) var fingerprints: [UInt64?] = []
  /// Each file's ``stamp(_:)`` when the build wrote the manifest (nil from a manifest older than stamps): a rebuild
  /// trusts a kept page on disk only while it still has this stamp, so a page changed by hand is written again.
  private(set) var stamps: [UInt64?] = []
  /// Where each path is in ``paths``: an open-addressing table, a power of two long, probed from the path's
  /// ``pathHash(_:)``; a slot holds the line plus one (0: empty) in its low 32 bits and the hash's high 32 bits
  /// above, so that a probe compares integers in the one slot it reads before it looks at any path. A `Dictionary`
  /// keyed by `String.hashValue` (SipHash) was most of the cost of reading a 100,000-task board's manifest
  /// (400,000 lines), on the path of every rebuild.
  private var slots: [UInt64] = []
  private var hashes: [UInt64] = []
  var key: String?
  /// Whether ``paths`` is sorted, as pmboard writes it (a hand-edited manifest may not be).
  private(set) var isSorted = true

  init() {}

  /// A listed file's fingerprint and stamp.
  struct Entry: Equatable {
    var fingerprint: UInt64?
    var stamp: UInt64?
  }

  /// The manifest of `files`, in path order.
  init(files: [String: Entry], key: String?) {
    self.key = key
    for path in files.keys.sorted() {
      let entry = files[path] ?? Entry()
      append(path, entry.fingerprint, entry.stamp)
    }
  }

  /// The manifest of the site folder `site`; nil when it has none (or it cannot be read).
  init?(site: String) {
    guard let data = POSIX.regularFileContents(site + "/" + Self.name) else { return nil }
    self.init(bytes: data)
  }

  init(bytes data: Data) {
    let newline = UInt8(ascii: "\n")
    let estimate = data.count / 48
    paths.reserveCapacity(estimate)
    fingerprints.reserveCapacity(estimate)
    hashes.reserveCapacity(estimate)
    makeSlots(for: estimate)
    let headingEnd = data.withReadView { bytes in bytes.firstIndex(of: newline) ?? bytes.count }
    key = Self.key(inHeading: [UInt8](data[data.startIndex..<data.startIndex + headingEnd]))
    let start = min(headingEnd + 1, data.count)
    // A big board's manifest (400,000 lines at 100,000 tasks) is read in two halves on two cores: making each
    // path's `String`, its hash and its numbers is most of the work; the lookup table is filled after, in order.
    var middle = start + (data.count - start) / 2
    data.withReadView { bytes in
      while middle < bytes.count, middle > start, bytes[middle - 1] != newline { middle += 1 }
    }
    let bounds = data.count - start < 1 << 16 ? [start..<data.count] : [start..<middle, middle..<data.count]
    let halves = concurrentMap(bounds.count) { Self.parseLines(data, bounds[$0]) }
    for half in halves {
      for index in half.paths.indices {
        append(half.paths[index], half.prints[index], half.stamps[index], hash: half.hashes[index])
      }
    }
  }

  /// The lines of `data` in `range` (whole lines): each path, its fingerprint and stamp, and its hash.
  private static func parseLines(
    _ data: Data, _ range: Range<Int>
  ) -> (paths: [String], prints: [UInt64?], stamps: [UInt64?], hashes: [UInt64]) {
    let (newline, tab) = (UInt8(ascii: "\n"), UInt8(ascii: "\t"))
    var found: (paths: [String], prints: [UInt64?], stamps: [UInt64?], hashes: [UInt64]) = ([], [], [], [])
    let estimate = range.count / 48
    found.paths.reserveCapacity(estimate)
    found.prints.reserveCapacity(estimate)
    found.stamps.reserveCapacity(estimate)
    found.hashes.reserveCapacity(estimate)
    // A view, not an array: slicing an array for each of hundreds of thousands of lines retained and released it.
    data.withReadView { bytes in
      var start = range.lowerBound
      while start < range.upperBound {
        var end = start
        var (split, second) = (-1, -1)
        while end < range.upperBound, bytes[end] != newline {
          if bytes[end] == tab {
            if split < 0 { split = end } else if second < 0 { second = end }
          }
          end += 1
        }
        if end > start {
          let path = bytes.extracting(start..<(split < 0 ? end : split)).string
          let printEnd = second < 0 ? end : second
          found.paths.append(path)
          found.hashes.append(pathHash(path))
          found.prints.append(split < 0 ? nil : hexValue(bytes.extracting((split + 1)..<printEnd)))
          found.stamps.append(second < 0 ? nil : hexValue(bytes.extracting((second + 1)..<end)))
        }
        start = end + 1
      }
    }
    return found
  }

  /// The number sixteen hex digits write; nil for anything else.
  static func hexValue(_ digits: ReadView<UInt8>) -> UInt64? {
    guard digits.count == 16 else { return nil }
    var value: UInt64 = 0
    for position in 0..<16 {
      let digit = digits[position]
      switch digit {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt64(digit - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value << 4 | UInt64(digit - UInt8(ascii: "a") + 10)
      default: return nil
      }
    }
    return value
  }

  private mutating func append(_ path: String, _ fingerprint: UInt64?, _ stamp: UInt64?, hash: UInt64? = nil) {
    let hash = hash ?? Self.pathHash(path)
    if let at = line(of: path, hash: hash) {
      fingerprints[at] = fingerprint
      stamps[at] = stamp
      return
    }
    if isSorted, let last = paths.last, !(last < path) { isSorted = false }
    if (paths.count + 1) * 2 > slots.count { makeSlots(for: paths.count + 1) }
    insertSlot(line: paths.count, hash: hash)
    paths.append(path)
    fingerprints.append(fingerprint)
    stamps.append(stamp)
    hashes.append(hash)
  }

  /// A table with room for `count` lines at most half full, holding the lines there are.
  private mutating func makeSlots(for count: Int) {
    var size = 16
    while size < count * 2 { size *= 2 }
    guard size > slots.count else { return }
    slots = [UInt64](repeating: 0, count: size)
    for (line, hash) in hashes.enumerated() { insertSlot(line: line, hash: hash) }
  }

  private mutating func insertSlot(line: Int, hash: UInt64) {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 { slot = (slot + 1) & mask }
    slots[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(line + 1)
  }

  /// FNV-1a over the path's bytes, finished as MurmurHash3 finishes, so that the low bits the table uses vary:
  /// the same in every process, and a few instructions a byte.
  static func pathHash(_ path: String) -> UInt64 {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    let bytes = path.utf8.span
    for position in 0..<bytes.count { value = (value ^ UInt64(bytes[position])) &* 0x0000_0100_0000_01b3 }
    value ^= value >> 33
    value &*= 0xff51_afd7_ed55_8ccd
    value ^= value >> 33
    return value
  }

  var count: Int { paths.count }

  func contains(_ path: String) -> Bool { line(of: path) != nil }

  /// The line of `path` in ``paths``; nil when the manifest does not list it.
  func line(of path: String) -> Int? { line(of: path, hash: Self.pathHash(path)) }

  private func line(of path: String, hash: UInt64) -> Int? {
    guard !slots.isEmpty else { return nil }
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let found = slots[slot]
      if found == 0 { return nil }
      let line = Int(found & 0xFFFF_FFFF) - 1
      if found >> 32 == hash >> 32, paths[line] == path { return line }
      slot = (slot + 1) & mask
    }
  }

  func fingerprint(of path: String) -> UInt64? { line(of: path).flatMap { fingerprints[$0] } }

  func entry(_ line: Int) -> Entry { Entry(fingerprint: fingerprints[line], stamp: stamps[line]) }

  /// How another manifest lists one of this one's paths.
  enum Listing: UInt8 {
    case absent, otherFingerprint, sameFingerprint
  }

  /// For each of this manifest's lines, how `other` lists its path. Both sorted, as pmboard writes them, it is one
  /// walk down both lists: a lookup per page jumped about two tables of hundreds of thousands of entries.
  /// A file `other` lists but does not have (`present`, by its lines) has no fingerprint to share.
  func listings(in other: SiteManifest, present: [Bool]? = nil) -> [Listing] {
    func listing(_ line: Int, _ otherLine: Int?) -> Listing {
      guard let otherLine else { return .absent }
      guard present?[otherLine] != false else { return .otherFingerprint }
      return other.fingerprints[otherLine] == fingerprints[line] ? .sameFingerprint : .otherFingerprint
    }
    guard isSorted, other.isSorted else { return paths.indices.map { listing($0, other.line(of: paths[$0])) } }
    var found = [Listing](repeating: .absent, count: count)
    var otherLine = 0
    for line in paths.indices {
      while otherLine < other.count, other.paths[otherLine] < paths[line] { otherLine += 1 }
      guard otherLine < other.count else { break }
      if other.paths[otherLine] == paths[line] { found[line] = listing(line, otherLine) }
    }
    return found
  }

  /// The manifest without `removed`.
  func removing(_ removed: some Sequence<String>) -> SiteManifest {
    var files: [String: Entry] = [:]
    for line in paths.indices { files[paths[line]] = entry(line) }
    for path in removed { files[path] = nil }
    return SiteManifest(files: files, key: key)
  }

  /// The bytes of the manifest of only the lines `kept` flags (the spare's, see ``SiteWriter/keepAsSpare(_:)``):
  /// one walk down the lines, in order.
  func bytes(keeping kept: [Bool]) -> Data {
    guard isSorted else {
      var files: [String: Entry] = [:]
      for line in paths.indices where kept[line] { files[paths[line]] = entry(line) }
      return SiteManifest(files: files, key: key).bytes
    }
    var text: [UInt8] = []
    text.reserveCapacity(count * 72 + 256)
    Self.appendHeading(key: key, to: &text)
    for line in paths.indices where kept[line] {
      Self.append(paths[line], Entry(fingerprint: fingerprints[line]), to: &text)
    }
    return Data(text)
  }

  /// What the manifest's key line says of the build that wrote it: its key and counts.
  struct BuildRecord: Equatable {
    var key: String
    var tasks: Int
    var historyEntries: Int
    var files: Int
  }

  /// The key on a heading line; nil when it has none.
  private static func key(inHeading line: some Collection<UInt8>) -> String? {
    guard let tab = line.firstIndex(of: UInt8(ascii: "\t")) else { return nil }
    let text = String(decoding: line[line.index(after: tab)...], as: UTF8.self)
    return text.hasPrefix(keyMark) ? String(text.dropFirst(keyMark.count)) : nil
  }

  /// The key's record, read from the manifest's heading without the file list.
  static func key(ofSite site: String) -> BuildRecord? {
    guard let head = POSIX.regularFileContents(site + "/" + name, upTo: 512) else { return nil }
    let bytes = [UInt8](head)
    guard let end = bytes.firstIndex(of: UInt8(ascii: "\n")), let key = Self.key(inHeading: bytes[..<end]) else {
      return nil
    }
    let fields = key.split(separator: " ")
    guard fields.count == 4, let tasks = Int(fields[1]), let entries = Int(fields[2]), let files = Int(fields[3])
    else { return nil }
    return BuildRecord(key: String(fields[0]), tasks: tasks, historyEntries: entries, files: files)
  }

  /// The bytes of this build's manifest, without stamps, and the stamps by its lines: the old manifest's files
  /// this build kept (`reused[line]`) or wrote again (`written`), with the files new to it (`added`, also in
  /// `written`) merged in; not a sort of hundreds of thousands of paths on every rebuild.
  static func bytes(
    previous: SiteManifest?, reused: [Bool], written: [String: Entry], added: [String], key: String?
  ) -> (manifest: Data, stamps: [UInt64?]) {
    let reusedEntry = { (line: Int) in
      Entry(fingerprint: previous?.fingerprints[line], stamp: previous?.stamps[line])
    }
    guard let previous, previous.isSorted else {
      var files: [String: Entry] = written
      if let previous {
        for line in previous.paths.indices where reused[line] { files[previous.paths[line]] = reusedEntry(line) }
      }
      // Sorted once as pairs and written out: no lookup table is needed for a manifest only written (a fresh
      // build of 100,000 tasks lists 400,000 files).
      var text: [UInt8] = []
      text.reserveCapacity(files.count * 72 + 256)
      appendHeading(key: key, to: &text)
      var lineStamps: [UInt64?] = []
      lineStamps.reserveCapacity(files.count)
      for (path, file) in files.sorted(by: { $0.key < $1.key }) {
        append(path, Entry(fingerprint: file.fingerprint), to: &text)
        lineStamps.append(file.stamp)
      }
      return (Data(text), lineStamps)
    }
    var text: [UInt8] = []
    var lineStamps: [UInt64?] = []
    lineStamps.reserveCapacity(previous.count + added.count)
    text.reserveCapacity((previous.count + added.count) * 72 + 256)
    appendHeading(key: key, to: &text)
    let added = added.sorted()
    var next = 0
    for (line, path) in previous.paths.enumerated() {
      let entry: Entry
      if reused[line] {
        entry = reusedEntry(line)
      } else if let file = written[path] {
        entry = file
      } else {
        continue
      }
      while next < added.count, added[next] < path {
        let new = written[added[next]] ?? Entry(fingerprint: nil)
        append(added[next], Entry(fingerprint: new.fingerprint), to: &text)
        lineStamps.append(new.stamp)
        next += 1
      }
      append(path, Entry(fingerprint: entry.fingerprint), to: &text)
      lineStamps.append(entry.stamp)
    }
    for path in added[next...] {
      let new = written[path] ?? Entry(fingerprint: nil)
      append(path, Entry(fingerprint: new.fingerprint), to: &text)
      lineStamps.append(new.stamp)
    }
    return (Data(text), lineStamps)
  }

  private static func appendHeading(key: String?, to text: inout [UInt8]) {
    text.append(contentsOf: heading.utf8)
    if let key {
      text.append(UInt8(ascii: "\t"))
      text.append(contentsOf: keyMark.utf8)
      text.append(contentsOf: key.utf8)
    }
    text.append(UInt8(ascii: "\n"))
  }

  private static func append(_ path: String, _ entry: Entry, to text: inout [UInt8]) {
    text.append(contentsOf: path.utf8)
    if entry.fingerprint != nil || entry.stamp != nil { text.append(UInt8(ascii: "\t")) }
    if let fingerprint = entry.fingerprint { Fingerprint.appendHex(fingerprint, to: &text) }
    if let stamp = entry.stamp {
      text.append(UInt8(ascii: "\t"))
      Fingerprint.appendHex(stamp, to: &text)
    }
    text.append(UInt8(ascii: "\n"))
  }

  /// The manifest's bytes, as the spare keeps it (without stamps: its files are trusted by their folders).
  var bytes: Data { bytes(withStamps: false) }

  /// The manifest's bytes: the heading, the key, then the files in the order of their paths.
  func bytes(withStamps: Bool) -> Data {
    var text: [UInt8] = []
    text.reserveCapacity(count * 72 + 256)
    Self.appendHeading(key: key, to: &text)
    for line in paths.indices.sorted(by: { paths[$0] < paths[$1] }) {
      Self.append(paths[line], withStamps ? entry(line) : Entry(fingerprint: fingerprints[line]), to: &text)
    }
    return Data(text)
  }

  /// Takes the stamps from `stamps` (by line) when there is one for each line.
  mutating func setStamps(_ stamps: [UInt64?]) {
    guard stamps.count == count else { return }
    self.stamps = stamps
  }
}
