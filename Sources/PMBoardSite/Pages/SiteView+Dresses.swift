import PMBoardBytes
import PMBoardCore

/// What a card shows of its body beyond the text (``CardDress``): taken for the cards a page shows when its view is
/// made, read by the card keys that need it.
extension SiteView {
  @inline(__always)
  func dressValue(_ key: SiteKey, _ card: CardRecord, _ dress: CardDress) -> SiteValue? {
    switch key {
    case .excerpt: .cardText(dress.isLong ? dress.excerpt : card.body)
    case .bodyHTML: .cardHTML(dress.bodyHTML.rawCount > 0 ? dress.bodyHTML : card.body.escapedAsHTML)
    case .excerptHTML:
      .cardHTML(
        dress.excerptHTML.rawCount > 0
          ? dress.excerptHTML : (dress.isLong ? dress.excerpt : card.body).escapedAsHTML)
    case .isLong: .bool(dress.isLong)
    case .hasChecklist: .bool(dress.checklistTotal > 0)
    case .checklistDone: .number(Int(dress.checklistDone))
    case .checklistTotal: .number(Int(dress.checklistTotal))
    case .titleLang: langValue(dress.titleLang)
    case .hasTitleLang: .bool(hasLang(dress.titleLang))
    case .bodyLang: langValue(dress.bodyLang)
    case .hasBodyLang: .bool(hasLang(dress.bodyLang))
    default: nil
    }
  }

  /// A text's language code on this page (a card's title or body, an entry's title); empty when it is the page's
  /// own or unknown (always text, so that a loop over cards keeps one shape for it: ``hasLang(_:)`` is the flag).
  func langValue(_ number: UInt8) -> SiteValue {
    guard hasLang(number), let code = langCodes[Int(number) - 1] else { return .localeText(.empty) }
    return .localeText(code)
  }

  func hasLang(_ number: UInt8) -> Bool { number > 0 && langCodes[Int(number) - 1] != nil }

  /// The cards a page of `page`'s kind lists, as its template's sections walk them (``shownCards()``, which the
  /// tests hold this to): worked out from the view's parts before the view is made, so that the view keeps their
  /// dresses in a constant. The board's or a name page's columns, a column page's column, the overdue or due-soon
  /// page's list, a task page's card. A card a page shows by another way still has its dress, at the cost of a
  /// lock per lookup (``PageDresses/dress(of:)``).
  static func shownCards(
    page: PageTables, columns: SiteRenderer.ColumnCards, lanes: [SiteRenderer.Lane] = [], board: BoardTables,
    dueSoon: DueSoonCards?
  ) -> [Int] {
    let starts = board.columnStarts
    let states: [TaskState]
    switch page.kind {
    case .task: return page.taskCard.map { [$0] } ?? []
    case .history, .names, .milestones, .insights, .search: return []
    case .overdue:
      let runs = ColumnPages.overdueRuns(leads: board.overdueList(live: page.live != nil), starts: starts)
      return ColumnPages.cards(of: runs, at: page.listItems)
    case .dueSoon: return ColumnPages.cards(of: dueSoon?.list(live: page.live != nil) ?? [], at: page.listItems)
    case .board where !lanes.isEmpty:
      return lanes.flatMap { lane in page.columns.flatMap { lane.cards.shown[$0.order].map { Int($0) } } }
    case .board, .name: states = page.columns
    case .column(let state): states = [state]
    }
    return states.flatMap { state -> [Int] in
      let order = state.order
      let shown = order < columns.shown.count ? columns.shown[order] : []
      let count =
        columns.counts == nil ? min(page.cardLimit, starts[order + 1] - starts[order]) : shown.count
      return shown.isEmpty ? Array(starts[order]..<starts[order] + count) : shown.prefix(count).map { Int($0) }
    }
  }

  /// The cards the page's lists show, found by the same ``behaviour(of:)`` and ``item(_:of:)`` the template's
  /// sections run: the reference ``shownCards(page:columns:board:dueSoon:)`` is tested against.
  func shownCards() -> [Int] {
    let lists: [SiteValue]
    switch page.kind {
    case .board where !lanes.isEmpty:
      lists = lanes.indices.flatMap { lane in
        page.columns.map { SiteValue.laneCardList(lane: Int32(lane), order: Int32($0.order)) }
      }
    case .board, .name: lists = page.columns.map { .cardList(Int32($0.order)) }
    case .column(let state): lists = [.cardList(Int32(state.order))]
    case .overdue: lists = [.overdueList]
    case .dueSoon: lists = [.dueSoonList]
    case .task: return page.taskCard.map { [$0] } ?? []
    case .history, .names, .milestones, .insights, .search: return []
    }
    var cards: [Int] = []
    for list in lists {
      guard case .list(let count) = behaviour(of: list) else { continue }
      for index in 0..<count {
        if case .card(let card) = item(index, of: list) { cards.append(Int(card)) }
      }
    }
    return cards
  }
}

extension SiteRenderer {
  /// For every page: the cards ``SiteView/shownCards(page:columns:board:dueSoon:)`` predicts and the cards its
  /// lists walk (``SiteView/shownCards()``), for the tests that hold the two equal.
  package func shownCardsByPage() -> [(path: String, predicted: [Int], walked: [Int])] {
    let prepared = prepare()
    return pagePlans().map { plan in
      withModel(for: plan, prepared) { model in
        model.view.read { view in
          (
            plan.path,
            SiteView.shownCards(
              page: view.page, columns: view.columnCards, lanes: view.lanes, board: view.board,
              dueSoon: view.dueSoon),
            view.shownCards()
          )
        }
      }
    }
  }
}
