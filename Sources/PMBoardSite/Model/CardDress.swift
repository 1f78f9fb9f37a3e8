import Foundation
import PMBoardBytes
import PMBoardCore
import Synchronization

/// What a card shows of its text beyond the text itself: the excerpt of a long body, the body's links and boxes
/// as HTML, its checklist's progress, and the languages of its title and body.
public struct CardDress: Sendable {
  /// A long body's start, as a card shows it (``isLong``); a card shows a short body whole (its own ``CardRecord/body``).
  public var excerpt: TextRef = .empty
  public var isLong = false
  /// The body and the excerpt as HTML (``BodyMarkup``): empty when they have no link and no box, and their
  /// escaped text is their HTML.
  public var bodyHTML: TextRef = .empty
  public var excerptHTML: TextRef = .empty
  /// The body's checklist (``Checklist``): items done and items in all; 0 of 0 without one.
  public var checklistDone: Int32 = 0
  public var checklistTotal: Int32 = 0
  /// The language the title and the body are written in when it shows in their letters (``ScriptGuess``): 0 none,
  /// 1 Korean, 2 Japanese.
  public var titleLang: UInt8 = 0
  public var bodyLang: UInt8 = 0
}

/// Every card's ``CardDress``, made the first time a page that shows the card is rendered, a chunk of
/// ``chunkSize`` cards (in board order) at a time, into the stretch of the card arena reserved for the chunk.
///
/// Made on demand because a rebuild renders few of the pages that show cards: one change rewrites one column's
/// page, the board's leads and a task's pages, and at 100,000 tasks dressing every card (a scan of each body for
/// its language and marks, its cut, its links) was 85 ms of CPU on every rebuild. A fresh build, which renders
/// every page, has every chunk dressed by the card tables' slices as they copy the cards (``dress(chunkOf:)``).
public final class CardDresses: Sendable {
  static let chunkShift = 6
  static let chunkSize = 1 << chunkShift

  private let tasks: BoardSnapshot.Tasks
  /// Board order: card `i` is `tasks.records[order[i]]`.
  private let order: [Int32]
  private let arena: ByteArena
  /// The arena's stretch reserved for each chunk's dress text.
  private let regions: [Range<Int>]
  private let cutsExcerpts: Bool
  private let chunks: [Chunk]

  /// One chunk's dresses, made once under its lock.
  private final class Chunk: Sendable {
    let dresses = Mutex<[CardDress]?>(nil)
  }

  /// The dresses of the cards of the tasks `order` lists; each chunk's dress text goes in `regions[chunk]` of
  /// `arena` (room for ``worstCase(body:cutsExcerpts:)`` of each of its cards).
  init(
    tasks: BoardSnapshot.Tasks, order: [Int32], arena: ByteArena, regions: [Range<Int>], cutsExcerpts: Bool
  ) {
    precondition(regions.count == (order.count + Self.chunkSize - 1) >> Self.chunkShift, "one region per chunk")
    self.tasks = tasks
    self.order = order
    self.arena = arena
    self.regions = regions
    self.cutsExcerpts = cutsExcerpts
    chunks = regions.map { _ in Chunk() }
  }

  /// The most bytes one card's dress can take in the arena.
  static func worstCase(body: Int, cutsExcerpts: Bool) -> Int {
    // A long body is stored twice: whole for the task page, cut for the card (at most its bytes and "…").
    let excerpt = cutsExcerpts && CardExcerpt.mayCut(utf8Count: body) ? body + 3 : 0
    let html = BodyMarkup.worstCase(rawCount: body) * (excerpt > 0 ? 2 : 1)
    return ArenaBuilder.worstCase(rawCount: excerpt) + html
  }

  /// Dresses the chunk that holds card `card` now, if no one has: a slice of the tables dresses each chunk it
  /// copied when the build renders every page (a fresh one), while the text is at hand.
  func dress(chunkOf card: Int) {
    let chunk = card >> Self.chunkShift
    _ = chunks[chunk].dresses.withLock { dresses(ofChunk: chunk, &$0) }
  }

