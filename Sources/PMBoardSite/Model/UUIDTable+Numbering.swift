extension UUIDTable {
  /// Numbers the distinct keys `key` gives for positions `0..<total` 0, 1, 2, …: by position, its key's number
  /// (-1 for nil), and how many distinct keys there are. Equal keys get equal numbers; which key gets which number
  /// is unspecified.
  ///
  /// Why not one table: a walk over 300,000 history entries looking each task up in a table of every task missed
  /// the cache twice a lookup, four fifths of the insights' time. Here the keys are first sorted by their hash's
  /// high bits into buckets of a few thousand ids, in one streaming pass, and each bucket is numbered with a
  /// table small enough to stay in the cache.
  ///
  /// `key` is asked for each position twice, so that a caller need not make an array of the keys.
  static func numbering(count total: Int, key keyAt: (Int) -> UUIDKey?) -> (numbers: [Int32], count: Int) {
    var bucketBits = 0
    while bucketBits < 16, total >> (bucketBits + 12) > 0 { bucketBits += 1 }
    let shift = UInt64(64 - bucketBits)
    func bucket(_ key: UUIDKey) -> Int { bucketBits == 0 ? 0 : Int(truncatingIfNeeded: hash(key) >> shift) }
    // Counting sort of the positions by bucket: starts, then the positions and keys in bucket order.
    var starts = [Int](repeating: 0, count: (1 << bucketBits) + 1)
    for position in 0..<total {
      if let key = keyAt(position) { starts[bucket(key) + 1] += 1 }
    }
    for index in 1..<starts.count { starts[index] += starts[index - 1] }
    var next = starts
    var positions = [Int32](repeating: 0, count: starts[starts.count - 1])
    var sorted = [UUIDKey](repeating: UUIDKey(high: 0, low: 0), count: positions.count)
    for position in 0..<total {
      guard let key = keyAt(position) else { continue }
      let bucket = bucket(key)
      positions[next[bucket]] = Int32(truncatingIfNeeded: position)
      sorted[next[bucket]] = key
      next[bucket] += 1
    }
    var numbers = [Int32](repeating: -1, count: total)
    var count = 0
    for bucket in 0..<(starts.count - 1) where starts[bucket + 1] > starts[bucket] {
      var table = UUIDTable(capacity: min(starts[bucket + 1] - starts[bucket], 4096))
      for index in starts[bucket]..<starts[bucket + 1] {
        let key = sorted[index]
        let number: Int32
        if let known = table[key] {
          number = known
        } else {
          number = Int32(truncatingIfNeeded: count)
          table.set(key, number)
          count += 1
        }
        numbers[Int(positions[index])] = number
      }
    }
    return (numbers, count)
  }
}
