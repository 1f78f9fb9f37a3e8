import PMBoardBytes
import PMBoardCore
import PMBoardMustache
import PMBoardStore
import PMBoardValidation

/// One history page's own variables: its entries (newest first) and the pager.
public struct HistoryContext: TemplateContext {
  public var entries: [EntryContext]
  public var pageLabel: String
  public var prevHref: String?
  public var nextHref: String?

  public func templateValue(forKey key: String) -> TemplateValue? {
    switch key {
    case "entries": .list(entries)
    case "isEmpty": .bool(entries.isEmpty)
    case "pageLabel": .text(pageLabel)
    case "hasPager": .bool(prevHref != nil || nextHref != nil)
    case "prevHref": prevHref.map(TemplateValue.text) ?? .bool(false)
    case "nextHref": nextHref.map(TemplateValue.text) ?? .bool(false)
    default: nil
    }
  }

  public var templateKeys: [String] { ["entries", "isEmpty", "pageLabel", "hasPager", "prevHref", "nextHref"] }
}

/// One history line: the action (for styling), the instant, its local time and the localized sentence.
/// Time and sentence are made when the template asks, so a page holds no 1000 sentences at once.
public struct EntryContext: TemplateContext {
  public let data: EntryData
  public let locale: LocaleView

  public func templateValue(forKey key: String) -> TemplateValue? {
    switch key {
    case "action": .text(data.entry.action.rawValue)
    case "at": .text(data.at)
    case "timeText": .text(locale.timestamp(localSeconds: data.localSeconds))
    case "sentence": .text(locale.formatter.sentence(data.entry))
    default: nil
    }
  }

  public var templateKeys: [String] { ["action", "at", "timeText", "sentence"] }
}
