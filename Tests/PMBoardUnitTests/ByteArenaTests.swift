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
}
