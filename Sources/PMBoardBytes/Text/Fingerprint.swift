import Foundation

/// A 64-bit FNV-1a hash of a page's inputs, the same in every process (Swift's `Hasher` is seeded per run): a
/// rebuild compares it with the one the previous build kept in the manifest to know a page cannot have changed.
public struct Fingerprint: Sendable, Equatable {
  public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  public init() {}

  public mutating func add(_ byte: UInt8) {
    value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
  }

  /// The number as one word, mixed as MurmurHash64A mixes its words: a rebuild adds a dozen numbers for each of
  /// hundreds of thousands of history entries, and eight byte steps each were most of that.
  public mutating func add(_ number: Int) {
    add(word: UInt64(bitPattern: Int64(number)))
  }

  @inline(__always)
  private mutating func mix(_ word: UInt64) {
    let multiplier: UInt64 = 0xc6a4_a793_5bd1_e995
    var word = word &* multiplier
    word ^= word >> 47
    word &*= multiplier
    value = (value ^ word) &* multiplier
  }

  /// Each of `bytes`, and not their count: the FNV-1a hash of a whole file. Here rather than a loop over
  /// the single-byte `add` in the caller, which cannot inline it across modules and pays a call per byte.
  public mutating func add(bytes data: Data) {
    var value = self.value
    data.withUnsafeBytes { bytes in
      for byte in bytes { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    }
    self.value = value
  }

  /// The text's UTF-8 bytes and then its length, so that two texts in a row cannot run into each other.
  public mutating func add(_ text: String) {
    for byte in text.utf8 { add(byte) }
    add(text.utf8.count)
  }

  /// The bytes of `text` in `arena`, then their count. Eight bytes at a time, each word mixed as MurmurHash64A
  /// mixes its words: a rebuild fingerprints every task page's title, body and history.
  public mutating func add(_ text: RawRef, of arena: ByteArena) {
    let bytes = UnsafeRawBufferPointer(arena.bytes(text))
    let words = bytes.count / 8
    for index in 0..<words {
      mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)))
    }
    for byte in bytes[(words * 8)...] { add(byte) }
    add(Int(text.count))
  }

  /// A hash of `bytes`, eight at a time as ``add(_:of:)`` takes a text, the last word holding the count: for a
  /// lookup table in memory (a manifest's 400,000 paths hashed a byte at a time took 70 ns each). Each word is put
  /// together from its bytes, no unsafe load: the compiler makes one load of most.
  public static func hash(_ bytes: Span<UInt8>) -> UInt64 {
    var print = Fingerprint()
    let words = bytes.count / 8
    for index in 0..<words {
      var word: UInt64 = 0
      for offset in 0..<8 { word |= UInt64(bytes[index * 8 + offset]) << (8 * UInt64(offset)) }
      print.mix(word)
    }
    var last = UInt64(bytes.count) << 56
    for offset in (words * 8)..<bytes.count { last |= UInt64(bytes[offset]) << (8 * UInt64(offset - words * 8)) }
    print.mix(last)
    return print.value
  }

  /// Another fingerprint's value (a card's, a page's content): one word, mixed as a number is.
  public mutating func add(word: UInt64) { mix(word) }

  /// Sixteen hex digits, as the manifest keeps it.
  public var hex: String {
    var digits: [UInt8] = []
    Self.appendHex(value, to: &digits)
    return String(decoding: digits, as: UTF8.self)
  }

  /// Appends `value` as sixteen lowercase hex digits: the manifest writes hundreds of thousands without a `String`
  /// each.
  public static func appendHex(_ value: UInt64, to text: inout [UInt8]) {
    // Worked out, not looked up: a table in a global was a lazy initialization check on every call.
    for shift in stride(from: 60, through: 0, by: -4) {
      let digit = UInt8(truncatingIfNeeded: value >> UInt64(shift)) & 0xf
      text.append(digit < 10 ? digit &+ UInt8(ascii: "0") : digit &+ (UInt8(ascii: "a") &- 10))
    }
  }
}
