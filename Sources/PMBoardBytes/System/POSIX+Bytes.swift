import CSystemShim
import Foundation

/// Reading and writing bytes, and the Linux call the site writer needs (the swap is `FolderHandle.exchange`), with safe signatures: spans and
/// arrays in, counts out.
extension POSIX {
  /// Writes all of `bytes` to `descriptor`, retrying short writes and EINTR; nil, or the errno that stopped it.
  public static func writeAll(_ descriptor: Int32, _ bytes: Span<UInt8>) -> Int32? {
    bytes.withUnsafeBytes { writeAll(descriptor, $0) }
  }

  /// Reads up to `count` bytes (at most `buffer.count`) from `descriptor` into the front of `buffer`, at the file
  /// position, or at `offset` when given; the number read, 0 at the end, -1 on an error (errno).
  public static func read(_ descriptor: Int32, into buffer: inout [UInt8], count: Int, at offset: Int? = nil) -> Int {
    let wanted = Swift.min(count, buffer.count)
    return buffer.withUnsafeMutableBytes { raw in
      guard let base = raw.baseAddress, wanted > 0 else { return 0 }
      if let offset { return Foundation.pread(descriptor, base, wanted, off_t(offset)) }
      return Foundation.read(descriptor, base, wanted)
    }
  }

  /// Whether `bytes` equals the first `bytes.count` elements of `array` from `start`.
  public static func equal(_ bytes: Span<UInt8>, _ array: [UInt8], from start: Int) -> Bool {
    precondition(start >= 0 && start <= array.count && bytes.count <= array.count - start, "range out of bounds")
    return bytes.withUnsafeBytes { mine in
      array.withUnsafeBytes { theirs in
        guard let mineBase = mine.baseAddress, let theirBase = theirs.baseAddress else { return true }
        return memcmp(mineBase, theirBase + start, mine.count) == 0
      }
    }
  }

  /// Compares the next `bytes.count` bytes read from `descriptor` with `bytes`, reading through `buffer`.
  public static func readEqual(_ descriptor: Int32, _ bytes: Span<UInt8>, buffer: inout [UInt8]) -> Bool {
    if buffer.count < bytes.count { buffer = [UInt8](repeating: 0, count: bytes.count) }
    var offset = 0
    while offset < bytes.count {
      let count = read(descriptor, into: &buffer, count: bytes.count - offset)
      guard count > 0 else { return false }
      guard equal(bytes.extracting(offset..<offset + count), buffer, from: 0) else { return false }
      offset += count
    }
    return true
  }

  /// Copies `count` bytes from `input` at `offset` (advanced by what was copied) to `output` at its position,
  /// inside the kernel (Linux copy_file_range); what was copied, or -1 (errno) where the kernel cannot.
  public static func copyFileRange(_ input: Int32, offset: inout Int64, to output: Int32, count: Int) -> Int {
    var position: CLongLong = offset
    let copied = pmboard_copy_file_range(input, &position, output, UInt(count))
    offset = position
    return Int(copied)
  }
}
