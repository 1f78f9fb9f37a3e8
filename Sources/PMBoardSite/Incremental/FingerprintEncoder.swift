import PMBoardBytes

/// Mixes a value's every stored property into a ``Fingerprint`` through the `Encodable` conformance the compiler
/// writes for it: a property added to the type reaches the fingerprint with no list to keep up, as
/// `String(reflecting:)` did, at a tenth of its cost (reflection printed each kept page's ``PageInfo``, and that was
/// 15 % of a 10,000-task build's instructions once long columns came in pages).
///
/// Each key's name goes in before its value, so an absent optional (which the compiler's code skips) cannot be
/// mistaken for the next property; each container and each list element puts in a tag of its own.
struct FingerprintEncoder: Encoder {
  /// The fingerprint the containers add to, shared by every container of one value.
  final class Sink {
    var print: Fingerprint
    init(_ print: Fingerprint) { self.print = print }
  }

  enum Tag: UInt8 {
    case keyed = 1, unkeyed, element, nothing
  }

  let sink: Sink
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// `value`'s properties mixed into `print`. Should a conformance throw (the compiler's do not, and this encoder
  /// never does), the print is made unlike any other, so that the page is rendered rather than wrongly kept.
  static func add(_ value: some Encodable, to print: inout Fingerprint) {
    let sink = Sink(print)
    do {
      try value.encode(to: FingerprintEncoder(sink: sink))
      print = sink.print
    } catch {
      print.add(word: UInt64.random(in: .min ... .max))
    }
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    sink.print.add(Tag.keyed.rawValue)
    return KeyedEncodingContainer(Keyed<Key>(sink: sink))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    sink.print.add(Tag.unkeyed.rawValue)
    return Unkeyed(sink: sink)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { Single(sink: sink) }
}

extension FingerprintEncoder.Sink {
  func add(_ value: Bool) { print.add(value ? 1 : 0) }
  func add(_ value: String) { print.add(value) }
  func add(_ value: Double) { print.add(word: value.bitPattern) }
  func add(_ value: Float) { print.add(word: UInt64(value.bitPattern)) }
  func add(_ value: some FixedWidthInteger) { print.add(word: UInt64(truncatingIfNeeded: value)) }
  func add(encoding value: some Encodable) throws { try value.encode(to: FingerprintEncoder(sink: self)) }
  func addNil() { print.add(FingerprintEncoder.Tag.nothing.rawValue) }
}
