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
    print.add(Int(bitPattern: UInt(content)))
    return print.value
  }

  /// What task page `page` shows in every locale: the task (or the tombstone) and its history entries. Worked out
  /// once per task, not once per locale.
  func contentFingerprint(ofTaskPage page: Int) -> UInt64 {
    var print = Fingerprint()
    if page < taskPages.cardCount {
      let card = tables.cards[page]
      for text in [card.id, card.title, card.body] {
        print.add(text.raw, of: tables.cardBytes)
      }
      print.add(card.dueIndex < 0 ? Int.min : tables.dueDates[Int(card.dueIndex)].daysSinceEpoch)
      print.add(card.state.order)
      print.add((card.overdue ? 1 : 0) + (card.dueToday ? 2 : 0))
    } else {
      print.add(taskPages.ids[page])
      print.add(taskPages.tombstones[page - taskPages.cardCount].title)
    }
    for index in taskPages.entries(ofPage: page) {
      add(entry: Int(index), to: &print)
    }
    return print.value
  }

  /// What archived history page `number` shows in locale `code`: its number and its entries, each with the task
  /// it links to when that task has a page. Nothing else of the board reaches it (``pageInfo(for:catalog:…)``).
  func fingerprint(ofArchivedHistoryPage number: Int, code: String, entries: Range<Int>) -> UInt64? {
    guard var print = siteFingerprint else { return nil }
    print.add("history \(code) \(number)")
    for index in entries {
      add(entry: index, to: &print)
      print.add(tables.entries[index].task, of: tables.historyBytes)
      print.add(taskPages.entryPage[index] >= 0 ? 1 : 0)
    }
    print.add(entries.count)
    return print.value
  }

  private func add(entry index: Int, to print: inout Fingerprint) {
    let entry = tables.entries[index]
    print.add(entry.utcSeconds)
    print.add(entry.action.position)
    print.add(entry.title, of: tables.historyBytes)
    print.add(entry.from?.order ?? -1)
    print.add(entry.to?.order ?? -1)
    for offset in 0..<Int(entry.fieldsCount) {
      print.add(tables.fields[Int(entry.fieldsStart) + offset].position)
    }
    print.add(Int(entry.fieldsCount))
    print.add(entry.author, of: tables.historyBytes)
    print.add(entry.resolution.map { SyncResolution.allCases.firstIndex(of: $0) ?? 0 } ?? -1)
  }
}
