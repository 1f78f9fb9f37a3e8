/// Turns UTF-8 byte offsets into the 1-based line and column (in Unicode scalars) that editors show.
///
/// Positions are computed from offsets rather than taken from libxml2, whose columns count bytes and point after the
/// construct it complains about.
public struct HTMLSourcePositions {
  private let bytes: [UInt8]
  /// Byte offset at which each line starts; line 1 starts at 0.
  private let lineStarts: [Int]
  /// How many scalars start before each byte offset: a column is then a subtraction, not a scan of the line (a
  /// one-line template with thousands of problems took seconds).
  private let scalarsBefore: [Int32]

  public init(_ bytes: [UInt8]) {
    self.bytes = bytes
    var starts = [0]
    var scalars: [Int32] = [0]
    scalars.reserveCapacity(bytes.count + 1)
    var count: Int32 = 0
    for (offset, byte) in bytes.enumerated() {
      if byte == 0x0A { starts.append(offset + 1) }
      // Bytes that are not UTF-8 continuation bytes (0b10xxxxxx) start a scalar.
      if byte & 0xC0 != 0x80 { count += 1 }
      scalars.append(count)
    }
    lineStarts = starts
    scalarsBefore = scalars
  }

  /// The line and column of the byte at `offset` (clamped to the end of the text).
  public func position(of offset: Int) -> (line: Int, column: Int) {
    let offset = min(max(offset, 0), bytes.count)
    // The last line start at or before the offset (binary search: templates can be long).
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    var start = lineStarts[low]
    // A byte-order mark is invisible in editors, so it does not count as a column.
    if start == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) && offset >= 3 { start = 3 }
    let scalars = Int(scalarsBefore[offset] - scalarsBefore[min(start, offset)])
    return (low + 1, scalars + 1)
  }
}