  /// The dresses of cards `range` (board order), in order.
  ///
  /// A chunk another thread is dressing is passed over and taken after the others: two pages of one column (its
  /// page in two locales) rendered at once then dress half of its chunks each, instead of taking turns on every
  /// chunk (waiting in the kernel's lock at every turn).
  func dresses(in range: Range<Int>) -> [CardDress] {
    guard !range.isEmpty else { return [] }
    let chunkRange = (range.lowerBound >> Self.chunkShift)...((range.upperBound - 1) >> Self.chunkShift)
    // A whole column's worth (a column page in a rebuild) is dressed on both cores first: on the render's path,
    // one job dressing 40,000 cards alone kept the other core's jobs waiting at the end.
    if chunkRange.count >= 32 {
      _ = concurrentMap(2) { part in
        for chunk in stride(from: chunkRange.lowerBound + part, through: chunkRange.upperBound, by: 2) {
          _ = chunks[chunk].dresses.withLockIfAvailable { dresses(ofChunk: chunk, &$0) }
        }
      }
    }
    var taken = [[CardDress]?](repeating: nil, count: chunkRange.count)
    for chunk in chunkRange {
      taken[chunk - chunkRange.lowerBound] = chunks[chunk].dresses.withLockIfAvailable { made in
        dresses(ofChunk: chunk, &made)
      }
    }
    var result: [CardDress] = []
    result.reserveCapacity(range.count)
    for chunk in chunkRange {
      let made = taken[chunk - chunkRange.lowerBound] ?? chunks[chunk].dresses.withLock { dresses(ofChunk: chunk, &$0) }
      let start = chunk << Self.chunkShift
      result.append(
        contentsOf: made[
          (max(range.lowerBound, start) - start)..<(min(range.upperBound, start + Self.chunkSize) - start)])
    }
    return result
  }

  /// Every card's dress in board order, once all are made (a lock per chunk): the table a build that dressed every
  /// card reads them from, as it read them from the cards before.
  func everyDress() -> FixedArray<CardDress> {
    // Copied once, into place: joining the chunks into an array first grew it by doubling, a copy and fresh
    // pages more, on the load's last single-threaded stretch.
    let made = chunks.indices.map { chunk in chunks[chunk].dresses.withLock { dresses(ofChunk: chunk, &$0) } }
    return FixedArray(count: order.count) { card in made[card >> Self.chunkShift][card & (Self.chunkSize - 1)] }
  }

  /// Card `card`'s dress (a lock per call: for the odd card outside what a page said it shows).
  func dress(of card: Int) -> CardDress {
    let chunk = card >> Self.chunkShift
    return chunks[chunk].dresses.withLock { dresses(ofChunk: chunk, &$0) }[card & (Self.chunkSize - 1)]
  }

  /// Chunk `chunk`'s dresses, made now if `made` (its lock held) has none yet.
  private func dresses(ofChunk chunk: Int, _ made: inout [CardDress]?) -> [CardDress] {
    if let made { return made }
    let range = (chunk << Self.chunkShift)..<min(order.count, (chunk + 1) << Self.chunkShift)
    var builder = ArenaBuilder(filling: arena, regions[chunk])
    let dresses = range.map { card in
      Self.dress(of: tasks.records[Int(order[card])], in: tasks.text, cutsExcerpts: cutsExcerpts, arena: &builder)
    }
    made = dresses
    return dresses
  }

