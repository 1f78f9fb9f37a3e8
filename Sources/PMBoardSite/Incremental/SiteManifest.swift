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
  /// Where each path is in ``paths``: two open-addressing tables (the partitions, chosen by the hash's top bit, so
  /// that two cores can fill them at once), each a power of two long, probed from the path's ``pathHash(_:)``; a
  /// slot holds the line plus one (0: empty) in its low 32 bits and the hash's high 32 bits above, so that a probe
  /// compares integers in the one slot it reads before it looks at any path. A `Dictionary` keyed by
  /// `String.hashValue` (SipHash) was most of the cost of reading a 100,000-task board's manifest (400,000
  /// lines), on the path of every rebuild.
  private var slots: [[UInt64]] = [[], []]
  private var hashes: [UInt64] = []
  /// The folders that hold the listed files, with their parents, when they were found as the lines were read.
  private(set) var parsedFolders: Set<String>?
  /// The bytes the manifest was read from, when each of its lines is as pmboard writes a line of a site's manifest
  /// (``append(_:_:to:)``), with where each line starts in them and where the last one ends: a rebuild copies runs
  /// of kept lines as they are (``bytes(previous:reused:written:added:key:)``).
  private(set) var source: Data?
  private(set) var lineStarts: [Int] = []
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
    let headingEnd = data.withReadView { bytes in bytes.firstIndex(of: newline) ?? bytes.count }
    key = Self.key(inHeading: [UInt8](data[data.startIndex..<data.startIndex + headingEnd]))
    let start = min(headingEnd + 1, data.count)
    // A big board's manifest (400,000 lines at 100,000 tasks) is read in pieces on every core: making each path's
    // `String`, its hash, its numbers and its folder is most of the work. Eight pieces rather than two halves: the
    // other core is often still busy with the view models, and a half started late kept the render waiting.
    let pieceCount = max(1, min(8, (data.count - start) >> 16))
    var cuts = (0...pieceCount).map { start + (data.count - start) * $0 / pieceCount }
    data.withReadView { bytes in
      for index in cuts.indices.dropFirst().dropLast() {
        cuts[index] = max(cuts[index], cuts[index - 1])
        while cuts[index] < bytes.count, cuts[index] > start, bytes[cuts[index] - 1] != newline { cuts[index] += 1 }
      }
    }
    let bounds = (0..<pieceCount).map { cuts[$0]..<max(cuts[$0], cuts[$0 + 1]) }
    let pieces = concurrentMap(bounds.count) { Self.parseLines(data, bounds[$0]) }
    let sortedPieces = pieces.allSatisfy(\.isSorted)
    let listing = pieces.filter { !$0.paths.isEmpty }
    let sortedAcross = zip(listing, listing.dropFirst()).allSatisfy { first, second in
      guard let last = first.paths.last, let next = second.paths.first else { return true }
      return last < next
    }
    guard sortedPieces, sortedAcross else {
      // Out of order (edited by hand), perhaps with a path listed twice: line by line, the last listing winning.
      makeSlots(for: data.count / 48)
      for piece in pieces {
        for index in piece.paths.indices {
          append(piece.paths[index], piece.prints[index], piece.stamps[index], hash: piece.hashes[index])
        }
      }
      return
    }
    // As pmboard writes it, each path listed once and in order: the lines are taken as they are, and the two
    // partitions of the lookup table are filled side by side (one by one, they were a serial 30 ms at 100,000
    // tasks, with the other core idle).
    for piece in pieces {
      paths.append(contentsOf: piece.paths)
      fingerprints.append(contentsOf: piece.prints)
      stamps.append(contentsOf: piece.stamps)
      hashes.append(contentsOf: piece.hashes)
    }
    if pieces.allSatisfy(\.isPlain), data.last == newline {
      source = data
      lineStarts = pieces.flatMap(\.starts) + [data.count]
    }
    slots = Self.filledSlots(size: Self.partitionSize(for: paths.count), hashes: hashes, onEveryCore: true)
    var folders = Set<String>()
    for piece in pieces { folders.formUnion(piece.folders) }
    parsedFolders = Self.withParents(folders)
  }

  /// What ``parseLines(_:_:)`` finds in its range of lines.
  private struct ParsedLines: Sendable {
    var paths: [String] = []
    var prints: [UInt64?] = []
    var stamps: [UInt64?] = []
    var hashes: [UInt64] = []
    /// The folders that hold the paths (not their parents).
    var folders = Set<String>()
    /// Whether each path comes after the one before it.
    var isSorted = true
    /// Where each line starts, and whether every line is a path and perhaps a fingerprint (no blank line, no stamp,
    /// nothing that does not read as a fingerprint), as pmboard writes them.
    var starts: [Int] = []
    var isPlain = true
  }

  /// The lines of `data` in `range` (whole lines): each path, its fingerprint and stamp, and its hash.
  private static func parseLines(_ data: Data, _ range: Range<Int>) -> ParsedLines {
    let (newline, tab, slash) = (UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "/"))
    var found = ParsedLines()
    let estimate = range.count / 48
    found.paths.reserveCapacity(estimate)
    found.prints.reserveCapacity(estimate)
    found.stamps.reserveCapacity(estimate)
    found.hashes.reserveCapacity(estimate)
    found.starts.reserveCapacity(estimate)
    // A view, not an array: slicing an array for each of hundreds of thousands of lines retained and released it.
    data.withReadView { bytes in
      var start = range.lowerBound
      // The last folder met, as a range of `bytes`: pages come in runs from one folder, and a comparison of bytes
      // is cheaper than a `String` and a hash per line.
      var lastFolder = 0..<0
      while start < range.upperBound {
        var end = start
        var (split, second, lastSlash) = (-1, -1, -1)
        while end < range.upperBound, bytes[end] != newline {
          let byte = bytes[end]
          if byte == tab {
            if split < 0 { split = end } else if second < 0 { second = end }
          } else if byte == slash, split < 0 {
            lastSlash = end
          }
          end += 1
        }
        if end > start {
          let pathBytes = bytes.extracting(start..<(split < 0 ? end : split))
          let path = pathBytes.string
          let printEnd = second < 0 ? end : second
          found.starts.append(start)
          if found.isSorted, let last = found.paths.last, !(last < path) { found.isSorted = false }
          found.paths.append(path)
          found.hashes.append(pathHash(path))
          let print = split < 0 ? nil : hexValue(bytes.extracting((split + 1)..<printEnd))
          found.prints.append(print)
          found.stamps.append(second < 0 ? nil : hexValue(bytes.extracting((second + 1)..<end)))
          if lastSlash >= 0 {
            let folder = start..<lastSlash
            if !Self.sameBytes(bytes, folder, lastFolder) {
              found.folders.insert(bytes.string(folder))
              lastFolder = folder
            }
          }
          // A path's `String` is its bytes only when they are UTF-8.
          if second >= 0 || (split >= 0 && print == nil) || !pathBytes.isValidUTF8 { found.isPlain = false }
        } else {
          found.isPlain = false
        }
        start = end + 1
      }
    }
    return found
  }

  private static func sameBytes(_ bytes: ReadView<UInt8>, _ first: Range<Int>, _ second: Range<Int>) -> Bool {
    guard first.count == second.count else { return false }
    for offset in 0..<first.count where bytes[first.lowerBound + offset] != bytes[second.lowerBound + offset] {
      return false
    }
    return true
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
    parsedFolders = nil
    if paths.count + 1 > slots[0].count { makeSlots(for: paths.count + 1) }
    Self.insertSlot(line: paths.count, hash: hash, into: &slots[Self.partition(hash)])
    paths.append(path)
    fingerprints.append(fingerprint)
    stamps.append(stamp)
    hashes.append(hash)
  }

  /// Tables with room for `count` lines, each about half full, holding the lines there are.
  private mutating func makeSlots(for count: Int) {
    let size = Self.partitionSize(for: count)
    guard size > slots[0].count else { return }
    slots = Self.filledSlots(size: size, hashes: hashes, onEveryCore: false)
  }

  /// A partition's length for `count` lines: each holds about half of them, and stays at most about half full.
  private static func partitionSize(for count: Int) -> Int {
    var size = 16
    while size < count { size *= 2 }
    return size
  }

  /// The partition a hash's line is in.
  private static func partition(_ hash: UInt64) -> Int { Int(hash >> 63) }

  /// Both partitions of `size` slots, holding the lines of `hashes`.
  private static func filledSlots(size: Int, hashes: [UInt64], onEveryCore: Bool) -> [[UInt64]] {
    let fill = { @Sendable (part: Int) -> [UInt64] in
      var table = [UInt64](repeating: 0, count: size)
      for (line, hash) in hashes.enumerated() where partition(hash) == part {
        insertSlot(line: line, hash: hash, into: &table)
      }
      return table
    }
    return onEveryCore ? concurrentMap(2, fill) : [fill(0), fill(1)]
  }

  private static func insertSlot(line: Int, hash: UInt64, into table: inout [UInt64]) {
    let mask = table.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while table[slot] != 0 { slot = (slot + 1) & mask }
    table[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(line + 1)
  }

  /// ``Fingerprint/hash(_:)`` of the path's bytes (eight at a time), finished as MurmurHash3 finishes, so that the
  /// low bits the table uses vary: the same in every process.
  static func pathHash(_ path: String) -> UInt64 {
    var value = Fingerprint.hash(path.utf8.span)
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
    let table = slots[Self.partition(hash)]
    guard !table.isEmpty else { return nil }
    let mask = table.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let found = table[slot]
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

  /// What the manifest's key line says of the build that wrote it: its key and counts.
  struct BuildRecord: Equatable {
    var key: String
    var tasks: Int
    var historyEntries: Int
    var files: Int
    /// Each board of a many-board site (``BoardRecord``); nil for a one-board site or a heading without them.
    var boards: [BoardRecord]?
  }

  /// The key on a heading line; nil when it has none.
  private static func key(inHeading line: some Collection<UInt8>) -> String? {
    guard let tab = line.firstIndex(of: UInt8(ascii: "\t")) else { return nil }
    let text = String(decoding: line[line.index(after: tab)...], as: UTF8.self)
    return text.hasPrefix(keyMark) ? String(text.dropFirst(keyMark.count)) : nil
  }

  /// The key's record, read from the manifest's heading without the file list.
  /// A one-board site's heading fits in 512 bytes; a many-board site's, with its boards' records, is read in longer
  /// pieces until its end (a few kilobytes for ten boards: not the tens of megabytes of lines after it).
  static func key(ofSite site: String) -> BuildRecord? {
    let path = site + "/" + name
    var head = Data()
    for limit in [512, 1 << 16, 1 << 24] {
      guard let read = POSIX.regularFileContents(path, upTo: limit) else { return nil }
      head = read
      if read.count < limit || read.contains(UInt8(ascii: "\n")) { break }
    }
    let bytes = [UInt8](head)
    guard let end = bytes.firstIndex(of: UInt8(ascii: "\n")), let key = Self.key(inHeading: bytes[..<end]) else {
      return nil
    }
    let parts = key.split(separator: "\t", maxSplits: 1)
    let fields = (parts.first ?? "").split(separator: " ")
    guard fields.count == 4, let tasks = Int(fields[1]), let entries = Int(fields[2]), let files = Int(fields[3])
    else { return nil }
    var boards: [BoardRecord]?
    if parts.count == 2 {
      guard parts[1].hasPrefix(boardsMark),
        let records = BoardRecord.records(in: parts[1].dropFirst(boardsMark.count))
      else { return nil }
      boards = records
    }
    return BuildRecord(key: String(fields[0]), tasks: tasks, historyEntries: entries, files: files, boards: boards)
  }

  /// Takes the stamps from `stamps` (by line) when there is one for each line.
  mutating func setStamps(_ stamps: [UInt64?]) {
    guard stamps.count == count else { return }
    self.stamps = stamps
  }
}
