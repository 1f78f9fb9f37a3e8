import PMBoardBytes
import PMBoardCore

/// The id files of a search index part, keyed by the ids, not by the tasks' places: `search/<part>-ids-<b>.js`
/// holds, in board order, the ids whose first hex digits are `b` (a UUID's, as pmboard makes them, are random, so
/// the files fill evenly). A task added, moved or removed changes the file of its own id and no other, where files
/// of 1,024 places each renumbered every file after its place (78 files rewritten by one `add` at 100,000 tasks).
/// The part's tasks file carries each task's bucket (`bucket`, ``digits`` hex digits a task), from which
/// `search.js` finds a result's file and, counting the tasks before it with the same bucket, its place there.
struct SearchIDFiles: Sendable {
  /// Hex digits of a bucket: 1 (16 files) up to ``oneDigitLimit`` tasks, else 2 (256 files; about 3,900 ids,
  /// 150 kB, a file at a million tasks).
  let digits: Int
  /// By task of the part, in board order, its bucket.
  let buckets: [UInt16]
  /// The buckets that hold tasks, ascending; for each, its tasks' places in the part, in board order. A bucket
  /// without tasks has no file.
  let files: [(bucket: Int, tasks: [Int])]

  /// The most tasks a part has with one-digit buckets: 2,048 ids a file at most on average, about 45 kB gzip.
  static let oneDigitLimit = 32_768

  static func digits(forCount count: Int) -> Int { count <= oneDigitLimit ? 1 : 2 }

  /// The files of `count` ids in buckets of `digits` hex digits (by default as many as the count takes),
  /// `id(index, body)` handing the bytes of the `index`th to `body`. `board.json`'s pieces are bucketed alike.
  init(count: Int, digits: Int? = nil, id: (Int, (Span<UInt8>) -> Void) -> Void) {
    let digits = digits ?? Self.digits(forCount: count)
    var buckets: [UInt16] = []
    buckets.reserveCapacity(count)
    var members = [[Int]](repeating: [], count: 1 << (4 * digits))
    for index in 0..<count {
      var bucket = 0
      id(index) { bytes in bucket = Self.bucket(of: bytes, digits: digits) }
      buckets.append(UInt16(bucket))
      members[bucket].append(index)
    }
    self.digits = digits
    self.buckets = buckets
    files = members.enumerated().filter { !$0.element.isEmpty }.map { (bucket: $0.offset, tasks: $0.element) }
  }

  /// The bucket of an id: its first `digits` characters as hex digits; an id that does not start with as many (none
  /// pmboard makes) by the last hex digits of its FNV-1a fingerprint.
  static func bucket(of id: Span<UInt8>, digits: Int) -> Int {
    var value = 0
    for index in 0..<digits {
      guard index < id.count, let digit = hexValue(id[index]) else {
        var print = Fingerprint()
        for offset in 0..<id.count { print.add(id[offset]) }
        return Int(print.value & ((1 << (4 * UInt64(digits))) - 1))
      }
      value = value << 4 | digit
    }
    return value
  }

  /// The bucket's name in a file name and in the tasks file's `bucket`: `digits` lower-case hex digits.
  static func name(_ bucket: Int, digits: Int) -> String {
    let hex = String(bucket, radix: 16)
    return String(repeating: "0", count: max(0, digits - hex.count)) + hex
  }

  private static func hexValue(_ byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
    default: nil
    }
  }
}

extension SearchIndex {
  /// The part's id files, from its tasks' ids.
  func idFiles() -> SearchIDFiles {
    if part == .removed {
      let ids = tombstones.map { Array($0.id.utf8) }
      return SearchIDFiles(count: ids.count) { index, body in
        let id = ids[index]
        body(id.span)
      }
    }
    let (cards, arena, first) = (tables.cards, tables.cardBytes, self.cards.lowerBound)
    return SearchIDFiles(count: self.cards.count) { index, body in
      arena.withBytes(cards[first + index].id.raw, body)
    }
  }

  /// The name of the part's id file of `bucket`: `open-ids-3`, `done-ids-a7`.
  func idFileName(_ bucket: Int, digits: Int) -> String {
    "\(part.rawValue)-ids-\(SearchIDFiles.name(bucket, digits: digits))"
  }

  /// `,"idDigits":1,"bucket":"…"`: how `search.js` finds a task's id file.
  static func bucketJSON(_ ids: SearchIDFiles, into out: inout ByteWriter) {
    out.appendStatic(",\"idDigits\":")
    out.appendDecimal(ids.digits)
    out.appendStatic(",\"bucket\":\"")
    let hex = Array("0123456789abcdef".utf8)
    for bucket in ids.buckets {
      for digit in stride(from: ids.digits - 1, through: 0, by: -1) {
        out.appendByte(hex[Int(bucket >> (4 * UInt16(digit))) & 15])
      }
    }
    out.appendStatic("\"")
  }

  /// The id file of `file`, the ids of its tasks in board order.
  func idsScript(_ file: (bucket: Int, tasks: [Int]), digits: Int) -> ByteWriter {
    var out = ByteWriter(capacity: file.tasks.count * 40 + 48)
    out.append(Self.scriptStart(idFileName(file.bucket, digits: digits)))
    out.appendStatic("[")
    if part == .removed {
      for (position, task) in file.tasks.enumerated() {
        if position > 0 { out.appendStatic(",") }
        var quoted: [UInt8] = []
        MarkupText.json(tombstones[task].id, into: &quoted)
        out.append(String(decoding: quoted, as: UTF8.self))
      }
    } else {
      let text = ArenaBytes(tables.cardBytes)
      for (position, task) in file.tasks.enumerated() {
        let card = cards.lowerBound + task
        out.appendStatic(position == 0 ? "\"" : ",\"")
        // An id read as a UUID is hex digits and dashes: nothing to escape (100,000 ids at 100,000 tasks).
        if tables.cardKeys[card] != nil {
          out.append(tables.cards[card].id.raw, from: text)
        } else {
          out.appendJSONEscaped(tables.cards[card].id.raw, from: text)
        }
        out.appendStatic("\"")
      }
    }
    out.appendStatic("]")
    out.append(Self.scriptEnd)
    return out
  }

  /// What an id file is made of: its bucket's ids, in board order (the site fingerprint covers its format).
  func idsFingerprint(_ file: (bucket: Int, tasks: [Int]), digits: Int, site: Fingerprint) -> UInt64 {
    var print = site
    print.add("search ids \(part.rawValue) \(digits) \(file.bucket)")
    for task in file.tasks {
      if part == .removed {
        print.add(tombstones[task].id)
      } else {
        print.add(tables.cards[cards.lowerBound + task].id.raw, of: tables.cardBytes)
      }
    }
    return print.value
  }
}
