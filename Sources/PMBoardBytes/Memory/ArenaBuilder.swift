import Foundation

/// A string kept in a ``ByteArena``: its UTF-8 at `start`, followed by its HTML-escaped form when that differs.
public struct TextRef: Sendable {
  public var start: Int
  public var rawCount: UInt32
  public var escapedCount: UInt32

  public static let empty = TextRef(start: 0, rawCount: 0, escapedCount: 0)

  public var escapedStart: Int { rawCount == escapedCount ? start : start + Int(rawCount) }
}

/// Collects strings into one ``ByteArena``.
public struct ArenaBuilder: ~Copyable {
  var writer: ByteWriter
  /// Where the writer's first byte sits in the arena the references point into.
  let offset: Int

  public init() {
    writer = ByteWriter(capacity: 1 << 16)
    offset = 0
  }

  /// Fills `region`, the bytes from `offset` of a reserved ``ByteArena``, which must have room for
  /// ``worstCase(rawCount:)`` of the texts stored.
  public init(region: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
    writer = ByteWriter(region: region)
    self.offset = offset
  }

  /// Fills the bytes `range` of `arena`, reserved with ``ByteArena/init(reserving:)``, which must have room for
  /// ``worstCase(rawCount:)`` of the texts stored (a builder that runs past it stops the process rather than
  /// write outside). Builders that fill one arena at once must be given ranges that do not overlap.
  public init(filling arena: ByteArena, _ range: Range<Int>) {
    self.init(region: arena.region(range), at: range.lowerBound)
  }

  /// Stores a copy of the text `source` names in `arena`, raw and escaped.
  public mutating func text(copying source: RawRef, from arena: ByteArena) -> TextRef {
    text(utf8: arena.bytes(source))
  }

  /// The most bytes `text(utf8:)` stores for texts of `rawCount` bytes in all: each as it is, then escaped,
  /// where a byte becomes at most six (`&quot;`).
  public static func worstCase(rawCount: Int) -> Int { rawCount * 7 }

  /// Stores `text` and its escaped form (once if they are the same).
  public mutating func text(_ text: String) -> TextRef {
    var text = text
    return text.withUTF8 { self.text(utf8: $0) }
  }

  /// Stores the (valid) UTF-8 `utf8` and its escaped form (once if they are the same).
  public mutating func text(utf8: UnsafeBufferPointer<UInt8>) -> TextRef {
    let start = writer.count
    writer.appendBytes(utf8)
    guard HTMLEscaper.appendEscapedIfNeeded(utf8: utf8, into: &writer) else {
      return TextRef(start: offset + start, rawCount: UInt32(utf8.count), escapedCount: UInt32(utf8.count))
    }
    let escaped = writer.count - start - utf8.count
    if escaped == utf8.count {
      // Only specials that join a neighbouring character, which escaping leaves alone.
      writer.truncate(to: start + utf8.count)
    }
    return TextRef(start: offset + start, rawCount: UInt32(utf8.count), escapedCount: UInt32(escaped))
  }

  /// Stores the first `end` bytes of the text `source` names followed by "…", raw and escaped: a card's cut body.
  /// `end` must fall between two characters.
  public mutating func excerpt(copying source: RawRef, upTo end: Int, from arena: ByteArena) -> TextRef {
    precondition(end >= 0 && end <= Int(source.count), "excerpt longer than its text")
    let prefix = UnsafeBufferPointer(rebasing: arena.bytes(source)[..<end])
    let start = writer.count
    writer.appendBytes(prefix)
    appendEllipsis()
    let rawCount = writer.count - start
    // "…" joins no neighbour, so the prefix escapes alone as it would with it.
    guard HTMLEscaper.appendEscapedIfNeeded(utf8: prefix, into: &writer) else {
      return TextRef(start: offset + start, rawCount: UInt32(rawCount), escapedCount: UInt32(rawCount))
    }
    appendEllipsis()
    let escaped = writer.count - start - rawCount
    if escaped == rawCount { writer.truncate(to: start + rawCount) }
    return TextRef(start: offset + start, rawCount: UInt32(rawCount), escapedCount: UInt32(escaped))
  }

  private mutating func appendEllipsis() {
    writer.appendByte(0xE2)
    writer.appendByte(0x80)
    writer.appendByte(0xA6)
  }

  /// Stores `text` only as it is; for text that is composed into other text, never shown alone.
  public mutating func raw(_ text: String) -> RawRef {
    var text = text
    var ref = text.withUTF8 { writer.appendRef($0) }
    ref.start += offset
    return ref
  }

  public consuming func finish() -> ByteArena { ByteArena(writer) }
}

extension TextRef {
  /// The unescaped text.
  public var raw: RawRef { RawRef(start: start, count: rawCount) }
}
