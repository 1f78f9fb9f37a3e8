import Foundation

/// The cases of a `String`-backed enum by their UTF-8 bytes, so a reader matches a column's bytes without making
/// a `String` per row (three per history entry: action and two states).
///
/// Names of up to eight bytes are compared as one word each: looking through names kept as arrays of bytes
/// retained and released each name's array per row, tens of thousands of times a build.
public struct ByteNames<Value: RawRepresentable & CaseIterable> where Value.RawValue == String {
  /// Each name as a little-endian word padded with zeros, with its length; longer names only by their bytes.
  private let short: [(word: UInt64, count: Int, value: Value)]
  private let long: [(bytes: [UInt8], value: Value)]

  public init() {
    let names = Value.allCases.map { (bytes: Array($0.rawValue.utf8), value: $0) }
    short = names.filter { $0.bytes.count <= 8 }.map { name in
      (name.bytes.withUnsafeBufferPointer(littleEndianWord), name.bytes.count, name.value)
    }
    long = names.filter { $0.bytes.count > 8 }
  }

  /// The case spelled exactly `bytes`, or nil.
  public func value(_ bytes: UnsafeBufferPointer<UInt8>) -> Value? {
    guard let start = bytes.baseAddress else { return nil }
    if bytes.count <= 8 {
      let word = littleEndianWord(bytes)
      for name in short where name.count == bytes.count && name.word == word { return name.value }
      return nil
    }
    for name in long where name.bytes.count == bytes.count {
      // swift-format-ignore: NeverForceUnwrap
      if name.bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, start, bytes.count) == 0 }) {
        return name.value
      }
    }
    return nil
  }
}

/// Up to eight bytes as a little-endian word, the rest zeros.
private func littleEndianWord(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
  var word: UInt64 = 0
  for index in 0..<min(bytes.count, 8) { word |= UInt64(bytes[index]) << (8 * UInt64(index)) }
  return word
}
