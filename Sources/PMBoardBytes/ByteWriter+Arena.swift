import Foundation

/// Safe reads of a ``ByteArena``: every range is checked against the arena before a byte is copied.
extension ByteArena {
  /// Whether `range` lies inside the arena.
  @inlinable @inline(__always)
  func contains(_ start: Int, _ count: Int) -> Bool {
    // Unsigned: one comparison each covers the negative cases, and nothing can overflow.
    UInt(bitPattern: count) <= UInt(bitPattern: self.count)
      && UInt(bitPattern: start) <= UInt(bitPattern: self.count &- count)
  }

  /// Whether `a` in `aArena` and `b` in `bArena` hold the same raw and escaped bytes.
  public static func same(_ a: TextRef, in aArena: ByteArena, _ b: TextRef, in bArena: ByteArena) -> Bool {
    guard a.rawCount == b.rawCount, a.escapedCount == b.escapedCount else { return false }
    precondition(aArena.contains(a.start, Int(a.rawCount)) && aArena.contains(a.escapedStart, Int(a.escapedCount)))
    precondition(bArena.contains(b.start, Int(b.rawCount)) && bArena.contains(b.escapedStart, Int(b.escapedCount)))
    return memcmp(aArena.base + a.start, bArena.base + b.start, Int(a.rawCount)) == 0
      && memcmp(aArena.base + a.escapedStart, bArena.base + b.escapedStart, Int(a.escapedCount)) == 0
  }

  /// The first 16 bytes of `text` as two big-endian words, zero-padded: integers that compare like the bytes.
  public func prefixWords(_ text: RawRef) -> (UInt64, UInt64) {
    var words: (UInt64, UInt64) = (0, 0)
    let bytes = bytes(text)
    withUnsafeMutableBytes(of: &words) { raw in
      raw.copyMemory(from: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes.prefix(16))))
    }
    return (UInt64(bigEndian: words.0), UInt64(bigEndian: words.1))
  }

  /// How `a` and `b` compare byte by byte (a prefix first): negative, zero or positive, as `memcmp`.
  public func compare(_ a: RawRef, _ b: RawRef) -> Int32 {
    precondition(contains(a.start, Int(a.count)) && contains(b.start, Int(b.count)), "text outside its arena")
    let common = Int(Swift.min(a.count, b.count))
    let order = memcmp(base + a.start, base + b.start, common)
    return order != 0 ? order : a.count < b.count ? -1 : a.count > b.count ? 1 : 0
  }

  /// Whether the text `text` names has a byte that HTML escaping replaces.
  public func needsEscaping(_ text: RawRef) -> Bool {
    HTMLEscaper.needsEscaping(bytes(text))
  }
}

extension ByteWriter {
  /// Appends the bytes `text` names in `arena`.
  @inlinable @inline(__always)
  public mutating func append(_ text: RawRef, from arena: ByteArena) {
    precondition(arena.contains(text.start, Int(text.count)), "text outside its arena")
    appendBytes(arena.base + text.start, count: Int(text.count))
  }

  /// Appends `text` from `arena`, escaped for HTML or as it is.
  @inlinable @inline(__always)
  public mutating func append(_ text: TextRef, escaped: Bool, from arena: ByteArena) {
    let start = escaped ? text.escapedStart : text.start
    let count = Int(escaped ? text.escapedCount : text.rawCount)
    precondition(arena.contains(start, count), "text outside its arena")
    appendBytes(arena.base + start, count: count)
  }

  /// Appends `text`'s UTF-8 as it is.
  public mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { appendBytes($0) }
  }

  /// Whether the bytes from output position `start` to the end have one that HTML escaping replaces.
  public func tailNeedsEscaping(from start: Int) -> Bool {
    HTMLEscaper.needsEscaping(bytes(from: start))
  }

  /// Replaces the bytes from output position `start` to the end by their HTML escaping.
  public mutating func escapeTail(from start: Int) {
    let text = Array(bytes(from: start))
    truncate(to: start)
    text.withUnsafeBufferPointer { HTMLEscaper.appendEscaped(utf8: $0, into: &self) }
  }

  /// The last Unicode scalar of the (valid UTF-8) bytes from output position `start` to `end` that is not
  /// `skipping`, and where it starts; nil if there is none.
  @inlinable
  public func lastScalar(from start: Int, skipping: (Unicode.Scalar) -> Bool) -> Unicode.Scalar? {
    let utf8 = bytes(from: start)
    var end = utf8.count
    while end > 0 {
      // Valid UTF-8: the last scalar starts at the last byte that is not a continuation byte.
      var first = end - 1
      while first > 0, utf8[first] & 0xC0 == 0x80 { first -= 1 }
      var value = UInt32(utf8[first])
      if end - first > 1 {
        value &= 0x7F >> UInt32(end - first)
        for index in first + 1..<end {
          value = value << 6 | UInt32(utf8[index] & 0x3F)
        }
      }
      if let scalar = Unicode.Scalar(value), !skipping(scalar) { return scalar }
      end = first
    }
    return nil
  }
}

/// A ``ByteArena`` read through a plain pointer that the value itself keeps alive (see ``FixedTable``).
public struct ArenaBytes {
  @usableFromInline let owner: ByteArena
  @usableFromInline let base: UnsafePointer<UInt8>
  @usableFromInline let count: Int

  public init(_ owner: ByteArena) {
    self.owner = owner
    base = owner.base
    count = owner.count
  }

  /// The arena itself, for what takes one.
  public var arena: ByteArena { owner }

  @inlinable @inline(__always)
  func contains(_ start: Int, _ count: Int) -> Bool {
    // Unsigned: one comparison each covers the negative cases, and nothing can overflow.
    UInt(bitPattern: count) <= UInt(bitPattern: self.count)
      && UInt(bitPattern: start) <= UInt(bitPattern: self.count &- count)
  }
}

extension ByteWriter {
  /// Appends the bytes `text` names in `arena`.
  @inlinable @inline(__always)
  public mutating func append(_ text: RawRef, from arena: ArenaBytes) {
    precondition(arena.contains(text.start, Int(text.count)), "text outside its arena")
    appendBytes(arena.base + text.start, count: Int(text.count))
  }

  /// Appends `text` from `arena`, escaped for HTML or as it is.
  @inlinable @inline(__always)
  public mutating func append(_ text: TextRef, escaped: Bool, from arena: ArenaBytes) {
    let start = escaped ? text.escapedStart : text.start
    let count = Int(escaped ? text.escapedCount : text.rawCount)
    precondition(arena.contains(start, count), "text outside its arena")
    appendBytes(arena.base + start, count: count)
  }
}
