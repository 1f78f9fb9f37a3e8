import PMBoardTestSupport
import Testing

@testable import PMBoardSite

/// A capped column's lead is kept by insertion (``LeadKey/smallest(_:of:)``): it must equal sorting every key and
/// taking the first `limit`, for columns in any order, with ties on group and order, at every limit.
@Suite("a column's lead against a sort")
struct LeadKeyTests {
  @Test(arguments: [0, 1, 2, 7, 50, 256, 257, 400])
  func keepsWhatASortKeeps(limit: Int) {
    var random = SplitMix64(seed: UInt64(limit) &+ 3)
    for round in 0..<60 {
      let count = Int(random.next() % 600)
      // Few groups and orders, so that most keys tie on both and board order decides.
      var keys = (0..<count).map { place in
        LeadKey(
          group: Int(random.next() % 4), order: Int64(random.next() % 9) - 4, place: place,
          card: Int32(truncatingIfNeeded: random.next()))
      }
      if round % 3 == 1 { keys.sort(by: >) }
      if round % 3 == 2 { keys.sort() }
      let expected = Array(keys.sorted().prefix(limit)).map(\.card)
      #expect(LeadKey.smallest(limit, of: keys).map(\.card) == expected, "\(count) keys, round \(round)")
    }
  }
}
