import Foundation
import PMBoardBytes

/// Writing a manifest: its heading, then one line per file in the order of their paths.
extension SiteManifest {
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

  /// The bytes of this build's manifest, without stamps, and the stamps by its lines: the old manifest's files
  /// this build kept (`reused[line]`) or wrote again (`written`), with the files new to it (`added`, also in
  /// `written`) and the boards kept whole (`runs`, which come only with an old manifest read from its bytes) merged
  /// in; not a sort of hundreds of thousands of paths on every rebuild.
  static func bytes(
    previous: SiteManifest?, reused: [Bool], written: [String: Entry], added: [String], runs: [KeptRun] = [],
    key: String?
  ) -> (manifest: Data, stamps: [UInt64?]) {
    let (pieces, stamps) = segments(
      previous: previous, reused: reused, written: written, added: added, runs: runs, key: key)
    return (joined(pieces), stamps)
  }

  /// The pieces of bytes that make `segments` one file, joined.
  static func joined(_ segments: [Data]) -> Data {
    segments.count == 1
      ? segments[0]
      : segments.reduce(into: Data(capacity: segments.reduce(0) { $0 + $1.count })) {
        $0.append($1)
      }
  }

  /// ``bytes(previous:reused:written:added:runs:key:)`` as the pieces that make the file in turn: runs of the old
  /// manifest's bytes are slices of them, not copies (ten boards of 10,000 tasks make a 22 MB manifest, and a copy
  /// of it all into one buffer cost 21 ms of a 0.45 s rebuild).
  static func segments(
    previous: SiteManifest?, reused: [Bool], written: [String: Entry], added: [String], runs: [KeptRun] = [],
    key: String?
  ) -> (segments: [Data], stamps: [UInt64?]) {
    let reusedEntry = { (line: Int) in
      Entry(fingerprint: previous?.fingerprints[line], stamp: previous?.stamps[line])
    }
    if let previous, let source = previous.source {
      return bytesByRuns(previous, source, reused: reused, written: written, added: added, runs: runs, key: key)
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
      return ([Data(text)], lineStamps)
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
    return ([Data(text)], lineStamps)
  }

  /// ``bytes(previous:reused:written:added:runs:key:)`` for an old manifest read from `source`, each line as
  /// pmboard writes it: a kept page's line is the old one, so runs of kept lines are copied whole (at 100,000 tasks,
  /// a line at a time was a serial 40 ms at the end of every rebuild); each new path, and each board kept whole (by
  /// its folder and "/", which no path of `previous` or `added` starts with), goes where a halving search of the old
  /// paths puts it.
  private static func bytesByRuns(
    _ previous: SiteManifest, _ source: Data, reused: [Bool], written: [String: Entry], added: [String],
    runs: [KeptRun], key: String?
  ) -> (segments: [Data], stamps: [UInt64?]) {
    // Each item is a new path (`run` nil) or a kept board's lines, in the order of their keys.
    let items = (added.map { (key: $0, run: Int?.none) } + runs.indices.map { (runs[$0].folder + "/", $0) })
      .sorted { $0.key < $1.key }
    let places = items.map { previous.firstLine(after: $0.key) }
    // Slices of the old bytes, never copied into one buffer: a 20 MB array copied into one at the end was a serial
    // copy and 5,000 page faults at 100,000 tasks.
    var manifest: [Data] = []
    var lineStamps: [UInt64?] = []
    lineStamps.reserveCapacity(previous.count + added.count + runs.reduce(0) { $0 + $1.stamps.count })
    var piece: [UInt8] = []
    appendHeading(key: key, to: &piece)
    var next = 0
    // The kept lines not copied yet.
    var run = 0..<0
    for line in 0...previous.count {
      let addsHere = next < items.count && places[next] == line
      if line < previous.count, reused[line], !addsHere {
        run = run.isEmpty ? line..<line + 1 : run.lowerBound..<line + 1
        continue
      }
      if !run.isEmpty {
        if !piece.isEmpty { manifest.append(Data(piece)) }
        piece.removeAll(keepingCapacity: true)
        let start = source.startIndex
        manifest.append(
          source[start + previous.lineStarts[run.lowerBound]..<start + previous.lineStarts[run.upperBound]])
        lineStamps.append(contentsOf: previous.stamps[run])
        run = 0..<0
      }
      while next < items.count, places[next] == line {
        if let kept = items[next].run {
          if !piece.isEmpty { manifest.append(Data(piece)) }
          piece.removeAll(keepingCapacity: true)
          manifest.append(runs[kept].bytes)
          lineStamps.append(contentsOf: runs[kept].stamps)
        } else {
          let new = written[items[next].key] ?? Entry(fingerprint: nil)
          append(items[next].key, Entry(fingerprint: new.fingerprint), to: &piece)
          lineStamps.append(new.stamp)
        }
        next += 1
      }
      guard line < previous.count else { break }
      if reused[line] {
        run = line..<line + 1
      } else if let file = written[previous.paths[line]] {
        append(previous.paths[line], Entry(fingerprint: file.fingerprint), to: &piece)
        lineStamps.append(file.stamp)
      }
    }
    if !piece.isEmpty { manifest.append(Data(piece)) }
    return (manifest, lineStamps)
  }

  static func appendHeading(key: String?, to text: inout [UInt8]) {
    text.append(contentsOf: heading.utf8)
    if let key {
      text.append(UInt8(ascii: "\t"))
      text.append(contentsOf: keyMark.utf8)
      text.append(contentsOf: key.utf8)
    }
    text.append(UInt8(ascii: "\n"))
  }

  static func append(_ path: String, _ entry: Entry, to text: inout [UInt8]) {
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
}
