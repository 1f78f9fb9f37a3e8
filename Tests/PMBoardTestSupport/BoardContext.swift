import PMBoardCore
import PMBoardMustache

/// The board page's own variables: the three columns.
package struct BoardContext: TemplateContext {
  package var columns: [ColumnContext]

  package func templateValue(forKey key: String) -> TemplateValue? {
    key == "columns" ? .list(columns) : nil
  }

  package var templateKeys: [String] { ["columns"] }
}

/// One column: its state, localized label, count and cards in board order; on the board page, only the first
/// `limit` cards, with "Show all" when there are more.
package struct ColumnContext: TemplateContext {
  package var state: TaskState
  package var label: String
  package var cards: [CardContext]
  package var limit: Int?

  package func templateValue(forKey key: String) -> TemplateValue? {
    switch key {
    case "state": .text(state.rawValue)
    case "label": .text(label)
    case "count": .number(cards.count)
    case "isEmpty": .bool(cards.isEmpty)
    case "cards": .list(limit.map { Array(cards.prefix($0)) } ?? cards)
    case "hasMore": .bool(cards.count > (limit ?? .max))
    default: nil
    }
  }

  package var templateKeys: [String] { ["state", "label", "count", "isEmpty", "cards", "hasMore"] }
}

/// A column page: one whole column.
package struct ColumnPageContext: TemplateContext {
  package var column: ColumnContext

  package func templateValue(forKey key: String) -> TemplateValue? {
    key == "column" ? .object(column) : nil
  }

  package var templateKeys: [String] { ["column"] }
}

/// The overdue page: every overdue card in board order.
package struct OverdueContext: TemplateContext {
  package var cards: [CardContext]

  package func templateValue(forKey key: String) -> TemplateValue? {
    key == "overdueCards" ? .list(cards) : nil
  }

  package var templateKeys: [String] { ["overdueCards"] }
}

/// One task card. The overdue rule comes from the model (`BoardTask.isOverdue`), not the template.
package struct CardContext: TemplateContext {
  package let card: CardData
  /// The due date in the locale's long form, or "" without a due date.
  package let dueText: String
  /// The state's label in the locale.
  package let label: String
  /// Whether a long body is cut: only where a task page holds the rest.
  package var cutsExcerpts = true

  package func templateValue(forKey key: String) -> TemplateValue? {
    switch key {
    case "id": .text(card.id)
    case "title": .text(card.task.title)
    case "body": .text(card.task.body)
    case "hasBody": .bool(!card.task.body.isEmpty)
    case "due": .text(card.dueISO)
    case "hasDue": .bool(card.task.due != nil)
    case "dueText": .text(dueText)
    case "state": .text(card.task.state.rawValue)
    case "overdue": .bool(card.overdue)
    case "dueToday": .bool(card.dueToday)
    case "label": .text(label)
    case "excerpt": .text((cutsExcerpts ? CardExcerpt.of(card.task.body) : nil) ?? card.task.body)
    case "isLong": .bool(cutsExcerpts && CardExcerpt.of(card.task.body) != nil)
    case "hasChecklist": .bool(Checklist.progress(in: card.task.body).total > 0)
    case "checklistDone": .number(Checklist.progress(in: card.task.body).done)
    case "checklistTotal": .number(Checklist.progress(in: card.task.body).total)
    default: nil
    }
  }

  package var templateKeys: [String] {
    [
      "id", "title", "body", "hasBody", "due", "hasDue", "dueText", "state", "overdue", "dueToday", "label", "excerpt",
      "isLong", "hasChecklist", "checklistDone", "checklistTotal",
    ]
  }
}
