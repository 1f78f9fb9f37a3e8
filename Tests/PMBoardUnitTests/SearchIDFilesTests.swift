import Foundation
import PMBoardTestSupport
import Testing

@testable import PMBoardSite

/// The search index's id files are keyed by the ids' first hex digits (`SearchIDFiles`), so that a task added,
/// moved or removed rewrites the file of its own id only, wherever it lands in board order.
@Suite struct SearchIDFilesTests {
  /// The files' contents of `ids` in board order: by bucket name, the ids it lists.
  static func contents(_ ids: [String]) -> [String: [String]] {
    let bytes = ids.map { Array($0.utf8) }
    let files = SearchIDFiles(count: ids.count) { index, body in
      let id = bytes[index]
      body(id.span)
    }
    var out: [String: [String]] = [:]
    for file in files.files { out[SearchIDFiles.name(file.bucket, digits: files.digits)] = file.tasks.map { ids[$0] } }
    return out
  }

  static func changedFiles(_ before: [String], _ after: [String]) -> Set<String> {
    let (old, new) = (contents(before), contents(after))
    return Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }
  }

  static func uuid(_ random: inout SplitMix64) -> String {
    let hex = String(format: "%016llx%016llx", random.next(), random.next())
    let cuts = [8, 4, 4, 4, 12].reduce(into: [hex.startIndex]) { ends, length in
      ends.append(hex.index(ends[ends.count - 1], offsetBy: length))
    }
    return zip(cuts, cuts.dropFirst()).map { String(hex[$0..<$1]) }.joined(separator: "-")
  }

  /// An insertion, a removal and a move at random places, at sizes on both sides of one hex digit's limit: each
  /// changes exactly the file of the id it touched.
  @Test(arguments: [40, 3_000, 40_000]) func aChangeRewritesTheFileOfItsIdOnly(count: Int) {
    var random = SplitMix64(seed: UInt64(count))
    var ids = (0..<count).map { _ in Self.uuid(&random) }
    let digits = SearchIDFiles.digits(forCount: count)
    for _ in 0..<30 {
      let added = Self.uuid(&random)
      var after = ids
      after.insert(added, at: random.below(ids.count + 1))
      guard SearchIDFiles.digits(forCount: after.count) == digits else { continue }
      #expect(Self.changedFiles(ids, after) == [String(added.prefix(digits))], "insert \(added)")
      let removed = random.below(after.count)
      var fewer = after
      let gone = fewer.remove(at: removed)
      #expect(Self.changedFiles(after, fewer) == [String(gone.prefix(digits))], "remove \(gone)")
      var moved = after
      let task = moved.remove(at: random.below(moved.count))
      moved.insert(task, at: random.below(moved.count + 1))
      #expect(Self.changedFiles(after, moved).isSubset(of: [String(task.prefix(digits))]), "move \(task)")
      ids = after
    }
  }

  /// Every id is in the file its task's bucket names, at the place the script computes: the number of tasks
  /// before it with the same bucket.
  @Test func theScriptsPlaceFindsEveryId() {
    var random = SplitMix64(seed: 7)
    let ids = (0..<5_000).map { _ in Self.uuid(&random) } + ["not-hex", "", "ZZ-upper", "ABCDEF-upper"]
    let bytes = ids.map { Array($0.utf8) }
    let files = SearchIDFiles(count: ids.count) { index, body in
      let id = bytes[index]
      body(id.span)
    }
    let contents = Self.contents(ids)
    var seen: [UInt16: Int] = [:]
    for (task, bucket) in files.buckets.enumerated() {
      let place = seen[bucket, default: 0]
      seen[bucket] = place + 1
      #expect(contents[SearchIDFiles.name(Int(bucket), digits: files.digits)]?[place] == ids[task])
    }
    #expect(files.files.count <= 16 && files.digits == 1)
    #expect(files.buckets[ids.count - 1] == 0xA, "upper-case hex digits count as theirs")
  }

  @Test func bucketsGrowToTwoDigitsAboveTheLimit() {
    #expect(SearchIDFiles.digits(forCount: SearchIDFiles.oneDigitLimit) == 1)
    #expect(SearchIDFiles.digits(forCount: SearchIDFiles.oneDigitLimit + 1) == 2)
    #expect(SearchIDFiles.name(0xa, digits: 2) == "0a")
  }
}
