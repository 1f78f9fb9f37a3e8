import Foundation

/// Immutable bytes with a stable address, shared by the pages of a build.
package final class ByteArena: @unchecked Sendable {
  private let storage: UnsafeMutableBufferPointer<UInt8>
  /// Whether `storage` is a mapping of its own (``init(reserving:)``) rather than a `malloc` block.
  private let isMapping: Bool

  package init(_ writer: consuming ByteWriter) {
    storage = writer.take()
    isMapping = false
  }

  /// Room for up to `capacity` bytes, filled in place through ``region(_:)`` before the arena is shared.
  ///
  /// Address space only: the kernel backs a page when it is first written, so a bound far above what is written
  /// costs nothing (and `MAP_NORESERVE` keeps it out of the overcommit accounting). This lets independent writers
  /// each fill a stretch sized for their worst case, instead of writing apart and being copied together after.
  package init(reserving capacity: Int) {
    let size = max(capacity, 1)
    let mapping = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
    guard let mapping, mapping != UnsafeMutableRawPointer(bitPattern: -1) else {
      fatalError("cannot reserve \(size) bytes of address space: \(String(cString: strerror(errno)))")
    }
    storage = UnsafeMutableBufferPointer(start: mapping.assumingMemoryBound(to: UInt8.self), count: size)
    isMapping = true
  }

  deinit {
    if isMapping {
      munmap(storage.baseAddress, storage.count)
    } else {
      free(storage.baseAddress)
    }
  }

  /// The bytes `range` of a reserved arena, to be written by one writer while no one reads the arena.
  package func region(_ range: Range<Int>) -> UnsafeMutableBufferPointer<UInt8> {
    UnsafeMutableBufferPointer(rebasing: storage[range])
  }

  package var base: UnsafePointer<UInt8> { UnsafePointer(storage.baseAddress!) }

  /// The bytes `text` names.
  package func bytes(_ text: RawRef) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: base + text.start, count: Int(text.count))
  }

  /// `text` as a `String`, for the rare comparison that needs Unicode rules.
  package func string(_ text: RawRef) -> String {
    String(decoding: bytes(text), as: UTF8.self)
  }
}

/// Unescaped text in a ``ByteArena``.
package struct RawRef: Sendable {
  package var start: Int
  package var count: UInt32
}

extension ByteWriter {
  /// Appends `bytes` and says where they are, for an arena being built.
  package mutating func appendRef(_ bytes: UnsafeBufferPointer<UInt8>) -> RawRef {
    let start = count
    appendBytes(bytes)
    return RawRef(start: start, count: UInt32(bytes.count))
  }
}
