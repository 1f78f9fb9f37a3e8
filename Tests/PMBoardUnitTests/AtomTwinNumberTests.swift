import Foundation
import PMBoardCore
import PMBoardTestSupport
import Testing

@testable import PMBoardSite

/// An Atom entry's id counts the earlier entries of its task, action and second (``AtomFeed/twinNumbers(of:)``):
/// the one-pass table against the plain walk back from each entry, on random histories with long runs of one
/// second (an import's) and short ones.
@Suite struct AtomTwinNumberTests {
  @Test(arguments: [1, 2, 3]) func theTableMatchesAWalkBackFromEachEntry(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var builder = BoardSnapshot.History.Builder()
    var second: Int64 = 1_795_000_000
    let tasks = (0..<5).map { "00000000-0000-4000-8000-00000000000\($0)" }
    for _ in 0..<600 {
      if random.below(10) < 3 { second += Int64(1 + random.below(3)) }
      builder.add(
        at: second, action: [.added, .edited, .moved][random.below(3)],
        taskID: tasks[random.below(tasks.count)], title: "t", from: nil, to: .todo, fields: [], author: "",
        resolution: nil)
    }
    let history = builder.finish()
    let table = AtomFeed.twinNumbers(of: history)
    let records = history.records
    for index in records.indices {
      var count: Int32 = 0
      var earlier = index - 1
      while earlier >= 0, records[earlier].at == records[index].at {
        if records[earlier].action == records[index].action,
          history.text.string(records[earlier].taskID) == history.text.string(records[index].taskID)
        {
          count += 1
        }
        earlier -= 1
      }
      #expect(table[index] == count, "entry \(index)")
    }
  }
}
