import PMBoardBytes

/// The three containers of ``FingerprintEncoder``: each value they are given goes to the shared sink, a keyed one
/// after its key's name, a list's after an element tag.
extension FingerprintEncoder {
  struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let sink: Sink
    var codingPath: [any CodingKey] { [] }

    private func key(_ key: Key) { sink.print.add(key.stringValue) }

    mutating func encodeNil(forKey key: Key) { self.key(key); sink.addNil() }
    mutating func encode(_ value: Bool, forKey key: Key) { self.key(key); sink.add(value) }
    mutating func encode(_ value: String, forKey key: Key) { self.key(key); sink.add(value) }
    mutating func encode(_ value: Double, forKey key: Key) { self.key(key); sink.add(value) }
    mutating func encode(_ value: Float, forKey key: Key) { self.key(key); sink.add(value) }
    mutating func encode(_ value: Int, forKey key: Key) { self.key(key); sink.add(value) }
    mutating func encode(_ value: Int8, forKey key: Key) { self.key(key); sink.add(value) }
    mutating func encode(_ value: Int16, forKey key: Key) { self.key(key); sink.add(value) }
    mutating func encode(_ value: Int32, forKey key: Key) { self.key(key); sink.add(value) }
    mutating func encode(_ value: Int64, forKey key: Key) { self.key(key); sink.add(value) }
    mutating func encode(_ value: UInt, forKey key: Key) { self.key(key); sink.add(value) }
    mutating func encode(_ value: UInt8, forKey key: Key) { self.key(key); sink.add(value) }
    mutating func encode(_ value: UInt16, forKey key: Key) { self.key(key); sink.add(value) }
    mutating func encode(_ value: UInt32, forKey key: Key) { self.key(key); sink.add(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) { self.key(key); sink.add(value) }
    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
      self.key(key)
      try sink.add(encoding: value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      self.key(key)
      return FingerprintEncoder(sink: sink).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      self.key(key)
      return FingerprintEncoder(sink: sink).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { FingerprintEncoder(sink: sink) }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
      self.key(key)
      return FingerprintEncoder(sink: sink)
    }
  }

  struct Unkeyed: UnkeyedEncodingContainer {
    let sink: Sink
    var codingPath: [any CodingKey] { [] }
    private(set) var count = 0

    private mutating func element() {
      count += 1
      sink.print.add(Tag.element.rawValue)
    }

    mutating func encodeNil() { element(); sink.addNil() }
    mutating func encode(_ value: Bool) { element(); sink.add(value) }
    mutating func encode(_ value: String) { element(); sink.add(value) }
    mutating func encode(_ value: Double) { element(); sink.add(value) }
    mutating func encode(_ value: Float) { element(); sink.add(value) }
    mutating func encode(_ value: Int) { element(); sink.add(value) }
    mutating func encode(_ value: Int8) { element(); sink.add(value) }
    mutating func encode(_ value: Int16) { element(); sink.add(value) }
    mutating func encode(_ value: Int32) { element(); sink.add(value) }
    mutating func encode(_ value: Int64) { element(); sink.add(value) }
    mutating func encode(_ value: UInt) { element(); sink.add(value) }
    mutating func encode(_ value: UInt8) { element(); sink.add(value) }
    mutating func encode(_ value: UInt16) { element(); sink.add(value) }
    mutating func encode(_ value: UInt32) { element(); sink.add(value) }
    mutating func encode(_ value: UInt64) { element(); sink.add(value) }
    mutating func encode(_ value: some Encodable) throws {
      element()
      try sink.add(encoding: value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
      element()
      return FingerprintEncoder(sink: sink).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      element()
      return FingerprintEncoder(sink: sink).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
      element()
      return FingerprintEncoder(sink: sink)
    }
  }

  struct Single: SingleValueEncodingContainer {
    let sink: Sink
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() { sink.addNil() }
    mutating func encode(_ value: Bool) { sink.add(value) }
    mutating func encode(_ value: String) { sink.add(value) }
    mutating func encode(_ value: Double) { sink.add(value) }
    mutating func encode(_ value: Float) { sink.add(value) }
    mutating func encode(_ value: Int) { sink.add(value) }
    mutating func encode(_ value: Int8) { sink.add(value) }
    mutating func encode(_ value: Int16) { sink.add(value) }
    mutating func encode(_ value: Int32) { sink.add(value) }
    mutating func encode(_ value: Int64) { sink.add(value) }
    mutating func encode(_ value: UInt) { sink.add(value) }
    mutating func encode(_ value: UInt8) { sink.add(value) }
    mutating func encode(_ value: UInt16) { sink.add(value) }
    mutating func encode(_ value: UInt32) { sink.add(value) }
    mutating func encode(_ value: UInt64) { sink.add(value) }
    mutating func encode(_ value: some Encodable) throws { try sink.add(encoding: value) }
  }
}
