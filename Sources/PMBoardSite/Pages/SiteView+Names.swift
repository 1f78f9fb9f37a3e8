import Foundation
import PMBoardBytes
import PMBoardCore
import PMBoardMustache

/// The values of labels, assignees and links: on cards, on a name's page and on the index of names.
extension SiteView {
  /// A card's labels, assignees and link.
  func nameValue(_ key: SiteKey, card: Int) -> SiteValue? {
    switch key {
    case .labels: .nameList(card: Int32(card), field: 0)
    case .hasLabels: .bool(!cardNames.range(of: .labels, card: card).isEmpty)
    case .assignees: .nameList(card: Int32(card), field: 1)
    case .hasAssignees: .bool(!cardNames.range(of: .assignees, card: card).isEmpty)
    case .hasDoneDate: .bool(board.doneDayIndex[card] >= 0)
    case .doneDate: board.doneDayIndex[card] < 0 ? .bool(false) : .localeText(doneISO[Int(board.doneDayIndex[card])])
    case .doneText: board.doneDayIndex[card] < 0 ? .bool(false) : .localeText(doneTexts[Int(board.doneDayIndex[card])])
    case .hasLink: .bool(hasLink(card))
    case .link: hasLink(card) ? .nameText(cardNames.links[card]) : .bool(false)
    case .linkText: hasLink(card) ? .nameText(cardNames.linkTexts[card]) : .bool(false)
    default: nil
    }
  }

  func nameItemValue(_ key: SiteKey, _ name: CardNames.Name) -> SiteValue? {
    switch key {
    case .name: .nameText(name.text)
    case .hue: .number(name.hue)
    case .path: .nameText(name.path)
    case .href: .nameHref(name.path)
    case .count: .number(name.cards.count)
    default: nil
    }
  }

  private func hasLink(_ card: Int) -> Bool { !cardNames.isEmpty && cardNames.links[card].rawCount > 0 }

  /// A page's values about names (the index's link, a name page's heading, the index's two lists) and the
  /// insights page's.
  func namePageValue(_ key: SiteKey) -> SiteValue? {
    switch key {
    case .namesHref: page.namesHref.map(SiteValue.pageText) ?? .bool(false)
    case .heading: .pageText(page.heading)
    case .isNameIndex: .bool(page.isNameIndex)
    case .isNamePage: .bool(page.name != nil)
    case .labelIndex: page.isNameIndex ? .nameIndex(0) : nil
    case .hasLabelIndex: .bool(page.isNameIndex && !cardNames.sortedLabels.isEmpty)
    case .peopleIndex: page.isNameIndex ? .nameIndex(1) : nil
    case .hasPeopleIndex: .bool(page.isNameIndex && !cardNames.sortedPeople.isEmpty)
    case .insightsHref: page.insightsHref.map(SiteValue.pageText) ?? .bool(false)
    case .isInsights: .bool(page.isInsights)
    case .insights: .pageHTML(page.insightsHTML)
    default: dueSoonPageValue(key)
    }
  }

  /// The names of the index's list `field` (0: labels, 1: people), sorted.
  func indexNames(_ field: UInt8) -> [Int32] { field == 0 ? cardNames.sortedLabels : cardNames.sortedPeople }
}
