import Foundation

/// Every name the site's view models answer (docs/theming.md's variable tables), so a template key number maps to one
/// of these once per build and lookups switch on a byte instead of comparing strings.
public enum SiteKey: UInt8, Sendable, CaseIterable {
  case other
  // Every page
  case lang, t, root, boardTitle, pageTitle, asOf, asOfISO, offline, summary, boardHref, historyHref, isBoard, isHistory
  case canonical, locales, atomHref, calendarHref
  // The board page, the history page
  case columns, entries, isEmpty, pageLabel, hasPager, prevHref, nextHref, isArchive, firstHref, pageIndex
  // A column, a card
  case state, label, count, cards, id, title, body, hasBody, due, hasDue, dueText, overdue, dueToday
  // A history entry
  case action, at, timeText, sentence, author, hasAuthor, merged, lost
  // A language switcher entry
  case code, name, href, url, current
  // Task, column and overdue pages, column caps, card excerpts, entry links, live dates
  case localeDir, timeZone, overdueCount, hasOverdue, isOverduePage, isTaskPage, isColumnPage, task, taskTitle
  case isRemoved, removedText, column, overdueCards, hasMore, excerpt, isLong, taskId, hasTask
  case hasChecklist, checklistDone, checklistTotal
  // Labels, assignees and links
  case labels, hasLabels, assignees, hasAssignees, hue, link, linkText, hasLink
  // When a done card was done, and what a capped column leads with
  case hasDoneDate, doneDate, doneText, leadNote, hasLeadNote
  // Labels' and people's pages and their index
  case path, namesHref, heading, isNameIndex, isNamePage, labelIndex, hasLabelIndex, peopleIndex, hasPeopleIndex
  case titleLang, bodyLang, hasTitleLang, hasBodyLang, bodyHTML, excerptHTML
  // History pages by day
  case days, dayText, clock, when, sentenceHTML
  case insights, insightsHref, isInsights, wipLimit, hasWipLimit, overWipLimit
  case dueSoon, dueSoonText, dueSoonHref, dueSoonCount, hasDueSoon, isDueSoonPage, dueSoonCards, dueSoonDays
  case aged, agedText
  case hasSearch
  case hasTaskPages, live, liveToday, liveZone, liveBuilt, dueCounts, summaryHead, summaryTail, showsSummary
  // Links from SiteAddresses (a card's and a name's `href` is `href` above)
  case overdueHref, columnHref
  // Declared fields: a card's chips, a chip's field, the index's lists of each field's names
  case progress, fields, hasFields, field, fieldIndexes, hasFieldIndexes, names, values, hasValues, value
  // A grouped board's lanes
  case lanes, hasLanes, laneId

  private static let byName: [String: SiteKey] = [
    "lang": .lang, "t": .t, "root": .root, "boardTitle": .boardTitle, "pageTitle": .pageTitle, "asOf": .asOf,
    "asOfISO": .asOfISO, "offline": .offline, "summary": .summary, "boardHref": .boardHref, "historyHref": .historyHref,
    "isBoard": .isBoard, "isHistory": .isHistory, "canonical": .canonical, "locales": .locales,
    "atomHref": .atomHref, "calendarHref": .calendarHref,
    "columns": .columns, "entries": .entries, "isEmpty": .isEmpty, "pageLabel": .pageLabel, "hasPager": .hasPager,
    "prevHref": .prevHref, "nextHref": .nextHref, "firstHref": .firstHref, "pageIndex": .pageIndex,
    "isArchive": .isArchive, "state": .state, "label": .label,
    "count": .count,
    "cards": .cards, "id": .id, "title": .title, "body": .body, "hasBody": .hasBody, "due": .due, "hasDue": .hasDue,
    "dueText": .dueText, "overdue": .overdue, "dueToday": .dueToday, "action": .action, "at": .at,
    "timeText": .timeText, "sentence": .sentence, "author": .author, "hasAuthor": .hasAuthor, "merged": .merged,
    "lost": .lost, "code": .code, "name": .name, "href": .href, "url": .url,
    "current": .current, "localeDir": .localeDir, "timeZone": .timeZone, "overdueCount": .overdueCount,
    "hasOverdue": .hasOverdue, "isOverduePage": .isOverduePage, "isTaskPage": .isTaskPage,
    "isColumnPage": .isColumnPage, "showsSummary": .showsSummary, "task": .task, "taskTitle": .taskTitle,
    "isRemoved": .isRemoved,
    "removedText": .removedText, "column": .column, "overdueCards": .overdueCards, "hasMore": .hasMore,
    "excerpt": .excerpt, "isLong": .isLong, "taskId": .taskId, "hasTask": .hasTask, "hasTaskPages": .hasTaskPages,
    "live": .live,
    "liveToday": .liveToday, "liveZone": .liveZone, "liveBuilt": .liveBuilt, "dueCounts": .dueCounts,
    "summaryHead": .summaryHead, "summaryTail": .summaryTail,
    "hasChecklist": .hasChecklist, "checklistDone": .checklistDone, "checklistTotal": .checklistTotal,
    "labels": .labels, "hasLabels": .hasLabels, "assignees": .assignees, "hasAssignees": .hasAssignees,
    "hue": .hue, "link": .link, "linkText": .linkText, "hasLink": .hasLink,
    "hasDoneDate": .hasDoneDate, "doneDate": .doneDate, "doneText": .doneText, "leadNote": .leadNote,
    "hasLeadNote": .hasLeadNote, "path": .path, "namesHref": .namesHref, "heading": .heading,
    "isNameIndex": .isNameIndex, "isNamePage": .isNamePage, "labelIndex": .labelIndex, "hasLabelIndex": .hasLabelIndex,
    "peopleIndex": .peopleIndex, "hasPeopleIndex": .hasPeopleIndex, "titleLang": .titleLang, "bodyLang": .bodyLang,
    "hasTitleLang": .hasTitleLang, "hasBodyLang": .hasBodyLang, "bodyHTML": .bodyHTML, "excerptHTML": .excerptHTML,
    "days": .days, "dayText": .dayText, "clock": .clock, "when": .when, "sentenceHTML": .sentenceHTML,
    "insights": .insights, "insightsHref": .insightsHref, "isInsights": .isInsights,
    "wipLimit": .wipLimit, "hasWipLimit": .hasWipLimit, "overWipLimit": .overWipLimit,
    "dueSoon": .dueSoon, "dueSoonText": .dueSoonText, "dueSoonHref": .dueSoonHref, "dueSoonCount": .dueSoonCount,
    "hasDueSoon": .hasDueSoon, "isDueSoonPage": .isDueSoonPage, "dueSoonCards": .dueSoonCards,
    "dueSoonDays": .dueSoonDays, "aged": .aged, "agedText": .agedText,
    "hasSearch": .hasSearch, "overdueHref": .overdueHref, "columnHref": .columnHref,
    "progress": .progress, "fields": .fields, "hasFields": .hasFields, "field": .field, "fieldIndexes": .fieldIndexes,
    "hasFieldIndexes": .hasFieldIndexes, "names": .names, "values": .values, "hasValues": .hasValues,
    "value": .value, "lanes": .lanes, "hasLanes": .hasLanes, "laneId": .laneId,
  ]

  public init(name: String) {
    self = Self.byName[name] ?? .other
  }
}
