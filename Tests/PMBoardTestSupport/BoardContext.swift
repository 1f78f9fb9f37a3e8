import Foundation
import PMBoardCore
import PMBoardMustache
import PMBoardSite

/// The board page's own variables: the three columns, and the lanes of a grouped board (`group-by`).
package struct BoardContext: TemplateContext {
  package var columns: [ColumnContext]
  package var lanes: [LaneContext] = []

  package func templateValue(forKey key: String) -> TemplateValue? {
    switch key {
    case "columns": .list(columns)
    case "lanes": .list(lanes)
    case "hasLanes": .bool(!lanes.isEmpty)
    default: nil
    }
  }

  package var templateKeys: [String] { ["columns", "lanes", "hasLanes"] }
}

/// One column: its state, localized label, count and cards in board order (DONE newest first); on the board page,
/// only the first `limit` cards, with "Show all" when there are more.
package struct ColumnContext: TemplateContext {
  package var state: TaskState
  package var label: String
  package var cards: [CardContext]
  package var limit: Int?
  /// The board page's line above a capped column; empty otherwise.
  package var leadNote = ""
  /// The build's day, which decides what a capped column leads with.
  package var today = CalendarDate(daysSinceEpoch: 0)
  /// The column's work-in-progress limit, and how many tasks the whole column holds (a name page shows some).
  package var wipLimit: Int?
  package var columnTotal = 0
  /// The page's way to its locale's folder, where the column's page is.
  package var localeDir = ""
  /// Where "Show all" leads when not to the column's page: a lane's option page.
  package var moreHref: String?
  /// On a page of a long column (``ReferenceColumnPages``): the positions in its reading order the page shows, and
  /// whether it is the first, which counts the whole column (a later page counts its own cards).
  package var page: Range<Int>?
  package var isFirstPage = true

  /// A name page's columns: the name's cards in each, led and capped like the board's.
  package static func ofName(_ name: String, field: NameField, columns: [ColumnContext]) -> [ColumnContext] {
    columns.map { column in
      var column = column
      column.cards = column.cards.filter { card in field.names(of: card.card.task).contains(name) }
      return column
    }
  }

  /// The cards a capped column shows, in the order ``ColumnLead`` gives (ties in board order); all, in board order,
  /// when it is not capped, except DONE, which every page lists newest first (the whole column on its own page).
  var shownCards: [CardContext] {
    let order = readingOrder
    return page.map { Array(order[$0]) } ?? order
  }

  /// The cards a capped column shows, or the whole column in the order its page shows it.
  var readingOrder: [CardContext] {
    guard state == .done || cards.count > (limit ?? .max) else { return cards }
    let keyed = cards.enumerated().map { place, card in
      let doneAt = card.card.doneAt.map { Int64($0.timeIntervalSince1970.rounded(.down)) }
      let key = ColumnLead.key(state: state, due: card.card.task.due, doneAt: doneAt, today: today)
      return (key.group, key.order, place, card)
    }
    return keyed.sorted { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }.prefix(limit ?? .max).map(\.3)
  }

  package func templateValue(forKey key: String) -> TemplateValue? {
    switch key {
    case "state": .text(state.rawValue)
    case "label": .text(label)
    case "count": .number(isFirstPage ? cards.count : page?.count ?? cards.count)
    case "isEmpty": .bool(cards.isEmpty)
    case "cards": .list(shownCards)
    case "hasMore": .bool(cards.count > (limit ?? .max))
    case "leadNote": .text(leadNote)
    case "hasLeadNote": .bool(!leadNote.isEmpty)
    case "wipLimit": wipLimit.map(TemplateValue.number) ?? .bool(false)
    case "hasWipLimit": .bool(wipLimit != nil)
    case "overWipLimit": .bool(wipLimit.map { columnTotal > $0 } ?? false)
    case "columnHref": .text(moreHref ?? localeDir + SiteAddresses.column(state))
    default: nil
    }
  }

  package var templateKeys: [String] {
    [
      "state", "label", "count", "isEmpty", "cards", "hasMore", "leadNote", "hasLeadNote", "wipLimit",
      "hasWipLimit", "overWipLimit", "columnHref",
    ]
  }
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
  /// The page's locale: a title or body in another CJK language says its own (``ScriptGuess``).
  package var pageLang = ""

  /// The language `text` is written in when it is not the page's.
  private func otherLang(_ text: String) -> String? {
    ScriptGuess.lang(of: text).flatMap { $0 == pageLang ? nil : $0 }
  }
  /// The day a done card was done, in the locale's long form ("" for none).
  package var doneText = ""
  /// How many published tasks carry each name (``NameField/countKey(_:)``), and the fields of names.
  package var nameCounts: [String: Int] = [:]
  package var nameFields: [NameField] = []
  package var valueFields: [FieldDefinition] = []
  /// Whether a long body is cut: only where a task page holds the rest.
  package var cutsExcerpts = true
  /// "Due in 2 days" when the card is due soon, else nil.
  package var dueSoonText: String?
  /// "12 days in DOING" when the card is aged, else nil.
  package var agedText: String?
  /// The page's way to its locale's folder, and whether the site has task pages: where the card's links lead.
  package var localeDir = ""
  package var taskPages = true
  /// On a site without task pages, the column page the card is on, where its link leads.
  package var pageFile: String?

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
    case "bodyHTML": .text(BodyMarkup.html(of: card.task.body))
    case "excerptHTML":
      .text(
        (cutsExcerpts ? CardExcerpt.of(card.task.body) : nil).map {
          BodyMarkup.html(of: String($0.dropLast()), isCut: true)
        }
          ?? BodyMarkup.html(of: card.task.body))
    case "hasChecklist": .bool(Checklist.progress(in: card.task.body).total > 0)
    case "checklistDone": .number(Checklist.progress(in: card.task.body).done)
    case "checklistTotal": .number(Checklist.progress(in: card.task.body).total)
    case "labels": .list(names(of: CardNames.labelField))
    case "hasLabels": .bool(!card.task.labels.isEmpty)
    case "assignees": .list(names(of: CardNames.assigneeField))
    case "hasAssignees": .bool(!card.task.assignees.isEmpty)
    case "fields": .list(nameFields.indices.dropFirst(2).flatMap(names(of:)))
    case "hasFields": .bool(nameFields.dropFirst(2).contains { !$0.names(of: card.task).isEmpty })
    case "values": .list(values)
    case "hasValues": .bool(!values.isEmpty)
    case "hasLink": .bool(!card.task.url.isEmpty)
    case "link": card.task.url.isEmpty ? .bool(false) : .text(card.task.url)
    case "linkText": card.task.url.isEmpty ? .bool(false) : .text(NameContext.linkText(of: card.task.url))
    case "titleLang": .text(otherLang(card.task.title) ?? "")
    case "hasTitleLang": .bool(otherLang(card.task.title) != nil)
    case "bodyLang": .text(otherLang(card.task.body) ?? "")
    case "hasBodyLang": .bool(otherLang(card.task.body) != nil)
    case "hasDoneDate": .bool(card.doneDay != nil)
    case "doneDate": card.doneDay.map { .text($0.description) } ?? .bool(false)
    case "doneText": card.doneDay == nil ? .bool(false) : .text(doneText)
    case "dueSoon": .bool(dueSoonText != nil)
    case "dueSoonText": .text(dueSoonText ?? "")
    case "aged": .bool(agedText != nil)
    case "agedText": .text(agedText ?? "")
    case "href":
      .text(
        localeDir
          + (pageFile.map(SiteAddresses.cardAddress(on:))
          ?? SiteAddresses.taskLink(card.task.state, taskPages: taskPages)).address(card.id))
    case "columnHref": .text(localeDir + SiteAddresses.column(card.task.state))
    default: nil
    }
  }

  package var templateKeys: [String] {
    [
      "id", "title", "body", "hasBody", "due", "hasDue", "dueText", "state", "overdue", "dueToday", "label", "excerpt",
      "isLong", "hasChecklist", "checklistDone", "checklistTotal", "labels", "hasLabels", "assignees", "hasAssignees",
      "hasLink", "link", "linkText", "hasDoneDate", "doneDate", "doneText", "titleLang", "bodyLang",
      "hasTitleLang", "hasBodyLang", "bodyHTML", "excerptHTML", "dueSoon", "dueSoonText", "aged", "agedText", "href",
      "columnHref", "fields", "hasFields", "values", "hasValues",
    ]
  }

  /// The card's values of the text, number and date fields, in the board's order; a value of another type than
  /// its field's is none.
  private var values: [ValueContext] {
    valueFields.compactMap { field in
      guard let value = card.task.values[field.id], value.fits(field.type) else { return nil }
      return ValueContext(field: field.displayName(in: pageLang), value: value.text(in: field))
    }
  }

  /// The card's names of field `field` of ``nameFields``.
  private func names(of field: Int) -> [NameContext] {
    guard field < nameFields.count else { return [] }
    return nameFields[field].names(of: card.task).map {
      NameContext($0, field: nameFields[field], counts: nameCounts, localeDir: localeDir, code: pageLang)
    }
  }
}

