import Foundation

/// Immutable bytes with a stable address, shared by the pages of a build.
public final class ByteArena: @unchecked Sendable {
  @usableFromInline let storage: UnsafeMutableBufferPointer<UInt8>
  /// Whether `storage` is a mapping of its own (``init(reserving:)``) rather than a `malloc` block.
  private let isMapping: Bool

  public init(_ writer: consuming ByteWriter) {
    storage = writer.take()
    isMapping = false
  }

  /// Room for up to `capacity` bytes, filled in place through ``region(_:)`` before the arena is shared.
  ///
  /// Address space only: the kernel backs a page when it is first written, so a bound far above what is written
  /// costs nothing (and `MAP_NORESERVE` keeps it out of the overcommit accounting). This lets independent writers
  /// each fill a stretch sized for their worst case, instead of writing apart and being copied together after.
  /// Where the address space cannot be reserved (a `ulimit -v`, an exhausted map count), the arena falls back to an
  /// ordinary allocation of the same size: the build then uses more memory, but does not stop.
  public init(reserving capacity: Int) {
    let size = max(capacity, 1)
    let mapping = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
    if let mapping, mapping != UnsafeMutableRawPointer(bitPattern: -1) {
      storage = UnsafeMutableBufferPointer(start: mapping.assumingMemoryBound(to: UInt8.self), count: size)
      isMapping = true
    } else {
      // swift-format-ignore: NeverForceUnwrap
      let block = calloc(size, 1)!  // as any Swift allocation, running out of memory here ends the process
      storage = UnsafeMutableBufferPointer(start: block.assumingMemoryBound(to: UInt8.self), count: size)
      isMapping = false
    }
  }

  deinit {
    if isMapping {
      munmap(storage.baseAddress, storage.count)
    } else {
      free(storage.baseAddress)
    }
  }

  /// The bytes `range` of a reserved arena, to be written by one writer while no one reads those bytes (others may
  /// read the rest: the card dresses fill their chunks' stretches as pages ask for them, under each chunk's lock,
  /// which hands the bytes to their readers).
  public func region(_ range: Range<Int>) -> UnsafeMutableBufferPointer<UInt8> {
    precondition(range.lowerBound >= 0 && range.upperBound <= storage.count, "region outside the arena")
    return UnsafeMutableBufferPointer(rebasing: storage[range])
  }

  /// How many bytes the arena holds.
  @inlinable public var count: Int { storage.count }

  // swift-format-ignore: NeverForceUnwrap
  @inlinable public var base: UnsafePointer<UInt8> { UnsafePointer(storage.baseAddress!) }

  /// The bytes `text` names.
  public func bytes(_ text: RawRef) -> UnsafeBufferPointer<UInt8> {
    precondition(contains(text.start, Int(text.count)), "text outside its arena")
    return UnsafeBufferPointer(start: base + text.start, count: Int(text.count))
  }

  /// Calls `body` with the bytes `text` names.
  public func withBytes<Result>(_ text: RawRef, _ body: (Span<UInt8>) -> Result) -> Result {
    body(bytes(text).span)
  }

  /// `text` as a `String`, for the rare comparison that needs Unicode rules.
  public func string(_ text: RawRef) -> String {
    String(decoding: bytes(text), as: UTF8.self)
  }

  /// The unescaped text of `text` as a `String`, for the feeds, which escape it their own way.
  public func string(_ text: TextRef) -> String {
    string(RawRef(start: text.start, count: text.rawCount))
  }
}

/// Unescaped text in a ``ByteArena``.
///
/// An offset and a count, not a view: it may outlive its arena, and it stays escapable, because it cannot read
/// alone. Every read takes the arena (``ByteArena`` or ``ArenaBytes``, which hold it alive for the read) and checks
/// the range against the arena's size before touching a byte (``ByteArena/bytes(_:)``, ``ByteArena/compare(_:_:)``,
/// the view behind ``ByteWriter/append(_:from:)-(RawRef,_)``): a stale or foreign `RawRef` reads the wrong text
/// or stops the process, never freed memory.
public struct RawRef: Sendable {
  public var start: Int
  public var count: UInt32

  /// The bytes `start..<start + count` of an arena (a part of another reference's text).
  public init(start: Int, count: UInt32) {
    self.start = start
    self.count = count
  }
}

extension ByteWriter {
  /// Appends `bytes` and says where they are, for an arena being built.
  public mutating func appendRef(_ bytes: UnsafeBufferPointer<UInt8>) -> RawRef {
    let start = count
    appendBytes(bytes)
    return RawRef(start: start, count: UInt32(bytes.count))
  }

  /// Appends `text`'s UTF-8 and says where it is.
  public mutating func appendRef(_ text: String) -> RawRef {
    var text = text
    return text.withUTF8 { appendRef($0) }
  }
}

/// Up to 40 bytes of text as five words and a count: a dictionary key that hashes and compares without a `String`
/// (a build looks up the task id of every history entry).
public struct ShortTextKey: Hashable, Sendable {
  var words: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
  var count: Int

  public static func == (a: ShortTextKey, b: ShortTextKey) -> Bool {
    a.count == b.count && a.words == b.words
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(words.0)
    hasher.combine(words.1)
    hasher.combine(words.2)
    hasher.combine(words.3)
    hasher.combine(words.4)
    hasher.combine(count)
  }
}

extension ByteArena {
  /// `text` as a ``ShortTextKey``; nil when it is longer than 40 bytes.
  public func shortKey(_ text: RawRef) -> ShortTextKey? {
    let source = UnsafeRawBufferPointer(bytes(text))
    guard source.count <= 40 else { return nil }
    var key = ShortTextKey(count: source.count)
    withUnsafeMutableBytes(of: &key.words) { $0.copyMemory(from: source) }
    return key
  }
}
