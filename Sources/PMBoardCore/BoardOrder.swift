import PMBoardBytes

/// The order tasks appear in on the board: state, then due date (none last), title by code point, id.
public enum BoardOrder {
  public static func sorted(_ tasks: [BoardTask]) -> [BoardTask] {
    // Sorting indices moves integers instead of copying seven-field tasks around (100,000 of them in `list`).
    tasks.indices.sorted { precedes(tasks[$0], tasks[$1]) }.map { tasks[$0] }
  }

  public static func precedes(_ lhs: BoardTask, _ rhs: BoardTask) -> Bool {
    if lhs.state != rhs.state { return lhs.state < rhs.state }
    return withinColumn(lhs, rhs)
  }

  /// Due ascending with undated tasks last, then title in Unicode code point order, then id.
  public static func withinColumn(_ lhs: BoardTask, _ rhs: BoardTask) -> Bool {
    switch (lhs.due, rhs.due) {
    case (let a?, let b?) where a != b: return a < b
    case (nil, _?): return false
    case (_?, nil): return true
    default: break
    }
    // UTF-8 byte order is code point order, and much cheaper to compare.
    // Not `!=`: String equality is canonical equivalence, which would leave NFC and NFD spellings to input order.
    if !lhs.title.utf8.elementsEqual(rhs.title.utf8) { return lhs.title.utf8.lexicographicallyPrecedes(rhs.title.utf8) }
    return lhs.idString < rhs.idString
  }
}
