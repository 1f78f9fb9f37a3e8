import Foundation
import PMBoardBytes
import PMBoardCore

/// A value of the site's view model: plain integers and byte ranges, so the renderer copies it for free.
public enum SiteValue: Sendable {
  case cardText(TextRef)
  /// HTML of the cards' arena (a body with links and boxes): written as it is, or escaped by `{{name}}`.
  case cardHTML(TextRef)
  case localeText(TextRef)
  case pageText(TextRef)
  /// HTML of the page's arena (the insights' charts): written as it is, or escaped by `{{name}}`.
  case pageHTML(TextRef)
  /// The `at`, `timeText` and `sentence` of history entry `n`, composed when written.
  case entryAt(Int32)
  case entryTime(Int32)
  case entrySentence(Int32)
  /// Entry `n`'s sentence as HTML, its task's title a link to the task's page when it has one.
  case entrySentenceHTML(Int32)
  /// Entry `n`'s time of day (`HH:MM`), for a history page that groups entries by day.
  case entryClock(Int32)
  /// The long local date of the history's day `n` (``HistoryTables/days``).
  case dayText(Int32)
  /// The history page's days, newest first; day `n` of them; the entries of day `n`.
  case dayList
  case day(Int32)
  case dayEntryList(Int32)
  /// Text of the history's bytes (an entry's author), escaped when written.
  case historyText(RawRef)
  case bool(Bool)
  case number(Int)
  /// The page: every page's variables with its board or history page content.
  case page
  case catalog(Int32)
  /// Column number `n` of `TaskState.allCases`.
  case column(Int32)
  case card(Int32)
  case entry(Int32)
  case link(Int32)
  case columnList
  /// The cards of the column whose `TaskState.order` is `n`.
  case cardList(Int32)
  case entryList
  case linkList
  /// Every overdue card, in board order.
  case overdueList
  /// The due-soon page's cards, in board order.
  case dueSoonList
  /// Card `card`'s labels (`field` 0) or assignees (1).
  case nameList(card: Int32, field: UInt8)
  /// Name `n` of ``CardNames/names``.
  case name(Int32)
  /// The index page's labels (0) or people (1), sorted.
  case nameIndex(UInt8)
  /// Text of the cards' names and links (``CardNames/bytes``).
  case nameText(TextRef)
  /// Card `n`'s own address from the page: its task page, or its card on its column's page without task pages.
  case cardHref(Int32)
  /// A name's page from the page, from the name's path (``CardNames/Name/path``).
  case nameHref(TextRef)
  /// The page of entry `n`'s task, from the page.
  case entryHref(Int32)
}
