import Foundation

/// Immutable bytes with a stable address, shared by the pages of a build.
final class ByteArena: @unchecked Sendable {
  private let storage: UnsafeMutableBufferPointer<UInt8>

  init(_ writer: consuming ByteWriter) {
    storage = writer.take()
  }

  deinit {
    free(storage.baseAddress)
  }

  var base: UnsafePointer<UInt8> { UnsafePointer(storage.baseAddress!) }

  var count: Int { storage.count }

  /// The arenas' bytes one after another, in one arena.
  static func joined(_ arenas: [ByteArena]) -> ByteArena {
    var writer = ByteWriter(capacity: arenas.reduce(0) { $0 + $1.count })
    for arena in arenas {
      writer.appendBytes(arena.base, count: arena.count)
    }
    return ByteArena(writer)
  }

  /// The bytes `text` names.
  func bytes(_ text: RawRef) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: base + text.start, count: Int(text.count))
  }

  /// `text` as a `String`, for the rare comparison that needs Unicode rules.
  func string(_ text: RawRef) -> String {
    String(decoding: bytes(text), as: UTF8.self)
  }
}

/// Unescaped text in a ``ByteArena``.
struct RawRef: Sendable {
  var start: Int
  var count: UInt32
}

extension ByteWriter {
  /// Appends `bytes` and says where they are, for an arena being built.
  mutating func appendRef(_ bytes: UnsafeBufferPointer<UInt8>) -> RawRef {
    let start = count
    appendBytes(bytes)
    return RawRef(start: start, count: UInt32(bytes.count))
  }
}
