import PMBoardBytes

/// Where a long list of cards (a column, the overdue list) is cut into pages of about `page-cards` cards: after a
/// card whose mark (a hash of its id) falls on a multiple of the spread, once the page holds at least half the
/// size, and at twice the size at the latest. A list of up to twice the size is one page.
///
/// The cuts depend on the cards alone, not on an earlier build's: a rebuild must write the bytes a fresh build
/// writes (the incremental oracle), so cuts kept from the last build could not be honoured by a fresh one. Cutting
/// by content keeps them stable all the same: a card added or removed moves only the cut of its own page (and, when
/// it forces a cut at the most a page holds, the forced cuts after it until the next mark), so a change rewrites
/// its page and seldom a neighbour, not every later page as cutting by position would.
package struct PageCuts: Sendable, Equatable {
  /// The fewest cards a page ends at a mark with (but the list's last page).
  let minimum: Int
  /// One card in `spread` is a mark, on average.
  let spread: UInt64
  /// The most cards a page holds.
  let maximum: Int

  /// The cuts for pages of about `size` cards (`page-cards`): marks after `size / 2`, one in `size / 2`, so that a
  /// page averages `size`; `2 × size` at most.
  package init(size: Int) {
    let half = max(1, size / 2)
    (minimum, spread, maximum) = (half, UInt64(half), max(2, size * 2))
  }

  /// The pages of a list of `count` cards, in its order, as ranges of positions: one page when it holds up to
  /// `maximum`; `mark(position)` is the card's hash, read only for a longer list.
  package func pages(count: Int, mark: (Int) -> UInt64) -> [Range<Int>] {
    guard count > maximum else { return [0..<count] }
    var pages: [Range<Int>] = []
    var start = 0
    for position in 0..<count {
      let length = position - start + 1
      if length == maximum || (length >= minimum && mark(position) % spread == 0) {
        pages.append(start..<position + 1)
        start = position + 1
      }
    }
    if start < count { pages.append(start..<count) }
    return pages
  }

  /// The mark of a card whose id is not a UUID: its text's fingerprint, mixed.
  package static func mark(text: String) -> UInt64 {
    var print = Fingerprint()
    print.add(text)
    return mark(print.value)
  }

  /// A card's mark from its id's hash: the id's bits mixed (splitmix64's finaliser), so that ids that share
  /// their low bits (numbered ones, UUIDs of one version) still spread over the remainders.
  package static func mark(_ hash: UInt64) -> UInt64 {
    var value = hash &+ 0x9E37_79B9_7F4A_7C15
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
