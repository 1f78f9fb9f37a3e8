import Foundation

/// What the JSON reader and the stores do with a view of bytes: compare, decode, scan eight bytes at a time.
extension ReadView where Element == UInt8 {
  /// Whether the bytes from `offset` spell `word`.
  public func matches(_ word: StaticString, at offset: Int) -> Bool {
    let count = word.utf8CodeUnitCount
    guard offset >= 0, offset <= self.count - count else { return false }
    return memcmp(base + offset, word.utf8Start, count) == 0
  }

  /// Whether bytes `range` equal `other`.
  public func equals(_ range: Range<Int>, _ other: [UInt8]) -> Bool {
    guard range.count == other.count else { return false }
    let mine = extracting(range).buffer
    return other.withUnsafeBufferPointer { theirs in
      guard let mineBase = mine.baseAddress, let theirBase = theirs.baseAddress else { return true }
      return memcmp(mineBase, theirBase, mine.count) == 0
    }
  }

  /// Bytes `range` decoded as UTF-8 (ill-formed sequences become U+FFFD).
  public func string(_ range: Range<Int>) -> String {
    String(decoding: extracting(range).buffer, as: UTF8.self)
  }

  /// Whether the bytes are well-formed UTF-8.
  public var isValidUTF8: Bool {
    UTF8Check.isValid(buffer)
  }

  /// The first offset at or after `offset` of a byte that cannot stand for itself inside a JSON string (a quote, a
  /// backslash or a control character), or `count`. Eight bytes at a time while none of them is one of those.
  public func endOfPlainStringBytes(from offset: Int) -> Int {
    precondition(offset >= 0 && offset <= count, "offset out of bounds")
    let bytes = buffer
    do {
      var offset = offset
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      if let base = bytes.baseAddress {
        let raw = UnsafeRawPointer(base)
        while offset + 8 <= bytes.count {
          let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
          let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
          // A byte's high bit is set in (x - 0x01…) & ~x when the byte of x is zero (or below the subtrahend).
          let special =
            ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
          if special & highs != 0 { break }
          offset += 8
        }
      }
      while offset < bytes.count {
        let byte = bytes[offset]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { return offset }
        offset += 1
      }
      return offset
    }
  }
}

extension Data {
  /// Calls `body` with a ``ReadView`` of the data's bytes.
  public func withReadView<Result>(_ body: (ReadView<UInt8>) throws -> Result) rethrows -> Result {
    try withUnsafeBytes { raw in try body(ReadView(raw.assumingMemoryBound(to: UInt8.self))) }
  }
}

extension ReadView where Element == UInt8 {
  /// All the bytes decoded as UTF-8 (ill-formed sequences become U+FFFD).
  public var string: String { string(0..<count) }

  /// Whether the bytes are a UUID's 36-character text (``UUIDBytes/isText(utf8:)``).
  public var isUUIDText: Bool { UUIDBytes.isText(utf8: UnsafeRawBufferPointer(buffer)) }

  /// The UUID the bytes spell (``UUIDBytes/uuid(utf8:)``), or nil.
  public var uuid: UUID? { UUIDBytes.uuid(utf8: UnsafeRawBufferPointer(buffer)) }

  /// The fields of a `YYYY-MM-DD` date (``ISODateBytes/fields(utf8:)``), or nil.
  public var isoDateFields: (year: Int, month: Int, day: Int)? { ISODateBytes.fields(utf8: buffer) }
}

extension ByteNames {
  /// The value whose name the bytes of `view` spell, or nil.
  public func value(_ view: ReadView<UInt8>) -> Value? { value(view.buffer) }
}

extension ByteWriter {
  /// Appends the bytes of `view`, ASCII `A`–`F` lowercased when `lowercasingHex` (a UUID as pmboard spells it),
  /// and says where they are.
  public mutating func appendRef(_ view: ReadView<UInt8>, lowercasingHex: Bool = false) -> RawRef {
    let start = count
    let ref = appendRef(view.buffer)
    if lowercasingHex { lowercaseHexLetters(from: start) }
    return ref
  }

}
