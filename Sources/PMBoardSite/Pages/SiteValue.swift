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
  /// Card `card`'s names of field `field` of ``CardNames/fields`` (0: labels, 1: assignees).
  case nameList(card: Int32, field: Int32)
  /// Card `n`'s names of every declared field, in the board's field order (its `fields`).
  case fieldChips(Int32)
  /// Card `n`'s values of the declared text, number and date fields (its `values`); value `n` of
  /// ``CardNames/values``.
  case valueList(Int32)
  case value(Int32)
  /// Name `n` of ``CardNames/names``.
  case name(Int32)
  /// The index page's names of field `n` of ``CardNames/fields`` (0: labels, 1: people), in its order.
  case nameIndex(Int32)
  /// The index page's declared fields that have names; field `n` of ``CardNames/fields`` in that list.
  case fieldIndexList
  case fieldIndex(Int32)
  /// A grouped board's lanes (``SiteRenderer/Lane``); lane `n`; its columns; column `order` of lane `lane`; its
  /// cards.
  case laneList
  case lane(Int32)
  case laneColumnList(Int32)
  case laneColumn(lane: Int32, order: Int32)
  case laneCardList(lane: Int32, order: Int32)
  /// Text of the cards' names and links (``CardNames/bytes``).
  case nameText(TextRef)
  /// Card `n`'s own address from the page: its task page, or its card on its column's page without task pages.
  case cardHref(Int32)
  /// A name's page from the page, from the name's path (``CardNames/Name/path``).
  case nameHref(TextRef)
  /// The page of entry `n`'s task, from the page.
  case entryHref(Int32)
}
