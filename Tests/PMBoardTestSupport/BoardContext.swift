import PMBoardBytes
import PMBoardCore
import PMBoardMustache
import PMBoardStore
import PMBoardValidation

/// The board page's own variables: the three columns.
public struct BoardContext: TemplateContext {
  public var columns: [ColumnContext]

  public func templateValue(forKey key: String) -> TemplateValue? {
    key == "columns" ? .list(columns) : nil
  }

  public var templateKeys: [String] { ["columns"] }
}

/// One column: its state, localized label, count and cards in board order.
public struct ColumnContext: TemplateContext {
  public var state: TaskState
  public var label: String
  public var cards: [CardContext]

  public func templateValue(forKey key: String) -> TemplateValue? {
    switch key {
    case "state": .text(state.rawValue)
    case "label": .text(label)
    case "count": .number(cards.count)
    case "isEmpty": .bool(cards.isEmpty)
    case "cards": .list(cards)
    default: nil
    }
  }

  public var templateKeys: [String] { ["state", "label", "count", "isEmpty", "cards"] }
}

/// One task card. The overdue rule comes from the model (`BoardTask.isOverdue`), not the template.
public struct CardContext: TemplateContext {
  public let card: CardData
  /// The due date in the locale's long form, or "" without a due date.
  public let dueText: String

  public func templateValue(forKey key: String) -> TemplateValue? {
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
    default: nil
    }
  }

  public var templateKeys: [String] {
    ["id", "title", "body", "hasBody", "due", "hasDue", "dueText", "state", "overdue", "dueToday"]
  }
}
