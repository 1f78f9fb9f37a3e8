import Foundation
import PMBoardCore

/// The lanes of a grouped board page (`group-by`): a select's or milestone's options split the board into rows,
/// each of the three columns again, led and capped at `column-limit` as a board column is.
extension SiteRenderer {
  /// One lane: one option's cards, or the cards without a value of the field.
  public struct Lane: Sendable {
    /// Its option (an index into ``CardNames/names``); nil for the cards without a value.
    public var name: Int32?
    /// Its cards by column, as shown, and each column's count.
    public var cards: ColumnCards
    /// What each capped column's line counts.
    var leadCounts: [LeadCounts?]

    /// How many cards the lane holds.
    public var count: Int { cards.counts?.reduce(0, +) ?? 0 }
  }

  /// The `group-by` field's place in ``CardNames/fields``: a select or milestone field that some card has a value
  /// of; nil builds the board without lanes (``SiteBuilder/fieldSettingWarnings(_:fields:)`` says why when the
  /// setting names no such field).
  var laneField: Int? {
    guard let key = settings.groupBy else { return nil }
    let names = tables.cardNames
    guard
      let field = names.fields.firstIndex(where: { $0.definition.key == key && $0.definition.type.canGroup }),
      !names.sorted[field].isEmpty
    else { return nil }
    return field
  }

  /// The board page's lanes: the options some card has, in the field's order, then the cards without a value;
  /// empty without lanes. Made once for a build's board pages (the options' lanes are their pages' columns).
  func boardLanes() -> [Lane] {
    guard let field = laneField else { return [] }
    let names = tables.cardNames
    var lanes = names.sorted[field].map { index in
      let entry = nameColumns(index)
      return Lane(name: index, cards: entry.cards, leadCounts: entry.counts)
    }
    let without = nameColumnsCache.value(NameColumnsCache.noValueLane) {
      let cards = (0..<tables.cards.count).filter { names.range(of: field, card: $0).isEmpty }
      return columnsMade(of: cards.map { Int32($0) })
    }
    if without.cards.counts?.contains(where: { $0 > 0 }) == true {
      lanes.append(Lane(name: nil, cards: without.cards, leadCounts: without.counts))
    }
    return lanes
  }
}
