import PMBoardCore
import PMBoardMustache
import PMBoardSite

/// One history page's own variables: its entries (newest first) and the pager.
package struct HistoryContext: TemplateContext {
  package var entries: [EntryContext]
  package var pageLabel: String
  package var prevHref: String?
  package var nextHref: String?

  package func templateValue(forKey key: String) -> TemplateValue? {
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

  package var templateKeys: [String] { ["entries", "isEmpty", "pageLabel", "hasPager", "prevHref", "nextHref"] }
}

/// A task page's own variables: the task (false on a removed task's tombstone) and its history, newest first.
package struct TaskContext: TemplateContext {
  package var task: CardContext?
  package var entries: [EntryContext]

  package func templateValue(forKey key: String) -> TemplateValue? {
    switch key {
    case "task": task.map { .object($0) } ?? .bool(false)
    case "entries": .list(entries)
    case "isEmpty": .bool(entries.isEmpty)
    case "pageLabel": .text("")
    case "hasPager", "prevHref", "nextHref": .bool(false)
    default: nil
    }
  }

  package var templateKeys: [String] {
    ["task", "entries", "isEmpty", "pageLabel", "hasPager", "prevHref", "nextHref"]
  }
}

/// One history line: the action (for styling), the instant, its local time and the localized sentence.
/// Time and sentence are made when the template asks, so a page holds no 1000 sentences at once.
package struct EntryContext: TemplateContext {
  package let data: EntryData
  package let locale: LocaleView
  /// Whether the entry's task has a page to link to.
  package let hasTask: Bool

  package func templateValue(forKey key: String) -> TemplateValue? {
    switch key {
    case "action": .text(data.entry.action.rawValue)
    case "at": .text(data.at)
    case "timeText": .text(locale.timestamp(localSeconds: data.localSeconds))
    case "sentence": .text(locale.formatter.sentence(data.entry))
    case "author": .text(data.entry.author)
    case "hasAuthor": .bool(!data.entry.author.isEmpty)
    case "merged": .bool(data.entry.resolution == .merged)
    case "lost": .bool(data.entry.resolution == .lost)
    case "taskId": .text(data.entry.taskID.lowercaseString)
    case "hasTask": .bool(hasTask)
    default: nil
    }
  }

  package var templateKeys: [String] {
    ["action", "at", "timeText", "sentence", "author", "hasAuthor", "merged", "lost", "taskId", "hasTask"]
  }
}
