import Foundation
import PMBoardBytes
import PMBoardCore

/// The pieces of the fingerprints by which a rebuild keeps a page without rendering it, shared by the page kinds
/// that keep pages (``PageKind/keptFingerprint(of:_:_:)``): cards, page-level values and history entries, each as
/// every page shows it. Every such fingerprint starts from the site's (``siteFingerprint``: settings, theme, binary).
extension SiteRenderer {
  /// The cards' fingerprints (``BoardTables/cardPrints``), worked out once a build with the cards.
  func addCards(_ cards: Range<Int>, to print: inout Fingerprint) {
    for card in cards { print.add(word: tables.cardPrints[card]) }
    print.add(cards.count)
  }

  /// Every page-level value a page's template can show. A new field of ``PageInfo`` that a kept page (a column or
  /// the overdue page) shows belongs here, or its page would be kept stale.
  func add(page info: PageInfo, to print: inout Fingerprint) {
    let texts = [
      info.lang, info.root, info.boardTitle, info.pageTitle, info.asOf, info.asOfISO, info.offline ?? "\u{0}",
      info.summary, info.summaryHead, info.summaryTail, info.boardHref, info.historyHref, info.canonical ?? "\u{0}",
      info.atomHref ?? "\u{0}", info.calendarHref ?? "\u{0}", info.localeDir, info.timeZone, info.pageLabel,
      info.prevHref ?? "\u{0}", info.nextHref ?? "\u{0}", info.taskTitle, info.removedText ?? "\u{0}",
    ]
    for text in texts { print.add(text) }
    for link in info.locales {
      for text in [link.code, link.name, link.href, link.url] { print.add(text) }
      print.add(link.current ? 1 : 0)
    }
    let flags = [info.isBoard, info.isArchive, info.isOverduePage, info.isTaskPage, info.hasTaskPages]
    for flag in flags { print.add(flag ? 1 : 0) }
    for number in [info.overdueCount, info.cardLimit ?? -1, info.column?.order ?? -1, info.taskCard ?? -1] {
      print.add(number)
    }
    if let live = info.live {
      for text in [live.today, live.zone, live.built ?? "\u{0}", live.dueCounts] { print.add(text) }
    }
    print.add(info.live == nil ? 0 : 1)
    print.add(info.columns.map(\.rawValue).joined(separator: " "))
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
  }
}
