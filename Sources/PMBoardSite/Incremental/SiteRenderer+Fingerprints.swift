import Foundation
import PMBoardBytes
import PMBoardCore

/// What a task page shows depends on the site's settings and theme (``siteFingerprint``), its locale, the task
/// and the task's own history: nothing else of the board (a task page shows no counts and no "as of"). A rebuild
/// whose fingerprint of those matches the previous build's keeps the old page without rendering it.
extension SiteRenderer {
  /// The fingerprint of task page `page`'s inputs in locale `code`, given its ``contentFingerprint(ofTaskPage:)``;
  /// nil when the build keeps no fingerprints.
  func fingerprint(ofTaskPage page: Int, code: String, content: UInt64) -> UInt64? {
    guard var print = siteFingerprint else { return nil }
    print.add(code)
    print.add(word: content)
    return print.value
  }

  /// The fingerprints of the older (`half` 0) or the newer half of the archived history pages, in page order: what
  /// each page shows in every locale, worked out once a build, not once a locale.
  func archivePrints(half: Int) -> [UInt64] {
    let historyPages = (snapshot.historyCount + Self.historyPageSize - 1) / Self.historyPageSize
    let archives = 1..<max(1, historyPages)
    let middle = archives.lowerBound + archives.count / 2
    return (half == 0 ? archives.lowerBound..<middle : middle..<archives.upperBound).map(archivePrint)
  }

  /// What archived history page `number` shows in every locale: its entries, each with its task link.
  private func archivePrint(_ number: Int) -> UInt64 {
    var print = Fingerprint()
    let entries = historyEntries(ofPage: number)
    for index in entries {
      add(entry: index, withTask: true, to: &print)
      print.add(taskPages.entryPage[index] >= 0 ? 1 : 0)
    }
    print.add(entries.count)
    return print.value
  }

  /// What task page `page` shows in every locale: the task (or the tombstone) and its history entries. Worked out
  /// once per task, not once per locale.
  func contentFingerprint(ofTaskPage page: Int) -> UInt64 {
    var print = Fingerprint()
    if page < taskPages.cardCount {
      print.add(word: tables.cardPrints[page])
    } else {
      print.add(taskPages.ids[page])
      print.add(taskPages.tombstones[page - taskPages.cardCount].title)
    }
    for index in taskPages.entries(ofPage: page) {
      add(entry: Int(index), withTask: false, to: &print)
    }
    return print.value
  }

  /// What archived history page `number` shows in locale `code`: its number and its entries (`content`, from
  /// ``archivePrints(half:)``), each with the task it links to when that task has a page. Nothing else of the board
  /// reaches it (``pageInfo(for:catalog:formatter:overdueCount:)``).
  func fingerprint(ofArchivedHistoryPage number: Int, code: String, content: UInt64) -> UInt64? {
    guard var print = siteFingerprint else { return nil }
    print.add("history \(code) \(number)")
    print.add(word: content)
    return print.value
  }

  /// What column page `info` shows: its page-level words (the column's last change, the board's overdue count in
  /// the nav, the live dates' day and due counts, the links) and every card of the column. A change elsewhere on
  /// the board leaves it, and the rebuild keeps the page without rendering it.
  func fingerprint(ofColumnPage info: PageInfo, state: TaskState) -> UInt64? {
    guard var print = siteFingerprint else { return nil }
    print.add("column \(state.rawValue)")
    add(page: info, to: &print)
    addCards(tables.columnStarts[state.order]..<tables.columnStarts[state.order + 1], to: &print)
    return print.value
  }

  /// The overdue page's, as a column page's: its words and its cards (the ones that lead each column: overdue, or
  /// with live dates every due one).
  func fingerprint(ofOverduePage info: PageInfo) -> UInt64? {
    guard var print = siteFingerprint else { return nil }
    print.add("overdue")
    add(page: info, to: &print)
    let leads = tables.overdueList(live: info.live != nil)
    for state in TaskState.allCases {
      let start = tables.columnStarts[state.order]
      addCards(start..<(start + leads[state.order]), to: &print)
    }
    return print.value
  }

  /// The cards' fingerprints (``BoardTables/cardPrints``), worked out once a build with the cards.
  private func addCards(_ cards: Range<Int>, to print: inout Fingerprint) {
    for card in cards { print.add(word: tables.cardPrints[card]) }
    print.add(cards.count)
  }

  /// Every page-level value a page's template can show. A new field of ``PageInfo`` that a column page shows
  /// belongs here, or its page would be kept stale.
  private func add(page info: PageInfo, to print: inout Fingerprint) {
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
  private func add(entry index: Int, withTask: Bool, to print: inout Fingerprint) {
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
