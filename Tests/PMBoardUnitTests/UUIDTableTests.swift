import PMBoardTestSupport
import Testing

@testable import PMBoardSite

/// ``UUIDTable`` against a `Dictionary` doing the same: random sets, replacements, removals and lookups, with keys
/// drawn from a small pool (so that most operations meet a key already there, removed ones included) and keys that
/// differ in one word only.
@Suite("the task id table against a dictionary")
struct UUIDTableTests {
  @Test(arguments: [0, 7, 300, 5000])
  func answersAsADictionaryDoes(poolSize: Int) {
    var random = SplitMix64(seed: UInt64(poolSize) &+ 41)
    var pool: [UUIDKey] = []
    for index in 0..<max(poolSize, 1) {
      // Every third key's high word is a small count and every fifth's low word is 7: keys alike in one word.
      let high: UInt64 = index % 3 == 0 ? UInt64(index / 3) : random.next()
      let low: UInt64 = index % 5 == 0 ? 7 : random.next()
      pool.append(UUIDKey(high: high, low: low))
    }
    var table = UUIDTable(capacity: poolSize / 4)
    var expected: [UUIDKey: Int32] = [:]
    for step in 0..<(poolSize * 6 + 50) {
      let key = pool[Int(random.next() % UInt64(pool.count))]
      switch random.next() % 4 {
      case 0, 1:
        let value = Int32(truncatingIfNeeded: random.next() >> 34)
        table.set(key, value)
        expected[key] = value
      case 2:
        table.remove(key)
        expected[key] = nil
      default:
        break
      }
      #expect(table[key] == expected[key], "step \(step)")
      #expect(table.count == expected.count, "step \(step)")
    }
    for key in pool { #expect(table[key] == expected[key]) }
    #expect(table.isEmpty == expected.isEmpty)
  }
}

/// ``UUIDTable/numbering(count:key:)`` against a dictionary numbering keys as they come: the same partition of positions
/// into equal keys, numbers `0..<count`, and -1 exactly where there is no key. Sizes under one bucket and over many.
@Suite("task numbering by buckets against a dictionary")
struct UUIDNumberingTests {
  @Test(arguments: [0, 1, 4095, 4097, 70_000])
  func numbersEqualKeysAlike(count: Int) {
    var random = SplitMix64(seed: UInt64(count) &+ 5)
    // Keys alike in one word among them, as in the table's test; one position in nine has no key.
    var pool: [UUIDKey] = []
    for index in 0..<max(count / 3, 1) {
      let high: UInt64 = index % 3 == 0 ? UInt64(index) : random.next()
      let low: UInt64 = index % 5 == 0 ? 7 : random.next()
      pool.append(UUIDKey(high: high, low: low))
    }
    var keys: [UUIDKey?] = []
    for _ in 0..<count {
      let pick = pool[Int(random.next() % UInt64(pool.count))]
      keys.append(random.next() % 9 == 0 ? nil : pick)
    }
    let (numbers, distinct) = UUIDTable.numbering(count: keys.count) { keys[$0] }
    var expected: [UUIDKey: Int32] = [:]
    var numberOf: [Int32: UUIDKey] = [:]
    #expect(numbers.count == keys.count)
    for (position, key) in keys.enumerated() {
      guard let key else {
        #expect(numbers[position] == -1)
        continue
      }
      let number = numbers[position]
      #expect((0..<Int32(distinct)).contains(number))
      if let known = expected[key] { #expect(number == known, "position \(position)") }
      if let other = numberOf[number] { #expect(other == key, "number \(number) given to two keys") }
      expected[key] = number
      numberOf[number] = key
    }
    #expect(distinct == expected.count)
  }
}
