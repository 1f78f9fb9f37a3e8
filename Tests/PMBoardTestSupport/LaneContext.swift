import PMBoardCore
import PMBoardMustache
import PMBoardSite

/// A grouped board page's lane (`group-by`): one option's cards, or those without a value, in the board's columns,
/// each led and capped as a board column.
package struct LaneContext: TemplateContext {
  package var name: String
  /// The option's page from the board page; nil for the lane of cards without a value.
  package var href: String?
  package var number: Int
  package var columns: [ColumnContext]

  /// The lanes of a board page whose columns are `columns`, grouped by the field `key` of `fields` when it is a
  /// select or milestone field some card has a value of: its options in the field's order, each with cards, then
  /// the cards without a value (headed `noValue`); the lines above capped columns are the page's.
  package static func lanes(
    groupBy key: String?, fields: [NameField], columns: [ColumnContext], info: PageInfo
  ) -> [LaneContext] {
    guard let key, let field = fields.first(where: { $0.definition.key == key && $0.definition.type.canGroup })
    else { return [] }
    var lanes: [(name: String, href: String?, columns: [ColumnContext])] = []
    for option in field.definition.options {
      let mine = ColumnContext.ofName(option.name, field: field, columns: columns)
      guard mine.contains(where: { !$0.cards.isEmpty }) else { continue }
      lanes.append(
        (option.name, info.localeDir + SiteAddresses.namePage(field.folder + CardNames.slug(of: option.name)), mine))
    }
    guard !lanes.isEmpty else { return [] }
    let without = columns.map { column in
      var column = column
      column.cards = column.cards.filter { field.names(of: $0.card.task).isEmpty }
      return column
    }
    if without.contains(where: { !$0.cards.isEmpty }) { lanes.append((info.noValueLane, nil, without)) }
    return lanes.enumerated().map { index, lane in
      let href = lane.href
      let columns = lane.columns.map { column in
        var column = column
        column.leadNote = info.laneLeadNotes[index][column.state.order]
        (column.wipLimit, column.moreHref) = (nil, href ?? column.localeDir + SiteAddresses.column(column.state))
        return column
      }
      return LaneContext(name: lane.name, href: href, number: index + 1, columns: columns)
    }
  }

  package func templateValue(forKey key: String) -> TemplateValue? {
    switch key {
    case "name": .text(name)
    case "href": href.map(TemplateValue.text) ?? .bool(false)
    case "count": .number(columns.reduce(0) { $0 + $1.cards.count })
    case "laneId": .number(number)
    case "columns": .list(columns)
    default: nil
    }
  }

  package var templateKeys: [String] { ["name", "href", "count", "laneId", "columns"] }
}
