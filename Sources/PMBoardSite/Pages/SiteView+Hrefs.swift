import PMBoardBytes
import PMBoardCore

/// The links of cards, names and history entries as values (`href`, `columnHref`), made from ``SiteAddresses`` and the page's way to
/// its locale's folder (`localeDir`): the templates spell no folder or `.html` of their own.
extension SiteView {
  /// A card's own address and its column's page.
  func cardLinkValue(_ key: SiteKey, card: Int) -> SiteValue? {
    switch key {
    case .href: .cardHref(Int32(card))
    case .columnHref: .pageText(page.columnHrefs[cards[card].state.order])
    default: nil
    }
  }

  /// Writes a card's, a name's or an entry's address as the reference model spells it, `localeDir` and the address around the
  /// id or path (``SiteAddresses/Around``), escaped piece by piece: the parts around hold nothing to escape.
  func writeHref(_ value: SiteValue, escaped: Bool, into output: inout ByteWriter) {
    switch value {
    case .cardHref(let index):
      let card = cards[Int(index)]
      let around =
        pagedLinks?.cardLink(Int(index), state: card.state)
        ?? SiteAddresses.taskLink(card.state, taskPages: page.hasTaskPages)
      output.append(page.localeDir, escaped: escaped, from: pageBytes)
      output.append(around.before)
      output.append(card.id, escaped: escaped, from: cardBytes)
      output.append(around.after)
    case .nameHref(let path):
      let around = SiteAddresses.namePageAddress
      output.append(page.localeDir, escaped: escaped, from: pageBytes)
      output.append(around.before)
      output.append(path, escaped: escaped, from: nameBytes)
      output.append(around.after)
    case .entryHref(let index):
      // A task's id in the history is a lowercase UUID: nothing to escape.
      let around = SiteAddresses.taskAddress
      output.append(page.localeDir, escaped: escaped, from: pageBytes)
      output.append(around.before)
      output.append(entries[Int(index)].task, from: historyBytes)
      output.append(around.after)
    default:
      return
    }
  }
}
