/// The shortest prefix of each task id that names it alone on the board, at least 8 characters, like git's
/// abbreviated hashes: an id `list` shows always works as an argument to `show`, `move` or `edit`.
struct ShortIDs {
  private var lengths: [String: Int] = [:]
  /// The longest prefix shown, for aligning the column.
  private(set) var width = 8

  init(_ ids: [String]) {
    let sorted = ids.sorted()
    for (index, id) in sorted.enumerated() {
      // Only the neighbours in sorted order can share the longest prefix with an id.
      var length = 8
      for neighbour in [index - 1, index + 1] where sorted.indices.contains(neighbour) {
        let common = zip(id.utf8, sorted[neighbour].utf8).prefix { $0 == $1 }.count
        length = max(length, min(common + 1, id.utf8.count))
      }
      lengths[id] = length
      width = max(width, length)
    }
  }

  func prefix(of id: String) -> String {
    String(id.prefix(lengths[id] ?? 8))
  }
}
