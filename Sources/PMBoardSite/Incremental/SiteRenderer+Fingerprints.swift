import Foundation
import PMBoardBytes
import PMBoardCore

/// The pieces of the fingerprints by which a rebuild keeps a page without rendering it, shared by the page kinds
/// that keep pages (``PageKind/keptFingerprint(of:_:_:)``): cards, page-level values and history entries, each as
/// every page shows it. Every such fingerprint starts from the site's (``siteFingerprint``: settings, theme, binary).
extension SiteRenderer {
  /// Where every kept page's fingerprint starts: the site's, and what every page's header shows of the board as a
  /// whole (whether it links the index of labels and people), which no page's own inputs carry.
  var keptPageFingerprint: Fingerprint? {
    guard var print = siteFingerprint else { return nil }
    print.add(tables.cardNames.names.isEmpty ? 0 : 1)
    return print
  }

  /// The cards' fingerprints (``BoardTables/cardPrints``, worked out once a build with the cards) and whether each
  /// is due soon, which moves with the day.
  func addCards(_ cards: Range<Int>, to print: inout Fingerprint) {
    for card in cards { print.add(word: cardPrint(card)) }
    print.add(cards.count)
  }

  /// Card `card`'s fingerprint as a page shows it: ``BoardTables/cardPrints``, its days until due when soon and its
  /// days in DOING when aged (both move with the day).
  func cardPrint(_ card: Int) -> UInt64 {
    let soon = UInt64(dueSoonCards.days[card])
    let aged = UInt64(agingCards.days(ofCard: card) ?? 0)
    let print = linkedCardPrint(card)
    guard soon != 0 || aged != 0 else { return print }
    return print ^ (soon &* 0x9E37_79B9_7F4A_7C15) ^ (aged &* 0xC2B2_AE3D_27D4_EB4F)
  }

  /// ``BoardTables/cardPrints`` of `card`, with the column page its link leads to on a site without task pages
  /// whose columns are cut into pages (``pagedCardLinks()``): a card whose page changes changes every page that
  /// links it.
  func linkedCardPrint(_ card: Int) -> UInt64 {
    guard let paged = pagedCardLinks() else { return tables.cardPrints[card] }
    return paged.linkedPrint(tables.cardPrints[card], ofCard: card)
  }

  /// Every page-level value a page's template can show, read off ``PageInfo`` itself rather than from a list of its
  /// fields: the compiler's `Encodable` conformance visits every stored property (nested values included), so a
  /// field added to it reaches the kept pages' fingerprints on its own (``FingerprintEncoder``). Once per kept page.
  func add(page info: PageInfo, to print: inout Fingerprint) {
    FingerprintEncoder.add(info, to: &print)
  }

  /// An entry as every page shows it: its time, action, states, fields, title and author (the words around them
  /// come from the locale's catalog, which the site's fingerprint covers), and with `withTask` the task it is
  /// about.
  func add(entry index: Int, withTask: Bool, to print: inout Fingerprint) {
    let entry = tables.entries[index]
    print.add(entry.utcSeconds)
    // The small values in one word, each in a byte of its own (the field count in the upper half): a page of a
    // thousand entries mixes one word for them, not six.
    let resolution = entry.resolution.map { SyncResolution.allCases.firstIndex(of: $0) ?? 0 } ?? -1
    let states = ((entry.from?.order ?? -1) + 1) << 8 | ((entry.to?.order ?? -1) + 1) << 16
    print.add(entry.action.position | states | (resolution + 1) << 24 | Int(entry.fieldsCount) << 32)
    for offset in 0..<Int(entry.fieldsCount) {
      print.add(tables.fields[Int(entry.fieldsStart) + offset].position)
    }
    if withTask { print.add(entry.task, of: tables.historyBytes) }
    print.add(entry.title, of: tables.historyBytes)
    print.add(entry.author, of: tables.historyBytes)
    print.add(entry.changes, of: tables.historyBytes)
  }
}
