import PMBoardBytes
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
    case "days": .list(days)
    case "isEmpty": .bool(entries.isEmpty)
    case "pageLabel": .text(pageLabel)
    case "hasPager": .bool(prevHref != nil || nextHref != nil)
    case "prevHref": prevHref.map(TemplateValue.text) ?? .bool(false)
    case "nextHref": nextHref.map(TemplateValue.text) ?? .bool(false)
    default: nil
    }
  }

  package var templateKeys: [String] {
    ["entries", "days", "isEmpty", "pageLabel", "hasPager", "prevHref", "nextHref"]
  }

  /// The entries in runs of one local day, newest first.
  var days: [DayContext] {
    var days: [DayContext] = []
    for entry in entries {
      let day = Instant.day(ofSecond: entry.data.localSeconds).day
      if days.last?.day == day {
        days[days.count - 1].entries.append(entry)
      } else {
        days.append(DayContext(day: day, entries: [entry]))
      }
    }
    return days
  }
}

/// One day of a history page: its date and its entries.
package struct DayContext: TemplateContext {
  package var day: Int
  package var entries: [EntryContext]

  package func templateValue(forKey key: String) -> TemplateValue? {
    switch key {
    case "dayText": .text(entries[0].locale.formatter.longDate(CalendarDate(daysSinceEpoch: day)))
    case "entries": .list(entries)
    default: nil
    }
  }

  package var templateKeys: [String] { ["dayText", "entries"] }
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
  /// The page's way to its locale's folder (`{{localeDir}}`).
  package var localeDir = ""
  /// Whether the page is a history page, whose entries stand under day headings.
  package var onHistoryPage = false

  package func templateValue(forKey key: String) -> TemplateValue? {
    switch key {
    case "action": .text(data.entry.action.rawValue)
    case "at": .text(data.at)
    case "timeText": .text(locale.timestamp(localSeconds: data.localSeconds))
    case "sentence": .text(locale.formatter.sentence(data.entry))
    case "sentenceHTML": .text(sentenceHTML)
    case "when":
      onHistoryPage ? templateValue(forKey: "clock") : .text(locale.timestamp(localSeconds: data.localSeconds))
    case "clock":
      .text(
        String(Instant.day(ofSecond: data.localSeconds).secondOfDay / 3600 + 100).dropFirst() + ":"
          + String(Instant.day(ofSecond: data.localSeconds).secondOfDay / 60 % 60 + 100).dropFirst())
    case "author": .text(data.entry.author)
    case "hasAuthor": .bool(!data.entry.author.isEmpty)
    case "merged": .bool(data.entry.resolution == .merged)
    case "lost": .bool(data.entry.resolution == .lost)
    case "taskId": .text(data.entry.taskID.lowercaseString)
    case "hasTask": .bool(hasTask)
    case "href": hasTask ? .text(localeDir + SiteAddresses.task(data.entry.taskID.lowercaseString)) : .bool(false)
    default: nil
    }
  }

  package var templateKeys: [String] {
    [
      "action", "at", "timeText", "sentence", "author", "hasAuthor", "merged", "lost", "taskId", "hasTask",
      "sentenceHTML", "clock", "when", "href",
    ]
  }

  /// The sentence, escaped, with the task's title a link to its page when it has one.
  private var sentenceHTML: String {
    let (text, title) = locale.formatter.sentenceMarkingTitle(data.entry)
    let lang = ScriptGuess.lang(of: data.entry.title).flatMap { $0 == locale.code ? nil : $0 }
    guard hasTask || lang != nil, let title else { return HTMLEscaper.escaped(text) }
    let utf8 = Array(text.utf8)
    func piece(_ range: Range<Int>) -> String { HTMLEscaper.escaped(String(decoding: utf8[range], as: UTF8.self)) }
    let langAttribute = lang.map { " lang=\"\($0)\"" } ?? ""
    let open =
      hasTask
      ? "<a\(langAttribute) href=\"\(HTMLEscaper.escaped(localeDir + SiteAddresses.task(data.entry.taskID.lowercaseString)))\">"
      : "<span\(langAttribute)>"
    return piece(0..<title.lowerBound) + open + piece(title) + (hasTask ? "</a>" : "</span>")
      + piece(title.upperBound..<utf8.count)
  }
}
