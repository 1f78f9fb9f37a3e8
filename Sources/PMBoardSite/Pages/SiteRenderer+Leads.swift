import Foundation
import PMBoardCore
import Synchronization

/// What a capped column (on the board page, or on a label's or person's page) leads with (``ColumnLead``), and the
/// line that says so.
extension SiteRenderer {
  /// The cards a page's columns show and how many each column has, by `TaskState.order`.
  public struct ColumnCards: Sendable {
    /// The cards shown, in order; on the board, empty for a column shown whole in board order.
    public var shown: [[Int32]]
    /// The column's count when it is not the board's (a name page's); nil on the board.
    public var counts: [Int]?

    public static let board = ColumnCards(shown: [], counts: nil)
  }

  /// The board page's columns: the leads of each capped column, and DONE newest first whatever its size.
  func columnLeads() -> ColumnCards {
    ColumnCards(
      shown: TaskState.allCases.map { state in
        let column = boardColumn(state)
        return column.count > cardLimit || state == .done ? lead(column.map { Int32($0) }) : []
      },
      counts: nil)
  }

  /// A column page's cards: DONE's whole column newest first (``ColumnLead``'s order, which the board's DONE
  /// column leads with), made once for every locale's page; the other columns in board order.
  func columnPageCards(_ state: TaskState) -> ColumnCards {
    guard state == .done else { return .board }
    return nameColumnsCache.value(NameColumnsCache.doneColumn) {
      let column = boardColumn(.done)
      var shown: [[Int32]] = TaskState.allCases.map { _ in [] }
      shown[TaskState.done.order] = lead(column.map { Int32($0) }, limit: column.count)
      return .init(cards: ColumnCards(shown: shown, counts: nil), counts: [])
    }.cards
  }

  /// The board's column of `state`, as card indices.
  private func boardColumn(_ state: TaskState) -> Range<Int> {
    tables.columnStarts[state.order]..<tables.columnStarts[state.order + 1]
  }

  /// A name page's columns: each led and capped like a board column.
  func columnCards(ofName index: Int32) -> ColumnCards {
    nameColumns(index).cards
  }

  /// Name `index`'s columns and their lines' counts, made once a build (its pages and its lane share them).
  func nameColumns(_ index: Int32) -> NameColumnsCache.Entry {
    nameColumnsCache.value(index) { self.nameColumnsMade(index) }
  }

  fileprivate func nameColumnsMade(_ index: Int32) -> NameColumnsCache.Entry {
    columnsMade(of: tables.cardNames.names[Int(index)].cards)
  }

  /// Some cards (in board order) by column, each led and capped like a board column: a name page's, a lane's.
  func columnsMade(of cards: [Int32]) -> NameColumnsCache.Entry {
    // The cards are in board order, which holds the columns one after another: each column is a slice.
    var bounds = [0]
    for state in TaskState.allCases.dropLast() {
      let end = Int32(tables.columnStarts[state.order + 1])
      var (low, high) = (bounds[bounds.count - 1], cards.count)
      while low < high {
        let middle = (low + high) / 2
        if cards[middle] < end { low = middle + 1 } else { high = middle }
      }
      bounds.append(low)
    }
    bounds.append(cards.count)
    let columns = TaskState.allCases.map { Array(cards[bounds[$0.order]..<bounds[$0.order + 1]]) }
    // DONE newest first even when it fits, as on the board: the order a reader looks for finished work in.
    let shown = TaskState.allCases.map {
      columns[$0.order].count > cardLimit || $0 == .done ? lead(columns[$0.order]) : columns[$0.order]
    }
    return NameColumnsCache.Entry(
      cards: ColumnCards(shown: shown, counts: columns.map(\.count)), counts: leadCounts(columns: columns))
  }

  /// `cards` (one column's, in board order) as a capped column shows them: by ``ColumnLead`` (``CardLeads``), ties
  /// in board order, at most `limit` (``cardLimit`` unless given).
  func lead(_ cards: [Int32], limit: Int? = nil) -> [Int32] {
    let leads = cardLeads
    let keys = cards.enumerated().lazy.map { place, card in
      LeadKey(group: Int(leads.group[Int(card)]), order: leads.order[Int(card)], place: place, card: card)
    }
    return LeadKey.smallest(limit ?? cardLimit, of: keys).map(\.card)
  }

  /// By column: the line above a capped column that says what leads and how many a reader should find (due this
  /// week and overdue; done this week), in the locale's words; empty for a column shown whole. `counts` are a name
  /// page's (``leadCounts(columns:)``); nil: the board's.
  func leadNotes(formatter: LocaleFormatter, counts: [LeadCounts?]? = nil) -> [String] {
    // The board's counts are made once for its four pages (a locale's board each, and the root's).
    let board = {
      self.nameColumnsCache.value(NameColumnsCache.board) {
        .init(cards: .board, counts: self.leadCounts(columns: nil))
      }
    }
    return (counts ?? board().counts).enumerated().map { order, counts in
      guard let counts else { return "" }
      return TaskState.allCases[order] == .done
        ? formatter.message("board.lead_done", ["recent": String(counts.recent)])
        : formatter.message("board.lead_open", ["soon": String(counts.soon), "overdue": String(counts.overdue)])
    }
  }

  /// What a capped column's line counts.
  struct LeadCounts: Sendable {
    var soon = 0
    var overdue = 0
    var recent = 0
  }

  /// By column, the counts of a capped column's line (nil for a column shown whole); `columns` are a name page's
  /// cards by column, nil the board's.
  func leadCounts(columns: [[Int32]]?) -> [LeadCounts?] {
    let kinds = cardLeads.kind
    return TaskState.allCases.map { state in
      let cards = columns.map { $0[state.order].map { Int($0) } } ?? Array(boardColumn(state))
      guard cards.count > cardLimit else { return nil }
      var counts = LeadCounts()
      for card in cards {
        switch CardLeads.Kind(rawValue: kinds[card]) ?? .none {
        case .none: break
        case .soon: counts.soon += 1
        case .overdue: counts.overdue += 1
        case .recent: counts.recent += 1
        }
      }
      return counts
    }
  }

  /// A name page's line counts, made once for all its locales.
  func nameLeadCounts(ofName index: Int32) -> [LeadCounts?] {
    nameColumns(index).counts
  }
}

/// Name pages' columns by name (and the board's line counts under ``board``, the DONE column page's cards under
/// ``doneColumn``), made once for all of a page's locales (three renders ask for the same name, four pages for the
/// board's).
final class NameColumnsCache: Sendable {
  /// The key of the board's own entry (its columns' line counts).
  static let board: Int32 = -1
  /// The key of the DONE column page's cards (``SiteRenderer/columnPageCards(_:)``).
  static let doneColumn: Int32 = -2
  /// The key of the board's lane of cards without a value of the `group-by` field (``SiteRenderer/boardLanes()``).
  static let noValueLane: Int32 = -3

  struct Entry: Sendable {
    var cards: SiteRenderer.ColumnCards
    var counts: [SiteRenderer.LeadCounts?]
  }

  private let entries = Mutex<[Int32: Entry]>([:])

  /// The entry of name `index`, made by `make` the first time it is asked for.
  func value(_ index: Int32, make: () -> Entry) -> Entry {
    if let known = entries.withLock({ $0[index] }) { return known }
    let made = make()
    entries.withLock { $0[index] = made }
    return made
  }
}