  /// A card's dress, its text written by `arena`. One pass over the body tells the language and whether it has a
  /// `:` or a `[`: only such a body can hold a link or a checklist.
  static func dress(
    of task: BoardSnapshot.Tasks.Record, in text: ByteArena, cutsExcerpts: Bool, arena: inout ArenaBuilder
  ) -> CardDress {
    var dress = CardDress()
    dress.titleLang = text.withBytes(task.title) { CardTables.langNumber(ScriptGuess.lang(utf8: $0)) }
    let (lang, hasMarks) = text.withBytes(task.body) { ScriptGuess.langAndMarks(utf8: $0) }
    dress.bodyLang = CardTables.langNumber(lang)
    if hasMarks {
      dress.bodyHTML = text.withBytes(task.body) { utf8 in
        BodyMarkup.pieces(utf8: utf8).map { arena.html($0, of: utf8) } ?? .empty
      }
      let checklist = text.withBytes(task.body) { Checklist.progress(utf8: $0) }
      (dress.checklistDone, dress.checklistTotal) = (Int32(checklist.done), Int32(checklist.total))
    }
    dress.excerptHTML = dress.bodyHTML
    guard cutsExcerpts, CardExcerpt.mayCut(utf8Count: Int(task.body.count)) else { return dress }
    switch text.withBytes(task.body, { CardExcerpt.cut(utf8: $0) }) {
    case .whole: break
    case .cut(let end):
      (dress.excerpt, dress.isLong) = (arena.excerpt(copying: task.body, upTo: end, from: text), true)
      guard hasMarks else { return dress }
      dress.excerptHTML = text.withBytes(task.body) { utf8 in
        let kept = utf8.extracting(0..<end)
        return BodyMarkup.pieces(utf8: kept, isCut: true).map { arena.html($0, of: kept) } ?? .empty
      }
    case .unknown:
      guard let cut = CardExcerpt.of(text.string(task.body)) else { return dress }
      (dress.excerpt, dress.isLong) = (arena.text(cut), true)
      guard hasMarks else { return dress }
      let kept = String(cut.dropLast())
      dress.excerptHTML =
        BodyMarkup.pieces(utf8: kept.utf8.span, isCut: true).map { arena.html($0, of: kept.utf8.span) } ?? .empty
    }
    return dress
  }
}

/// The dresses of the cards one page shows, taken from ``CardDresses`` when the page's view is made: a task
/// page's one card as a plain value, a list's in runs of consecutive cards, one after the other in one table, so
/// that a lookup is a search of a few run starts rather than a lock. Fixed tables (read without retaining what
/// they read): arrays here cost a retain and a release for every card value a template read.
public struct PageDresses {
  private let single: (card: Int, dress: CardDress)?
  private let runs: Runs?

  /// Runs of consecutive cards: run `i` is cards `starts[i]..<starts[i] + (firsts[i + 1] - firsts[i])`, at
  /// `dresses[firsts[i]...]`.
  private struct Runs {
    let starts: FixedTable<Int>
    let firsts: FixedTable<Int>
    let dresses: FixedTable<CardDress>
    /// The first card when the cards are one run (a column page, the overdue page's column): looked up without a
    /// search. -1 otherwise.
    let onlyStart: Int
  }

  /// Card `card`'s dress alone (none for no card, or for a page of a build that reads ``CardTables/everyDress``): no
  /// table is made, for a task page.
  init(card: Int?, of all: CardDresses) {
    single = card.map { ($0, all.dress(of: $0)) }
    runs = nil
  }

  /// The dresses of `cards` (board order indices, in any order, repeats allowed).
  init(cards: [Int], of all: CardDresses) {
    single = nil
    var ranges: [Range<Int>] = []
    for card in cards.sorted() {
      guard let last = ranges.last, card <= last.upperBound else {
        ranges.append(card..<card + 1)
        continue
      }
      if card == last.upperBound { ranges[ranges.count - 1] = last.lowerBound..<card + 1 }
    }
    guard !ranges.isEmpty else {
      runs = nil
      return
    }
    runs = Runs(
      starts: FixedTable(FixedArray(ranges.map(\.lowerBound))),
      firsts: FixedTable(FixedArray(ranges.reduce(into: [0]) { $0.append(($0.last ?? 0) + $1.count) })),
      dresses: FixedTable(
        FixedArray(ranges.count == 1 ? all.dresses(in: ranges[0]) : ranges.flatMap(all.dresses(in:)))),
      onlyStart: ranges.count == 1 ? ranges[0].lowerBound : -1)
  }

  /// Card `card`'s dress, when the page listed the card (else the board's ``CardDresses/dress(of:)`` has it).
  @inline(__always)
  func dress(of card: Int) -> CardDress? {
    if let single, single.card == card { return single.dress }
    guard let runs else { return nil }
    if runs.onlyStart >= 0 {
      let index = card - runs.onlyStart
      return index >= 0 && index < runs.dresses.count ? runs.dresses[index] : nil
    }
    var (low, high) = (0, runs.starts.count)
    while low < high {
      let middle = (low + high) / 2
      if runs.starts[middle] <= card { low = middle + 1 } else { high = middle }
    }
    guard low > 0 else { return nil }
    let index = runs.firsts[low - 1] + card - runs.starts[low - 1]
    return index < runs.firsts[low] ? runs.dresses[index] : nil
  }
}
