import Foundation

/// The output of one render call: a growable byte buffer whose append is a capacity check and a `memcpy`.
///
/// Rendering makes tens of small appends per card; `[UInt8].append(contentsOf:)` spends around a hundred
/// instructions per call on its generic path, which made it the largest single cost.
///
/// A streaming render hands the front of the buffer on with ``flush(keeping:to:)`` now and then, so a 70 MB page
/// never sits in memory whole. Positions (`count`, the subscript, `truncate(to:)`) stay those of the whole output;
/// only bytes not yet handed on can be read or taken back.
public struct ByteWriter: ~Copyable {
  private var storage: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// Bytes in `storage`.
  public private(set) var pending = 0
  /// Bytes handed on before `storage[0]`.
  private var flushed = 0
  /// Whether `storage` is this writer's `malloc` block (else a region of someone else's memory).
  private let ownsStorage: Bool

  public init(capacity: Int) {
    self.capacity = max(capacity, 64)
    // swift-format-ignore: NeverForceUnwrap
    storage = malloc(self.capacity)!.assumingMemoryBound(to: UInt8.self)
    ownsStorage = true
  }

  /// Writes into `region` of memory the caller owns, which must have room for everything written: growing
  /// would move the bytes away from where their readers look for them.
  public init(region: UnsafeMutableBufferPointer<UInt8>) {
    // swift-format-ignore: NeverForceUnwrap
    storage = region.baseAddress!
    capacity = region.count
    ownsStorage = false
  }

  deinit {
    if ownsStorage { free(storage) }
  }

  /// The length of the whole output so far, including bytes already handed on.
  public var count: Int { flushed + pending }

  /// Calls `body` with the bytes not yet handed on.
  public func withPendingBytes<Result>(_ body: (Span<UInt8>) -> Result) -> Result {
    body(bytes.span)
  }

