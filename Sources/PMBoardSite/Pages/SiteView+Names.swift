import Foundation
import PMBoardBytes
import PMBoardCore
import PMBoardMustache

/// The values of labels, assignees and links: on cards, on a name's page and on the index of names.
extension SiteView {
  /// A card's labels, assignees and link.
  func nameValue(_ key: SiteKey, card: Int) -> SiteValue? {
    switch key {
    case .labels: .nameList(card: Int32(card), field: Int32(CardNames.labelField))
    case .hasLabels: .bool(!cardNames.range(of: CardNames.labelField, card: card).isEmpty)
    case .assignees: .nameList(card: Int32(card), field: Int32(CardNames.assigneeField))
    case .hasAssignees: .bool(!cardNames.range(of: CardNames.assigneeField, card: card).isEmpty)
    case .fields: .fieldChips(Int32(card))
    case .hasFields: .bool(!cardNames.declaredRange(card: card).isEmpty)
    case .values: .valueList(Int32(card))
    case .hasValues: .bool(!cardNames.valueRange(card: card).isEmpty)
    case .hasDoneDate: .bool(board.doneDayIndex[card] >= 0)
    case .doneDate: board.doneDayIndex[card] < 0 ? .bool(false) : .localeText(doneISO[Int(board.doneDayIndex[card])])
    case .doneText: board.doneDayIndex[card] < 0 ? .bool(false) : .localeText(doneTexts[Int(board.doneDayIndex[card])])
    case .hasLink: .bool(hasLink(card))
    case .link: hasLink(card) ? .nameText(cardNames.links[card]) : .bool(false)
    case .linkText: hasLink(card) ? .nameText(cardNames.linkTexts[card]) : .bool(false)
    default: nil
    }
  }

  /// Name `index`'s values, each read in place: a copy of the name would count references to its cards' list, on
  /// every chip of every page.
  func nameItemValue(_ key: SiteKey, _ index: Int) -> SiteValue? {
    switch key {
    case .name: .nameText(cardNames.names[index].text)
    case .hue: .number(cardNames.names[index].hue)
    case .path: .nameText(cardNames.names[index].path)
    case .href: .nameHref(cardNames.names[index].path)
    case .count: .number(cardNames.names[index].cards.count)
    case .field: .nameText(fieldTitle(cardNames.names[index].field))
    default: nil
    }
  }

  /// A card's value of a text, number or date field: the field's name and the value.
  func valueItemValue(_ key: SiteKey, _ value: CardNames.Value) -> SiteValue? {
    switch key {
    case .field: .nameText(fieldTitle(cardNames.fields.count + Int(value.field)))
    case .value: .nameText(value.text)
    default: nil
    }
  }

  /// A field of the index's list of declared fields: its name and its names.
  func fieldIndexValue(_ key: SiteKey, _ field: Int) -> SiteValue? {
    switch key {
    case .name: .nameText(fieldTitle(field))
    case .names: .nameIndex(Int32(field))
    default: nil
    }
  }

  /// Field `field`'s name in the page's locale (``LocaleTables/fieldTitles``, made once a build: a dictionary
  /// looked up per chip was 4 % of a 100,000-card board's build).
  func fieldTitle(_ field: Int) -> TextRef { locale.fieldTitles[field] }

  private func hasLink(_ card: Int) -> Bool { !cardNames.isEmpty && cardNames.links[card].rawCount > 0 }

  /// A page's values about names (the index's link, a name page's heading, the index's two lists) and the
  /// insights page's.
  func namePageValue(_ key: SiteKey) -> SiteValue? {
    switch key {
    case .namesHref: page.namesHref.map(SiteValue.pageText) ?? .bool(false)
    case .heading: .pageText(page.heading)
    case .isNameIndex: .bool(page.isNameIndex)
    case .isNamePage: .bool(page.name != nil)
    case .labelIndex: page.isNameIndex ? .nameIndex(Int32(CardNames.labelField)) : nil
    case .hasLabelIndex: .bool(page.isNameIndex && !cardNames.sortedLabels.isEmpty)
    case .peopleIndex: page.isNameIndex ? .nameIndex(Int32(CardNames.assigneeField)) : nil
    case .hasPeopleIndex: .bool(page.isNameIndex && !cardNames.sortedPeople.isEmpty)
    case .fieldIndexes: page.isNameIndex ? .fieldIndexList : nil
    case .hasFieldIndexes: .bool(page.isNameIndex && !cardNames.indexedFields.isEmpty)
    case .insightsHref: page.insightsHref.map(SiteValue.pageText) ?? .bool(false)
    case .isInsights: .bool(page.isInsights)
    case .insights: .pageHTML(page.insightsHTML)
    case .progress: page.progressHTML.map(SiteValue.pageHTML) ?? .bool(false)
    default: dueSoonPageValue(key)
    }
  }

  /// The names of the index's list of field `field`, in the field's order.
  func indexNames(_ field: Int32) -> [Int32] {
    Int(field) < cardNames.sorted.count ? cardNames.sorted[Int(field)] : []
  }
}
