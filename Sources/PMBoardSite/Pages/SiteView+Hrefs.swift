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

  /// Writes a card's, a name's or an entry's address as the reference model spells it, `localeDir` and the address
  /// around the id or path (``SiteAddresses/Around``, from ``LocaleTables/taskHref`` and the like), escaped piece by
  /// piece: the parts around hold nothing to escape.
  func writeHref(_ value: SiteValue, escaped: Bool, into output: inout ByteWriter) {
    switch value {
    case .cardHref(let index):
      let card = cards[Int(index)]
      output.append(page.localeDir, escaped: escaped, from: pageBytes)
      if let paged = pagedLinks {
        // Without task pages, a long column's card on its own page (``ColumnPages/cardLink(_:state:)``).
        let around = paged.cardLink(Int(index), state: card.state)
        output.append(around.before)
        output.append(card.id, escaped: escaped, from: cardBytes)
        output.append(around.after)
        return
      }
      let around = page.hasTaskPages ? locale.taskHref : locale.cardHrefs[card.state.order]
      output.append(around.before, from: localeBytes)
      output.append(card.id, escaped: escaped, from: cardBytes)
      output.append(around.after, from: localeBytes)
    case .nameHref(let path):
      output.append(page.localeDir, escaped: escaped, from: pageBytes)
      output.append(locale.nameHref.before, from: localeBytes)
      output.append(path, escaped: escaped, from: nameBytes)
      output.append(locale.nameHref.after, from: localeBytes)
    case .entryHref(let index):
      // A task's id in the history is a lowercase UUID: nothing to escape.
      output.append(page.localeDir, escaped: escaped, from: pageBytes)
      output.append(locale.taskHref.before, from: localeBytes)
      output.append(entries[Int(index)].task, from: historyBytes)
      output.append(locale.taskHref.after, from: localeBytes)
    default:
      return
    }
  }
}