  /// The bytes not yet handed on; valid until the next change.
  public var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: storage, count: pending) }

  /// The bytes from output position `start` (not yet handed on) to the end; valid until the next change.
  public func bytes(from start: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: storage + (start - flushed), count: count - start)
  }

  /// The byte at output position `index`, which must not have been handed on.
  public subscript(index: Int) -> UInt8 {
    precondition(index >= flushed && index < count, "position handed on or not yet written")
    return storage[index - flushed]
  }

  public mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    appendBytes(source, count: bytes.count)
  }

  public mutating func appendBytes(_ source: UnsafePointer<UInt8>, count: Int) {
    reserve(count)
    let target = storage + pending
    // Most pieces are a few bytes (a tag's tail, a flag, an id): two overlapping word copies beat a call to memcpy.
    if count <= 16 {
      if count >= 8 {
        let head = UnsafeRawPointer(source).loadUnaligned(as: UInt64.self)
        let tail = UnsafeRawPointer(source + count - 8).loadUnaligned(as: UInt64.self)
        UnsafeMutableRawPointer(target).storeBytes(of: head, as: UInt64.self)
        UnsafeMutableRawPointer(target + count - 8).storeBytes(of: tail, as: UInt64.self)
      } else if count >= 4 {
        let head = UnsafeRawPointer(source).loadUnaligned(as: UInt32.self)
        let tail = UnsafeRawPointer(source + count - 4).loadUnaligned(as: UInt32.self)
        UnsafeMutableRawPointer(target).storeBytes(of: head, as: UInt32.self)
        UnsafeMutableRawPointer(target + count - 4).storeBytes(of: tail, as: UInt32.self)
      } else {
        for index in 0..<count {
          target[index] = source[index]
        }
      }
    } else if count <= 64 {
      // Ids (36 bytes) and most template text between two tags land here: a call to memmove costs more than
      // the copy. Overlapping 16-byte pieces, all loaded before any is stored.
      let from = UnsafeRawPointer(source)
      let to = UnsafeMutableRawPointer(target)
      let first = from.loadUnaligned(as: SIMD16<UInt8>.self)
      let last = from.loadUnaligned(fromByteOffset: count - 16, as: SIMD16<UInt8>.self)
      if count > 32 {
        let second = from.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self)
        let third = from.loadUnaligned(fromByteOffset: count - 32, as: SIMD16<UInt8>.self)
        to.storeBytes(of: second, toByteOffset: 16, as: SIMD16<UInt8>.self)
        to.storeBytes(of: third, toByteOffset: count - 32, as: SIMD16<UInt8>.self)
      }
      to.storeBytes(of: first, as: SIMD16<UInt8>.self)
      to.storeBytes(of: last, toByteOffset: count - 16, as: SIMD16<UInt8>.self)
    } else {
      target.update(from: source, count: count)
    }
    pending += count
  }

  /// Lowercases ASCII `A`–`F` from output position `start` (not yet handed on) to the end.
  public mutating func lowercaseHexLetters(from start: Int) {
    precondition(start >= flushed && start <= count, "position handed on or not yet written")
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    // Eight bytes at a time: a byte's high bit survives in `mask` iff it is below 0x80, at least 0x41 (`A`) and
    // below 0x47 (past `F`); adding that bit shifted to 0x20 lowercases exactly those bytes. Lowercasing twice
    // changes nothing, so the last word may overlap the one before.
    @inline(__always) func lowercase(_ position: Int) {
      let raw = UnsafeMutableRawPointer(storage + position)
      let word = raw.loadUnaligned(as: UInt64.self)
      let low = word & ~highs
      let mask = (low &+ ones &* (0x80 - 0x41)) & ~(low &+ ones &* (0x80 - 0x47)) & ~word & highs
      raw.storeBytes(of: word &+ (mask >> 2), as: UInt64.self)
    }
    var index = start - flushed
    while index + 8 <= pending {
      lowercase(index)
      index += 8
    }
    if index < pending {
      if pending - (start - flushed) >= 8 {
        lowercase(pending - 8)
      } else {
        for position in index..<pending where storage[position] &- UInt8(ascii: "A") < 6 {
          storage[position] += 32
        }
      }
    }
  }

  public mutating func appendByte(_ byte: UInt8) {
    reserve(1)
    storage[pending] = byte
    pending += 1
  }

  /// Forgets the last `n` bytes (to take back speculatively written indentation).
  public mutating func removeLast(_ n: Int) {
    precondition(n <= pending)
    pending -= n
  }

  public mutating func truncate(to count: Int) {
    precondition(count >= flushed && count <= self.count)
    pending = count - flushed
  }

  /// Hands all but the last `tail` bytes to `sink` and forgets them.
  public mutating func flush(keeping tail: Int, to sink: (Span<UInt8>) -> Void) {
    guard pending > tail else { return }
    let handed = pending - tail
    sink(UnsafeBufferPointer(start: storage, count: handed).span)
    storage.update(from: storage + handed, count: tail)
    flushed += handed
    pending = tail
  }

  /// Gives up the buffer: its first `pending` bytes, to be released with `free`.
  consuming func take() -> UnsafeMutableBufferPointer<UInt8> {
    precondition(ownsStorage, "a region writer has nothing of its own to give up")
    let result = UnsafeMutableBufferPointer(start: storage, count: pending)
    discard self
    return result
  }

  private mutating func reserve(_ extra: Int) {
    guard pending + extra > capacity else { return }
    grow(extra)
  }

  @inline(never)
  private mutating func grow(_ extra: Int) {
    precondition(ownsStorage, "a region writer ran past the room its caller reserved")
    // `realloc` moves big blocks by remapping pages, without copying or touching them twice.
    let newCapacity = max(pending + extra, capacity * 2)
    // swift-format-ignore: NeverForceUnwrap
    storage = realloc(storage, newCapacity)!.assumingMemoryBound(to: UInt8.self)
    capacity = newCapacity
  }
}
