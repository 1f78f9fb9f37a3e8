/// A table from task ids (``UUIDKey``) to numbers, for the walks that match hundreds of thousands of history
/// entries to tasks (the insights' replay, done days, the label and person feeds), and from the search index's
/// sentence fingerprints (in ``UUIDKey/high``) to their numbers: open addressing in two flat arrays, each key mixed
/// with a seed drawn once a process. A `Dictionary` hashes every key with SipHash from a fresh `Hasher`, which was
/// two thirds of the insights' time; the seed keeps what a dictionary's seeding gives, that ids chosen to collide (a
/// board's ids come from its files) cannot be chosen without it. The numbers apart from the keys: a probe reads the
/// small array first (keys and numbers in one array measured slower: a cache miss in a larger table for every
/// lookup). Nothing reads the table in slot order, so the seed changes no output.
struct UUIDTable {
  private var keys: [UUIDKey]
  /// By slot: the number, ``empty`` or ``removed``.
  private var values: [Int32]
  private var mask: Int
  /// Keys with a number (not removed).
  private(set) var count = 0
  /// Slots taken, removed ones included: what the load counts.
  private var used = 0

  private static let empty: Int32 = -1
  private static let removed: Int32 = -2
  private static let seeds = (UInt64.random(in: .min ... .max), UInt64.random(in: .min ... .max))

  init(capacity: Int = 0) {
    var slots = 16
    while slots < capacity * 2 { slots *= 2 }
    keys = Array(repeating: UUIDKey(high: 0, low: 0), count: slots)
    values = Array(repeating: Self.empty, count: slots)
    mask = slots - 1
  }

  var isEmpty: Bool { count == 0 }

  subscript(key: UUIDKey) -> Int32? {
    let slot = find(key)
    return values[slot] >= 0 ? values[slot] : nil
  }

  /// Gives `key` the number `value`, replacing the one it had.
  mutating func set(_ key: UUIDKey, _ value: Int32) {
    precondition(value >= 0, "a table's numbers are not negative")
    let slot = find(key)
    if values[slot] < 0 {
      if values[slot] == Self.empty {
        used += 1
        keys[slot] = key
      }
      count += 1
    }
    values[slot] = value
    if used * 2 > values.count { grow() }
  }

  /// Takes `key`'s number away.
  mutating func remove(_ key: UUIDKey) {
    let slot = find(key)
    guard values[slot] >= 0 else { return }
    values[slot] = Self.removed
    count -= 1
  }

  /// The slot holding `key`, or the empty slot where it would go. A removed slot keeps its key, so `key` found
  /// there is given the same slot again.
  private func find(_ key: UUIDKey) -> Int {
    var slot = Int(truncatingIfNeeded: Self.hash(key)) & mask
    while values[slot] != Self.empty, keys[slot] != key { slot = (slot + 1) & mask }
    return slot
  }

  private mutating func grow() {
    let (oldKeys, oldValues) = (keys, values)
    self = UUIDTable(capacity: values.count)
    for slot in oldValues.indices where oldValues[slot] >= 0 { set(oldKeys[slot], oldValues[slot]) }
  }

  /// `key` mixed with the process's seed: a slot from its low bits, a bucket (``numbering(count:key:)``) from its high ones.
  @inline(__always)
  static func hash(_ key: UUIDKey) -> UInt64 { mix(mix(key.high ^ seeds.0) ^ key.low ^ seeds.1) }

  /// MurmurHash3's 64-bit finalizer: every input bit moves every output bit.
  @inline(__always)
  private static func mix(_ word: UInt64) -> UInt64 {
    var word = word
    word ^= word >> 33
    word &*= 0xff51_afd7_ed55_8ccd
    word ^= word >> 33
    word &*= 0xc4ce_b9fe_1a85_ec53
    return word ^ (word >> 33)
  }
}
