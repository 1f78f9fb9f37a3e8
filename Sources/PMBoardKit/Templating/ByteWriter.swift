/// Somewhere UTF-8 bytes can be appended: the renderer's ``ByteWriter``, or a plain `[UInt8]`.
protocol ByteSink: ~Copyable {
  var count: Int { get }
  mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>)
  mutating func appendByte(_ byte: UInt8)
  /// Keeps only the first `count` bytes.
  mutating func truncate(to count: Int)
}

extension Array: ByteSink where Element == UInt8 {
  mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
  mutating func appendByte(_ byte: UInt8) { append(byte) }
  mutating func truncate(to count: Int) { removeSubrange(count...) }
}

/// The output of one render call: a growable byte buffer whose append is a capacity check and a `memcpy`.
///
/// Rendering makes tens of small appends per card; `[UInt8].append(contentsOf:)` spends around a hundred
/// instructions per call on its generic path, which made it the largest single cost. The caller's `[UInt8]`
/// receives the finished output in one copy.
struct ByteWriter: ~Copyable, ByteSink {
  private var storage: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private(set) var count = 0

  init(capacity: Int) {
    self.capacity = max(capacity, 64)
    storage = .allocate(capacity: self.capacity)
  }

  deinit {
    storage.deallocate()
  }

  /// The bytes written so far; valid until the next change.
  var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: storage, count: count) }

  subscript(index: Int) -> UInt8 { storage[index] }

  mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    reserve(bytes.count)
    (storage + count).initialize(from: source, count: bytes.count)
    count += bytes.count
  }

  mutating func appendByte(_ byte: UInt8) {
    reserve(1)
    storage[count] = byte
    count += 1
  }

  /// Forgets the last `n` bytes (to take back speculatively written indentation).
  mutating func removeLast(_ n: Int) {
    precondition(n <= count)
    count -= n
  }

  mutating func truncate(to count: Int) {
    precondition(count <= self.count)
    self.count = count
  }

  private mutating func reserve(_ extra: Int) {
    guard count + extra > capacity else { return }
    let newCapacity = max(count + extra, capacity * 2)
    let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newStorage.initialize(from: storage, count: count)
    storage.deallocate()
    storage = newStorage
    capacity = newCapacity
  }
}
