import PMBoardSite
import Testing

/// ``PageCuts``: pages of about the size asked for, a short list one page, and cuts that move only near a change.
@Suite struct PageCutsTests {
  /// A list's marks from made-up ids, as the site takes them from a card's id.
  static func marks(_ ids: [UInt64]) -> (Int) -> UInt64 { { PageCuts.mark(ids[$0]) } }

  static func ids(_ count: Int, seed: UInt64) -> [UInt64] {
    var state = seed
    return (0..<count).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state
    }
  }

  @Test func aListOfUpToTwiceTheSizeIsOnePage() {
    let cuts = PageCuts(size: 500)
    #expect(cuts.pages(count: 0) { _ in 0 } == [0..<0])
    #expect(cuts.pages(count: 1000) { _ in 0 } == [0..<1000])
    #expect(cuts.pages(count: 1001) { _ in 0 }.count > 1)
  }

  @Test(arguments: [2, 7, 500]) func pagesCoverTheListInOrderWithinTheirBounds(size: Int) {
    let cuts = PageCuts(size: size)
    let ids = Self.ids(20 * size + 3, seed: UInt64(size))
    let pages = cuts.pages(count: ids.count, mark: Self.marks(ids))
    #expect(pages.first?.lowerBound == 0 && pages.last?.upperBound == ids.count)
    for (page, next) in zip(pages, pages.dropFirst()) { #expect(page.upperBound == next.lowerBound) }
    // Every page but the last holds at least half the size, none more than twice it; on average about the size.
    for page in pages.dropLast() { #expect(page.count >= max(1, size / 2) && page.count <= 2 * size) }
    let average = Double(ids.count) / Double(pages.count)
    #expect(average >= Double(size - 1) * 0.6 && average < Double(size) * 1.6, "\(average) cards a page")
  }

  /// One card added or removed anywhere: the pages before it keep their cards, and all but a few after it too
  /// (a cut forced at twice the size moves until the next mark); over 300 random changes, most change one page.
  @Test func aChangeMovesTheCutsNearItOnly() {
    let cuts = PageCuts(size: 500)
    var generator = Self.ids(300, seed: 99).makeIterator()
    var onePage = 0
    for round in 0..<300 {
      let ids = Self.ids(20_000, seed: UInt64(round) &+ 1_000)
      let at = Int(generator.next()! % UInt64(ids.count))
      var changed = ids
      if round % 2 == 0 {
        changed.insert(Self.ids(1, seed: UInt64(round) &+ 7)[0], at: at)
      } else {
        changed.remove(at: at)
      }
      let before = cuts.pages(count: ids.count, mark: Self.marks(ids)).map { Array(ids[$0]) }
      let after = cuts.pages(count: changed.count, mark: Self.marks(changed)).map { Array(changed[$0]) }
      let kept = Set(before.map { $0.description }).intersection(after.map { $0.description }).count
      let rewritten = after.count - kept
      #expect(rewritten <= 5, "round \(round): \(rewritten) pages rewritten")
      if rewritten == 1 { onePage += 1 }
    }
    #expect(onePage >= 240, "\(onePage) of 300 changes rewrote one page")
  }
}
