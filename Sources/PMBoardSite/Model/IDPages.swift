import PMBoardBytes

/// Task id → page, keyed by the id's bytes: a build looks up the task of every history entry, and a `String` per
/// lookup cost more than the rest of the table.
struct IDPages {
  private var short: [ShortTextKey: Int32] = [:]
  private var long: [String: Int32] = [:]

  init(capacity: Int) {
    short.reserveCapacity(capacity)
  }

  subscript(id: RawRef, arena: ByteArena) -> Int32? {
    get {
      if let key = arena.shortKey(id) { return short[key] }
      return long[arena.string(id)]
    }
    set {
      if let key = arena.shortKey(id) { short[key] = newValue } else { long[arena.string(id)] = newValue }
    }
  }
}
