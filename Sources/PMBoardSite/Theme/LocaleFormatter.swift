import Foundation
import PMBoardCore

/// Turns model values into one locale's words: long dates, timestamps in the board's time zone,
/// column labels and history sentences. Built once per locale and build.
public final class LocaleFormatter: Sendable {
  public let catalog: LocaleCatalog
  public let timeZone: TimeZone
  private let dateLong: CatalogMessage
  public let timestampFormat: CatalogMessage
  private let months: [String]
  public let sentences: [HistoryAction: CatalogMessage]
  private let stateLabels: [TaskState: String]
  public let fieldNames: [TaskField: String]
  public let separator: String
  public let unknownFields: String
  /// Every message with placeholders, parsed once: pages format some of them hundreds of times.
  private let messages: [String: CatalogMessage]
  /// The `one` forms of counted messages, where the catalog gives them.
  private let oneForms: [String: CatalogMessage]

  public init(catalog: LocaleCatalog, timeZone: TimeZone) {
    self.catalog = catalog
    self.timeZone = timeZone
    dateLong = CatalogMessage(catalog.string("format.date_long"))
    timestampFormat = CatalogMessage(catalog.string("format.timestamp"))
    months = catalog.lists["format.month_names"] ?? []
    var sentences: [HistoryAction: CatalogMessage] = [:]
    for action in HistoryAction.allCases {
      sentences[action] = CatalogMessage(catalog.string("history.\(action.rawValue)"))
    }
    self.sentences = sentences
    var labels: [TaskState: String] = [:]
    for state in TaskState.allCases { labels[state] = catalog.string("state.\(state.rawValue)") }
    stateLabels = labels
    var fields: [TaskField: String] = [:]
    // A field named in history: the others have no words (``LocaleTables/fieldNames`` leaves them empty).
    for field in TaskField.editedFields { fields[field] = catalog.string("field.\(field.rawValue)") }
    fieldNames = fields
    separator = catalog.string("field.separator")
    unknownFields = catalog.string("field.unknown")
    messages = Dictionary(
      uniqueKeysWithValues: LocaleCatalog.placeholders.keys.map { ($0, CatalogMessage(catalog.string($0))) })
    oneForms = catalog.plurals.compactMapValues { $0["one"].map(CatalogMessage.init) }
  }

  public func label(_ state: TaskState) -> String { stateLabels[state] ?? state.rawValue }

  /// e.g. `November 21, 2026`, `2026년 11월 21일`, `2026年11月21日`.
  public func longDate(_ date: CalendarDate) -> String {
    dateLong.format { name in
      switch name {
      case "year": String(date.year)
      case "month": String(date.month)
      case "day": String(date.day)
      case "month_name": months.indices.contains(date.month - 1) ? months[date.month - 1] : String(date.month)
      default: nil
      }
    }
  }

  /// The long date and 24-hour `HH:MM` of `instant` on the board's wall clock.
  public func timestamp(_ instant: Date) -> String {
    var clock = WallClock(zone: timeZone)
    let (day, secondOfDay) = Instant.day(ofSecond: clock.localSeconds(instant))
    return timestamp(date: longDate(CalendarDate(daysSinceEpoch: day)), secondOfDay: secondOfDay)
  }

  /// The timestamp for an already formatted date and a time of day.
  public func timestamp(date: String, secondOfDay: Int) -> String {
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
    return timestampFormat.format { name in
      switch name {
      case "date": date
      case "hour": two(secondOfDay / 3600)
      case "minute": two(secondOfDay / 60 % 60)
      default: nil
      }
    }
  }

  /// The history line, e.g. `Moved “Write README” from TODO to DOING`.
  public func sentence(_ entry: HistoryEntry) -> String {
    sentence(
      action: entry.action, title: entry.title, from: entry.from, to: entry.to, fields: entry.fields,
      changes: ValueChange.described(entry.changes))
  }

  /// The history line of an entry given by its parts, as the change feed reads them from the snapshot. `changes`
  /// (what an edit did to declared values, ``ValueChange/described(_:)``) stands where the word for the values
  /// would.
  public func sentence(
    action: HistoryAction, title: String, from: TaskState?, to: TaskState?, fields: [TaskField], changes: String = ""
  ) -> String {
    sentenceMarkingTitle(action: action, title: title, from: from, to: to, fields: fields, changes: changes).text
  }

  /// ``sentence(_:)`` and where its task's title is in it (UTF-8 offsets), which a history page links.
  public func sentenceMarkingTitle(_ entry: HistoryEntry) -> (text: String, title: Range<Int>?) {
    sentenceMarkingTitle(
      action: entry.action, title: entry.title, from: entry.from, to: entry.to, fields: entry.fields,
      changes: ValueChange.described(entry.changes))
  }

  private func sentenceMarkingTitle(
    action: HistoryAction, title: String, from: TaskState?, to: TaskState?, fields: [TaskField], changes: String
  ) -> (text: String, title: Range<Int>?) {
    guard let message = sentences[action] else { return (title, 0..<title.utf8.count) }
    let (text, marked) = message.format(marking: "title") { name in
      switch name {
      case "title": title
      case "from": from.map(label)
      case "to": to.map(label)
      case "fields":
        fields.isEmpty
          ? unknownFields
          : fields.compactMap { $0 == .values && !changes.isEmpty ? changes : fieldNames[$0] }.joined(
            separator: separator)
      default: nil
      }
    }
    return (text, marked)
  }

  /// What a card due in `days` days (1 or more) says: "Due tomorrow", "Due in 3 days".
  public func dueSoon(days: Int) -> String {
    days == 1 ? catalog.string("board.due_tomorrow") : message("board.due_in", ["days": String(days)])
  }

  /// What a card long in DOING says: "12 days in DOING".
  public func aging(days: Int) -> String {
    message("board.aging", ["days": String(days), "state": label(.doing)])
  }

  /// A catalog message with named values, e.g. `board.summary` with total and overdue; a counted message
  /// (``LocaleCatalog/countedBy``) in the plural form its count takes: `one` for 1 where the catalog gives it, else
  /// `other`. Every built-in language fits this rule (English; Korean and Japanese have one form); a catalog for a
  /// language whose `one` covers more numbers (French's 0) gets it for 1 only.
  public func message(_ key: String, _ values: [String: String]) -> String {
    if let forms = oneForms[key], let counted = LocaleCatalog.countedBy[key], values[counted] == "1" {
      return forms.format { values[$0] }
    }
    return (messages[key] ?? CatalogMessage(catalog.string(key))).format { values[$0] }
  }
}
