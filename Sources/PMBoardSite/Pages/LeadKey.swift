/// Where a card stands in a capped column's lead (``ColumnLead``'s group and order, then its place in board order):
/// keys are distinct, so the lead is one order whatever the column's size.
struct LeadKey: Comparable {
  var group: Int
  var order: Int64
  var place: Int
  var card: Int32

  static func < (a: LeadKey, b: LeadKey) -> Bool {
    (a.group, a.order, a.place) < (b.group, b.order, b.place)
  }

  /// The `limit` smallest of `keys`, in order; the same as `keys.sorted().prefix(limit)`. Kept sorted as the keys
  /// are read, so a column of 20,000 cards (a label's, one of a hundred) costs a comparison a card, not a sort; a
  /// limit past ``selectionLimit`` sorts, as inserting into a long kept list would cost more.
  static func smallest(_ limit: Int, of keys: some Sequence<LeadKey>) -> [LeadKey] {
    guard limit > 0 else { return [] }
    guard limit <= selectionLimit else { return Array(keys.sorted().prefix(limit)) }
    var kept: [LeadKey] = []
    kept.reserveCapacity(limit + 1)
    for key in keys {
      if kept.count == limit, let worst = kept.last, !(key < worst) { continue }
      var (low, high) = (0, kept.count)
      while low < high {
        let middle = (low + high) / 2
        if kept[middle] < key { low = middle + 1 } else { high = middle }
      }
      kept.insert(key, at: low)
      if kept.count > limit { kept.removeLast() }
    }
    return kept
  }

  /// The longest lead kept by insertion (the default `column-limit` is 50).
  static let selectionLimit = 256
}