/// A label or assignee on a card: its name and its colour (one of twelve, by a hash of the name's bytes), worked
/// out here the plain way as the reference for the site's tables.
package struct NameContext: TemplateContext {
  package var name: String
  package var field: NameField
  package var count: Int
  /// The page's way to its locale's folder, where the name's page is.
  package var localeDir: String
  /// The page's locale, which the field's name is shown in.
  package var code: String

  package init(_ name: String, field: NameField, counts: [String: Int], localeDir: String, code: String) {
    (self.name, self.field, self.localeDir, self.code) = (name, field, localeDir, code)
    count = counts[field.countKey(name)] ?? 0
  }

  /// The name's page below the locale's folder: in its field's folder, as the declaration says.
  private var path: String { field.folder + CardNames.slug(of: name) }

  package func templateValue(forKey key: String) -> TemplateValue? {
    switch key {
    case "name": .text(name)
    case "hue": .number(CardNames.hue(ofColor: field.definition.option(named: name)?.color) ?? Self.hue(of: name))
    case "path": .text(path)
    case "count": .number(count)
    case "href": .text(localeDir + SiteAddresses.namePage(path))
    case "field": .text(field.definition.displayName(in: code))
    default: nil
    }
  }

  package var templateKeys: [String] { ["name", "hue", "path", "count", "href", "field"] }

  /// FNV-1a 64 of the UTF-8 bytes, modulo 12.
  package static func hue(of name: String) -> Int {
    var value: UInt64 = 14_695_981_039_346_656_037
    for byte in Array(name.utf8) { value = (value ^ UInt64(byte)) &* 1_099_511_628_211 }
    return Int(value % 12)
  }

  /// `#N` when the address's last two path parts are an issue, pull or merge request and its number; else the host.
  package static func linkText(of url: String) -> String {
    let path = url.components(separatedBy: "/").filter { !$0.isEmpty }
    if path.count >= 2, let number = Int(path[path.count - 1]), number > 0,
      Set(["issues", "pull", "pulls", "merge_requests"]).contains(path[path.count - 2])
    {
      return "#" + String(number)
    }
    return WebAddress.host(of: url) ?? url
  }
}

/// A card's value of a declared text, number or date field.
package struct ValueContext: TemplateContext {
  package var field: String
  package var value: String

  package func templateValue(forKey key: String) -> TemplateValue? {
    switch key {
    case "field": .text(field)
    case "value": .text(value)
    default: nil
    }
  }

  package var templateKeys: [String] { ["field", "value"] }
}
