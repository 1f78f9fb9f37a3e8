import Foundation
import PMBoardBytes

/// A many-board site's manifest lists every board's files: 317,000 lines for ten 10,000-task boards, of which a
/// rebuild after one change keeps nine boards' whole. Sorted, each board's lines are one run of bytes (its folder
/// and "/" start every path in it and no other): a rebuild that keeps a board finds its run by halving over the
/// bytes, parses only the lines outside the kept runs, and writes each run back as it was
/// (``bytes(previous:reused:written:added:runs:key:)``), with its stamps. Parsing every line was most of such a
/// rebuild's cost (280 ms of 976, against 7 ms for the changed board alone).
extension SiteManifest {
  /// What a board's record says of its lines (``BoardRecord/files``, ``BoardRecord/folders``).
  struct RunShape: Sendable, Equatable {
    var files: Int
    var folders: [String]
  }

  /// A board's lines kept as bytes: its folder (without a final "/"), its lines as the old manifest has them, their
  /// stamps, and their count and folders.
  struct KeptRun: Sendable {
    var folder: String
    var bytes: Data
    var stamps: [UInt64?]
    var shape: RunShape
  }

  /// The manifest `data` without the lines of the boards `kept` (by folder), parsed, and those boards' runs;
  /// `stamps` are those of `data`'s lines (``keptStamps(site:)``). Nil when the bytes are not as a build wrote them
  /// (a run not found, counts that do not add up, lines out of order or not plain): the caller reads every line.
  static func splitting(
    _ data: Data, kept: [String: RunShape], stamps: [UInt64?]
  ) -> (manifest: SiteManifest, stamps: [UInt64?], runs: [KeptRun])? {
    let newline = UInt8(ascii: "\n")
    guard !kept.isEmpty, data.last == newline else { return nil }
    let base = data.startIndex
    var ranges: [(folder: String, range: Range<Int>)] = []
    let bodyStart = data.withReadView { bytes in
      let start = (bytes.firstIndex(of: newline) ?? bytes.count) + 1
      for folder in kept.keys.sorted() {
        let prefix = Array((folder + "/").utf8)
        // "/" and one is "0": every path under the folder comes before the folder and "0", and no other path
        // between the two.
        var after = prefix
        after[after.count - 1] += 1
        let range =
          firstLine(notBefore: prefix, in: bytes, from: start)..<firstLine(notBefore: after, in: bytes, from: start)
        ranges.append((folder, range))
      }
      return start
    }
    ranges.sort { $0.range.lowerBound < $1.range.lowerBound }
    var rest = Data(capacity: data.count / max(1, kept.count))
    rest.append(data[base..<base + bodyStart])
    // Where each run was cut out of `rest`.
    var cuts: [Int] = []
    var at = bodyStart
    for (_, range) in ranges {
      guard !range.isEmpty, range.lowerBound >= at else { return nil }
      rest.append(data[base + at..<base + range.lowerBound])
      cuts.append(rest.count)
      at = range.upperBound
    }
    rest.append(data[(base + at)...])
    let manifest = SiteManifest(bytes: rest)
    let shapes = ranges.compactMap { kept[$0.folder] }
    guard manifest.source != nil, manifest.isSorted, shapes.count == ranges.count,
      manifest.count + shapes.reduce(0, { $0 + $1.files }) == stamps.count
    else { return nil }
    // A kept board's path outside its run is not as pmboard writes a manifest (sorted, such a path would be where
    // halving puts the board's folder).
    for (folder, _) in ranges {
      let prefix = folder + "/"
      let line = manifest.firstLine(after: prefix)
      if line < manifest.count, manifest.paths[line].utf8.starts(with: prefix.utf8) { return nil }
    }
    var (runs, restStamps) = ([KeptRun](), [UInt64?]())
    restStamps.reserveCapacity(manifest.count)
    // The line of `data` and of `rest` reached.
    var (line, restLine) = (0, 0)
    for (index, (folder, range)) in ranges.enumerated() {
      let before = manifest.lines(before: cuts[index])
      restStamps += stamps[line..<line + before - restLine]
      line += before - restLine
      restLine = before
      runs.append(
        KeptRun(
          folder: folder, bytes: data[base + range.lowerBound..<base + range.upperBound],
          stamps: Array(stamps[line..<line + shapes[index].files]), shape: shapes[index]))
      line += shapes[index].files
    }
    restStamps += stamps[line...]
    return (manifest, restStamps, runs)
  }

  /// How many lines start before byte `offset` of ``source``.
  private func lines(before offset: Int) -> Int {
    var (low, high) = (0, lineStarts.count - 1)
    while low < high {
      let middle = low + (high - low) / 2
      if lineStarts[middle] < offset { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Where the first line from `start` on whose path is not before `target` starts, by halving over the bytes
  /// (sorted lines): each probe goes back to the start of the line it fell in.
  private static func firstLine(notBefore target: [UInt8], in bytes: ReadView<UInt8>, from start: Int) -> Int {
    let newline = UInt8(ascii: "\n")
    var (low, high) = (start, bytes.count)
    while low < high {
      var lineStart = low + (high - low) / 2
      while lineStart > low, bytes[lineStart - 1] != newline { lineStart -= 1 }
      var end = lineStart
      while end < bytes.count, bytes[end] != newline { end += 1 }
      if path(bytes, lineStart..<end, precedes: target) { low = min(end + 1, bytes.count) } else { high = lineStart }
    }
    return low
  }

  /// Whether the path of the line at `line` (up to a tab) comes before `target`, byte by byte.
  private static func path(_ bytes: ReadView<UInt8>, _ line: Range<Int>, precedes target: [UInt8]) -> Bool {
    for index in target.indices {
      let position = line.lowerBound + index
      guard position < line.upperBound, bytes[position] != UInt8(ascii: "\t") else { return true }
      if bytes[position] != target[index] { return bytes[position] < target[index] }
    }
    return false
  }

  /// What the new manifest says of each board in `folders` (each without a final "/"): its files are the old
  /// manifest's lines under it that this build kept (`reused`) and the files it wrote there (`written`).
  static func shapes(
    of folders: [String], previous: SiteManifest?, reused: [Bool], written: some Sequence<String>
  ) -> [String: RunShape] {
    let prefixes = folders.map { Array(($0 + "/").utf8) }
    var paths = [[String]](repeating: [], count: folders.count)
    // One walk down what was written, comparing bytes: a fresh build writes every board's files (317,000 for ten
    // boards of 10,000 tasks, where a generic `starts(with:)` cost 50 ms).
    for path in written {
      let bytes = path.utf8.span
      board: for (board, prefix) in prefixes.enumerated() where bytes.count > prefix.count {
        for index in prefix.indices where bytes[index] != prefix[index] { continue board }
        paths[board].append(path)
        break
      }
    }
    var found: [String: RunShape] = [:]
    for (board, folder) in folders.enumerated() {
      if let previous {
        paths[board] += previous.lines(under: folder + "/").filter { $0 < reused.count && reused[$0] }.map {
          previous.paths[$0]
        }
      }
      let holding = Self.folders(containing: paths[board]).filter {
        $0 == folder || $0.utf8.starts(with: prefixes[board])
      }
      found[folder] = RunShape(files: paths[board].count, folders: holding.sorted())
    }
    return found
  }
}
