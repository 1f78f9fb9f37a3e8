import Foundation
import PMBoardBytes
import PMBoardCore

/// Turns a store's task and history rows, read in place, into ``BoardSnapshot`` records: the checks `load()`
/// makes (ids are UUIDs, states, actions and due dates are known values) and text copied as it is when it is valid
/// UTF-8, repaired as `load()` repairs it (each invalid sequence becomes U+FFFD) when not. Written once for the
/// SQLite and the PostgreSQL reader, whose SELECTs list the same columns in the same order:
/// tasks `id, title, body, due, state, labels, assignees, url, fields`; history `at, action, task, title, from, to, fields, author, resolution`.
struct SnapshotRowParser {
  private let states = ByteNames<TaskState>()
  private let actions = ByteNames<HistoryAction>()
  private let fieldNames = ByteNames<TaskField>()
  private let resolutions = ByteNames<SyncResolution>()
  /// One entry's fields, reused row after row.
  private var fields: [TaskField] = []

  func addTask(_ row: some SnapshotColumns, to builder: inout BoardSnapshot.Tasks.Builder) throws {
    let idBytes = row.text(0)
    guard idBytes.isUUIDText else { throw DamagedRow.taskID(idBytes.string) }
    // Spelled as a `String` only for a message or a repaired row: most rows need none.
    var id: String { idBytes.string.lowercased() }
    var due: CalendarDate?
    if !row.isNull(3) {
      if let fields = row.text(3).isoDateFields {
        due = CalendarDate(year: fields.year, month: fields.month, day: fields.day)
      }
      if due == nil { throw DamagedRow.due(row.text(3).string, task: id) }
    }
    guard let state = states.value(row.text(4)) else { throw DamagedRow.state(row.text(4).string, task: id) }
    let (title, body) = (row.text(1), row.text(2))
    let (labels, assignees, url, values) = (row.text(5), row.text(6), row.text(7), row.text(8))
    if title.isValidUTF8 && body.isValidUTF8 && labels.isValidUTF8 && assignees.isValidUTF8 && url.isValidUTF8
      && values.isValidUTF8
    {
      builder.add(
        BoardSnapshot.Tasks.Record(
          id: builder.writer.appendRef(idBytes, lowercasingHex: true), title: builder.writer.appendRef(title),
          body: builder.writer.appendRef(body), due: due, state: state, labels: builder.writer.appendRef(labels),
          assignees: builder.writer.appendRef(assignees), url: builder.writer.appendRef(url),
          values: builder.writer.appendRef(values)))
    } else {
      builder.add(
        id: id, title: title.string, body: body.string, due: due, state: state, labels: labels.string,
        assignees: assignees.string, url: url.string, values: values.string)
    }
  }

  /// Adds the history row; `at` is read by the caller, as the two databases hand integers over differently.
  mutating func addEntry(
    _ row: some SnapshotColumns, at: Int64, to builder: inout BoardSnapshot.History.Builder
  ) throws {
    guard let action = actions.value(row.text(1)) else { throw DamagedRow.action(row.text(1).string) }
    guard action != .defined else { return builder.leaveOutDefinitionLine() }
    let taskID = row.text(2)
    guard taskID.isUUIDText else { throw DamagedRow.historyTaskID(taskID.string) }
    // NULL reads as empty text, which names no state (nor resolution): no NULL test of its own (SQLite's
    // `sqlite3_column_type`, three calls a row).
    let from = states.value(row.text(4))
    let to = states.value(row.text(5))
    fields.removeAll(keepingCapacity: true)
    let names = row.text(6)
    var nameStart = 0
    // Comma-separated; a walk instead of `split`, which allocates an array per row.
    for index in 0...names.count where index == names.count || names[index] == UInt8(ascii: ",") {
      if let field = fieldNames.value(names.extracting(nameStart..<index)), field.isRecordedByEdit {
        fields.append(field)
      }
      nameStart = index + 1
    }
    let (title, author) = (row.text(3), row.text(7))
    let resolution = resolutions.value(row.text(8))
    // Only an edit of declared values has changes: read from their JSON into the words a page shows.
    let stored = row.text(9)
    // The scanner reads UTF-8 only; a row that is not (a store edited by hand) takes the decoder's way.
    let changes =
      stored.count == 0
      ? ""
      : stored.isValidUTF8
        ? ValueChange.described(stored: stored)
        : ValueChange.described(ValueChange.list(storedText: stored.string) ?? [])
    if title.isValidUTF8 && author.isValidUTF8 {
      builder.add(
        at: at, action: action, taskID: builder.writer.appendRef(taskID, lowercasingHex: true),
        title: builder.writer.appendRef(title), from: from, to: to, fields: fields,
        author: builder.writer.appendRef(author), resolution: resolution, changes: builder.writer.appendRef(changes))
    } else {
      builder.add(
        at: at, action: action, taskID: taskID.string.lowercased(), title: title.string, from: from, to: to,
        fields: fields, author: author.string, resolution: resolution, changes: changes)
    }
  }
}
