import Foundation
import PMBoardBytes
import PMBoardCore

/// The task pages of a build: one per card, in board order, then one tombstone per task whose last change removed
/// it (so a link to a removed task still leads somewhere), each with the task's own history entries.
public final class TaskPageTables: Sendable {
  /// A removed task's page: its id, the title it had, and the history entry that removed it.
  public struct Tombstone: Sendable {
    public var id: String
    public var title: String
    /// Index into the history newest first.
    public var removal: Int32
  }

  public let cardCount: Int
  public let tombstones: [Tombstone]
  /// Every page's task id: the cards' in board order, then the tombstones'.
  /// The cards' ids are read from their bytes when a page is named (``id(ofPage:)``): a `String` for each of
  /// 100,000 cards up front was a serial 17 ms of every rebuild, which names only the pages it checks.
  private let cardBytes: ByteArena
  private let cardIDs: FixedArray<TextRef>
  private let cardKeys: FixedArray<UUIDKey?>
  private let cardIDIsLowercaseKey: FixedArray<Bool>
  /// Page `p` shows entries `entryList[entryStarts[p]..<entryStarts[p + 1]]`, newest first.
  public let entryStarts: [Int]
  public let entryList: [Int32]
  /// For each entry (newest first), the page of its task; -1 when its task has no page.
  public let entryPage: FixedArray<Int32>

  public var pageCount: Int { cardCount + tombstones.count }

  /// Page `page`'s task id as a UUID's 128 bits, when the id is their lowercase text: what a rebuild compares with
  /// the old manifest's line without reading the id's bytes (which lie all over the card arena).
  func lowercaseKey(ofPage page: Int) -> UUIDKey? {
    page < cardCount && cardIDIsLowercaseKey[page] ? cardKeys[page] : nil
  }

  /// Page `page`'s task id.
  public func id(ofPage page: Int) -> String {
    page < cardCount ? cardBytes.string(cardIDs[page]) : tombstones[page - cardCount].id
  }

  public init(tables: BoardTables) {
    let cardBytes = tables.cardBytes
    let cards = tables.cards
    cardCount = cards.count
    self.cardBytes = cardBytes
    cardIDs = FixedArray(count: cards.count) { cards[$0].id }
    self.cardKeys = tables.cardKeys
    cardIDIsLowercaseKey = tables.cardIDIsLowercaseKey
    var tombstones: [Tombstone] = []
    let entries = tables.entries
    let historyBytes = tables.historyBytes
    let cardKeys = tables.cardKeys
    // Each task numbered once by its id's 128 bits, bucket by bucket: the cards, then the entries newest first (a
    // dictionary of id bytes was 3 % of a 100,000-task rebuild, on one core). Ids that are not UUIDs have no
    // number and go by their bytes.
    let (numbers, taskCount) = UUIDTable.numbering(count: cards.count + entries.count) { position in
      position < cards.count ? cardKeys[position] : entries[position - cards.count].taskKey
    }
    let unknown = Int32.min
    var pageOfTask = [Int32](repeating: unknown, count: taskCount)
    var pageOf = IDPages(capacity: 0)
    for card in cards.indices {
      let number = Int(numbers[card])
      if number >= 0 { pageOfTask[number] = Int32(card) } else { pageOf[cards[card].id.raw, cardBytes] = Int32(card) }
    }
    // Newest first: a task's first entry met is its last change.
    let entryPage = (0..<entries.count).map { index -> Int32 in
      let entry = entries[index]
      let number = Int(numbers[cards.count + index])
      let known = number >= 0 ? pageOfTask[number] : pageOf[entry.task, historyBytes] ?? unknown
      if known != unknown { return known }
      var page: Int32 = -1
      if entry.action == .removed {
        let id = historyBytes.string(entry.task)
        page = Int32(cards.count + tombstones.count)
        tombstones.append(Tombstone(id: id, title: historyBytes.string(entry.title), removal: Int32(index)))
      }
      if number >= 0 { pageOfTask[number] = page } else { pageOf[entry.task, historyBytes] = page }
      return page
    }
    let pageCount = cards.count + tombstones.count
    var counts = [Int](repeating: 0, count: pageCount + 1)
    for page in entryPage where page >= 0 { counts[Int(page) + 1] += 1 }
    for page in 0..<pageCount { counts[page + 1] += counts[page] }
    var next = counts
    var list = [Int32](repeating: 0, count: counts[pageCount])
    for (index, page) in entryPage.enumerated() where page >= 0 {
      list[next[Int(page)]] = Int32(index)
      next[Int(page)] += 1
    }
    self.tombstones = tombstones
    entryStarts = counts
    entryList = list
    self.entryPage = FixedArray(entryPage)
  }

  /// No task pages (`task-pages: false`): nothing to link, and nothing of the board read to find out.
  public init(noPagesFor tables: BoardTables) {
    cardCount = 0
    tombstones = []
    cardBytes = tables.cardBytes
    cardIDs = FixedArray(count: 0) { _ in .empty }
    cardKeys = FixedArray(count: 0) { _ in nil }
    cardIDIsLowercaseKey = FixedArray(count: 0) { _ in false }
    entryStarts = [0]
    entryList = []
    entryPage = FixedArray(count: tables.entries.count) { _ in -1 }
  }

  /// Every page, in board order.
  public var pagesInOrder: [Int32] { (0..<Int32(pageCount)).map { $0 } }

  /// Every page in the order of its task's id (the cards' ids' 128 bits are `cardKeys`), the order of a manifest's
  /// lines, in which a rebuild finds each kept page's line next to the one before
  /// (``SiteWriter/reuse(_:fingerprints:)``): UUIDs by their 128 bits (the order of their text in one case), then
  /// other ids by their text. Only a matter of speed: a page out of this order is still found, by a lookup.
  func pagesByID(_ cardKeys: FixedArray<UUIDKey?>) -> [Int32] {
    var keyed: [(key: UUIDKey, page: Int32)] = []
    keyed.reserveCapacity(pageCount)
    var others: [Int32] = []
    for page in 0..<pageCount {
      let key = page < cardKeys.count ? cardKeys[page] : UUIDKey(id(ofPage: page).utf8.span)
      if let key { keyed.append((key, Int32(page))) } else { others.append(Int32(page)) }
    }
    keyed.sort { ($0.key.high, $0.key.low) < ($1.key.high, $1.key.low) }
    others.sort { id(ofPage: Int($0)) < id(ofPage: Int($1)) }
    return keyed.map(\.page) + others
  }

  /// The history entries of page `page`, newest first.
  public func entries(ofPage page: Int) -> ArraySlice<Int32> {
    entryList[entryStarts[page]..<entryStarts[page + 1]]
  }
}
