import Foundation

/// Safe reads of a ``ByteArena``: every range is checked against the arena before a byte is copied.
extension ByteArena {
  /// The arena's bytes, valid while the arena lives (the compiler keeps the view from outliving this reference).
  @inlinable
  var view: ReadView<UInt8> {
    @_lifetime(borrow self) get { _overrideLifetime(ReadView(UnsafeBufferPointer(storage)), borrowing: self) }
  }

  /// Whether the `count` bytes from `start` lie inside the arena.
  @inlinable func contains(_ start: Int, _ count: Int) -> Bool { view.contains(start, count) }

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

  /// Replaces the bytes from output position `start` to the end by their HTML escaping, with the stretch
  /// `wrapped` of them (offsets from `start`) escaped between the markup `open` writes and `close`: a history
  /// sentence whose task title links the task.
  public mutating func escapeTail(
    from start: Int, wrapping wrapped: Range<Int>, close: StaticString, open: (inout ByteWriter) -> Void
  ) {
    let source = bytes(from: start)
    // A sentence is short: its copy goes on the stack, not the heap (once per history entry on every build).
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: source.count) { copy in
      _ = copy.initialize(from: source)
      let text = UnsafeBufferPointer(copy)
      truncate(to: start)
      HTMLEscaper.appendEscaped(utf8: UnsafeBufferPointer(rebasing: text[..<wrapped.lowerBound]), into: &self)
      open(&self)
      HTMLEscaper.appendEscaped(utf8: UnsafeBufferPointer(rebasing: text[wrapped]), into: &self)
      appendStatic(close)
      HTMLEscaper.appendEscaped(utf8: UnsafeBufferPointer(rebasing: text[wrapped.upperBound...]), into: &self)
    }
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

/// A ``ByteArena`` read through a pointer that this value keeps valid by holding the arena (see ``FixedTable``).
public struct ArenaBytes {
  public let arena: ByteArena
  @usableFromInline let bytes: UnsafeBufferPointer<UInt8>

  public init(_ arena: ByteArena) {
    self.arena = arena
    bytes = UnsafeBufferPointer(arena.storage)
  }

  /// The arena's bytes, valid while this value (which holds the arena) is.
  @inlinable
  var view: ReadView<UInt8> {
    @_lifetime(borrow self) get { _overrideLifetime(ReadView(bytes), borrowing: self) }
  }
}

extension ByteWriter {
  /// Appends the bytes `text` names in `arena`.
  @inlinable @inline(__always)
  public mutating func append(_ text: RawRef, from arena: ArenaBytes) {
    append(arena.view, start: text.start, count: Int(text.count))
  }

  /// Appends `text` from `arena`, escaped for HTML or as it is.
  @inlinable @inline(__always)
  public mutating func append(_ text: TextRef, escaped: Bool, from arena: ArenaBytes) {
    append(
      arena.view, start: escaped ? text.escapedStart : text.start,
      count: Int(escaped ? text.escapedCount : text.rawCount))
  }
}
