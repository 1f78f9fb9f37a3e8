import Foundation

/// The cases of a `String`-backed enum by their UTF-8 bytes, so a reader matches a column's bytes without making
/// a `String` per row (three per history entry: action and two states).
public struct ByteNames<Value: RawRepresentable & CaseIterable> where Value.RawValue == String {
  private let names: [(bytes: [UInt8], value: Value)]

  public init() {
    names = Value.allCases.map { (Array($0.rawValue.utf8), $0) }
  }

  /// The case spelled exactly `bytes`, or nil.
  public func value(_ bytes: UnsafeBufferPointer<UInt8>) -> Value? {
    guard let start = bytes.baseAddress else { return nil }
    for name in names where name.bytes.count == bytes.count {
      // swift-format-ignore: NeverForceUnwrap
      if name.bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, start, bytes.count) == 0 }) {
        return name.value
      }
    }
    return nil
  }
}
