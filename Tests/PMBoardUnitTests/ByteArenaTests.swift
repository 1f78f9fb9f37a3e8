import Foundation
import PMBoardBytes
import PMBoardCLI
import PMBoardCore
import PMBoardMustache
import PMBoardSite
import PMBoardStore
import PMBoardTestSupport
import PMBoardValidation
import Testing

@Suite("byte arenas")
struct ByteArenaTests {
  /// Two builders fill neighbouring regions of one reserved arena; every reference reads back its text, raw and
  /// escaped, from the shared arena.
  @Test func regionBuildersShareOneArena() {
    let first = ["plain", "x<y & \"q\"", "한국어 'quoted'"]
    let second = ["", "\"\"\"", "ok"]
    let bounds = [first, second].map { texts in ArenaBuilder.worstCase(rawCount: texts.reduce(0) { $0 + $1.utf8.count })
    }
    let arena = ByteArena(reserving: bounds[0] + bounds[1])
    var refs: [TextRef] = []
    do {
      var builder = ArenaBuilder(region: arena.region(0..<bounds[0]), at: 0)
      refs += first.map { builder.text($0) }
    }
    do {
      var builder = ArenaBuilder(region: arena.region(bounds[0]..<bounds[0] + bounds[1]), at: bounds[0])
      refs += second.map { builder.text($0) }
    }
    for (text, ref) in zip(first + second, refs) {
      let raw = String(
        decoding: UnsafeBufferPointer(start: arena.base + ref.start, count: Int(ref.rawCount)), as: UTF8.self)
      let escaped = String(
        decoding: UnsafeBufferPointer(start: arena.base + ref.escapedStart, count: Int(ref.escapedCount)), as: UTF8.self
      )
      #expect(raw == text)
      var expected = ByteWriter(capacity: 16)
      HTMLEscaper.appendEscaped(text, into: &expected)
      #expect(escaped == String(decoding: expected.bytes, as: UTF8.self))
    }
  }

  /// The worst case is what it says: text made only of the character with the longest escape fills it exactly.
  @Test func worstCaseBoundsTheLongestEscape() {
    let text = String(repeating: "\"", count: 10)
    let bound = ArenaBuilder.worstCase(rawCount: 10)
    let arena = ByteArena(reserving: bound)
    var builder = ArenaBuilder(region: arena.region(0..<bound), at: 0)
    let ref = builder.text(text)
    #expect(Int(ref.rawCount) + Int(ref.escapedCount) == bound)
  }

  /// A card's cut body is the prefix and "…", raw and escaped, as `text(_:)` stores the same string.
  @Test func anExcerptIsStoredAsTheSameTextWouldBe() {
    for (body, end) in [("a<b & c", 5), ("plain words", 5), ("\"q\" 한국", 3), ("", 0)] {
      var source = ArenaBuilder()
      let stored = source.text(body).raw
      let sourceArena = source.finish()
      var builder = ArenaBuilder()
      let excerpt = builder.excerpt(copying: stored, upTo: end, from: sourceArena)
      let expected = builder.text(String(decoding: Array(body.utf8)[..<end], as: UTF8.self) + "…")
      let arena = builder.finish()
      let read = { (start: Int, count: UInt32) in
        String(decoding: UnsafeBufferPointer(start: arena.base + start, count: Int(count)), as: UTF8.self)
      }
      #expect(read(excerpt.start, excerpt.rawCount) == read(expected.start, expected.rawCount))
      #expect(read(excerpt.escapedStart, excerpt.escapedCount) == read(expected.escapedStart, expected.escapedCount))
    }
  }

  /// Parts written at once land where their ranges say, in order; each part's result reaches `adjust`, whose change
  /// applies to that part's elements only; empty parts take part too.
  @Test func fixedArrayMadeInPartsMatchesOneLoop() {
    let ranges = [0..<3, 3..<3, 3..<10, 10..<11]
    let (array, results) = FixedArray<Int>.made(
      count: 11, parts: ranges,
      fill: { part, writer in
        for index in writer.range { writer.append(index * 10 + part) }
        return writer.count
      },
      adjust: { results, part in
        #expect(results == [3, 0, 7, 1])
        return part == 2 ? { $0 = -$0 } : nil
      })
    #expect(results == [3, 0, 7, 1])
    let expected = ranges.enumerated().flatMap { part, range in
      range.map { part == 2 ? -(($0 * 10) + part) : $0 * 10 + part }
    }
    #expect(Array(array) == expected)
  }

  /// A text's fingerprint (words, then bytes) changes with any one bit of it, at any length, and does not depend
  /// on where the text sits in its arena.
  @Test func textFingerprintSeesEveryBit() {
    var random = SplitMix64(seed: 37)
    func print(_ bytes: [UInt8], at shift: Int) -> UInt64 {
      var builder = ArenaBuilder()
      _ = builder.raw(String(repeating: "x", count: shift))
      let ref = bytes.withUnsafeBufferPointer { builder.text(utf8: $0) }.raw
      let arena = builder.finish()
      var fingerprint = Fingerprint()
      fingerprint.add(ref, of: arena)
      return fingerprint.value
    }
    for length in 0...100 {
      let bytes = (0..<length).map { _ in UInt8(ascii: "a") + UInt8(random.next() % 26) }
      let value = print(bytes, at: 0)
      #expect(print(bytes, at: 1 + length % 7) == value)
      for position in bytes.indices {
        var changed = bytes
        changed[position] ^= 1 << UInt8(random.next() % 7)
        #expect(print(changed, at: 0) != value, "length \(length), byte \(position)")
      }
      #expect(print(bytes + [UInt8(ascii: "a")], at: 0) != value)
    }
  }
}
