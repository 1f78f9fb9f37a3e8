import Foundation
import PMBoardCore

/// Reads a spreadsheet's CSV export whose header row names `title` and, if it has them, `body`, `due`
/// (`YYYY-MM-DD`), `state` (`todo`, `doing`, `done`; empty is todo), `id`, `labels` (also `tags`), `assignees`
/// (also `assignee`, `owner`), `url` (also `link`), `created` and `done` (also `closed`), in any order and spelled in
/// any case; names in one cell are separated by commas or semicolons. A column named by `--field` is a field's (text
/// unless the board has the field: then read as its type); other columns are read over. The `id` column,
/// when there is one, names each row's task in the source; without it the title does, so renaming a row in the
/// sheet removes the old task and adds a new one. `created` and `done` give a row's times (a day, or a date and time
/// in UTC): a done task new to the board is recorded as added then, and moved to DONE on its done day. Without them
/// a change is recorded at the moment of the import.
struct CSVTasksReader {
  var settings: ImportSettings

  enum Column: String, CaseIterable {
    case title, body, due, state, id, labels, assignees, url, created, done

    /// The column a header names, by its name or a common other name for it.
    init?(header: String) {
      switch header {
      case "tags", "label": self = .labels
      case "assignee", "owner", "owners": self = .assignees
      case "link": self = .url
      case "closed": self = .done
      default: self.init(rawValue: header)
      }
    }
  }

  func read(_ data: Data) throws(ImportFailure) -> ImportedSource {
    let table = try CSVTable.parse(data)
    let (fields, fieldColumns) = try self.fields(table.header)
    var columns: [Column: Int] = [:]
    for (index, name) in table.header.enumerated() where !fieldColumns.contains(index) {
      let key = name.trimmingCharacters(in: .whitespaces).lowercased()
      guard let column = Column(header: key) else {
        try refuseHidden(key, column: index + 1)
        continue
      }
      if let first = columns[column] {
        throw ImportFailure(
          "row 1, column \(index + 1): \"\(key)\" is also the name of column \(first + 1); name each column once")
      }
      columns[column] = index
    }
    guard columns[.title] != nil else {
      throw ImportFailure("row 1: no column is named title; the header row names title, body, due and state")
    }
    var items: [ImportedItem] = []
    items.reserveCapacity(table.rows.count)
    for row in table.rows where !row.fields.allSatisfy(\.isEmpty) {
      var item = try item(row, columns)
      item.sourceValues = fieldColumns.map { $0 < row.fields.count ? .text(row.fields[$0]) : nil }
      items.append(item)
    }
    return ImportedSource(fields: fields, items: items)
  }

  /// The `--field` columns as fields, with their positions in the header row.
  private func fields(_ header: [String]) throws(ImportFailure) -> ([SourceField], [Int]) {
    var fields: [SourceField] = []
    var positions: [Int] = []
    let names = header.map { $0.trimmingCharacters(in: .whitespaces) }
    for (column, key) in settings.fieldColumns {
      let wanted = column.trimmingCharacters(in: .whitespaces)
      guard let position = names.firstIndex(where: { $0.lowercased() == wanted.lowercased() }) else {
        let shown = names.map { "\"\($0)\"" }.joined(separator: ", ")
        throw ImportFailure("--field \(column): no column is named \"\(wanted)\"; the header row names \(shown)")
      }
      if let known = Column(header: wanted.lowercased()) {
        throw ImportFailure("--field \(column): the column \(known) is read as the task's \(known); map another one")
      }
      if positions.contains(position) { throw ImportFailure("--field \(column): the column is given twice") }
      positions.append(position)
      fields.append(SourceField(name: names[position], key: key, type: .text, place: .column(names[position])))
    }
    return (fields, positions)
  }

  /// A name that is a known column's but for an invisible character (a byte order mark, a zero-width space) is
  /// refused: read over as another column, an `id` column would be lost without a word.
  private func refuseHidden(_ key: String, column: Int) throws(ImportFailure) {
    let hidden = key.unicodeScalars.filter { $0.properties.generalCategory == .format }
    guard let first = hidden.first else { return }
    var visible = String.UnicodeScalarView()
    visible.append(contentsOf: key.unicodeScalars.filter { $0.properties.generalCategory != .format })
    guard let known = Column(rawValue: String(visible)) else { return }
    let hex = String(first.value, radix: 16, uppercase: true)
    let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    throw ImportFailure(
      "row 1, column \(column): the name \"\(known)\" holds the invisible character \(code); remove it, or save "
        + "the file again as CSV UTF-8, so that the column is read as \(known)")
  }

  private func item(_ row: (number: Int, fields: [String]), _ columns: [Column: Int]) throws(ImportFailure)
    -> ImportedItem
  {
    func field(_ column: Column) -> String {
      guard let index = columns[column], index < row.fields.count else { return "" }
      return row.fields[index]
    }
    func place(_ column: Column) -> String { "row \(row.number), column \(column)" }
    let title = try ImportText.title(field(.title), path: place(.title))
    let body = try ImportText.body(field(.body), path: place(.body))
    let dueText = field(.due).trimmingCharacters(in: .whitespaces)
    var due: CalendarDate?
    if !dueText.isEmpty {
      guard let date = CalendarDate(iso: dueText) else {
        throw ImportFailure("\(place(.due)): \"\(dueText)\" is not a date (YYYY-MM-DD)")
      }
      due = date
    }
    let created = try instant(field(.created), at: place(.created))
    let done = try instant(field(.done), at: place(.done))
    let stateText = field(.state).trimmingCharacters(in: .whitespaces).lowercased()
    let state: TaskState
    if stateText.isEmpty {
      state = done == nil ? .todo : .done
    } else if let known = TaskState(rawValue: stateText) {
      state = known
    } else {
      throw ImportFailure("\(place(.state)): \"\(field(.state))\" is not a state; use todo, doing or done")
    }
    try checkTimes(created: created, done: done, state: state, place: place)
    var sourceID = title
    if columns[.id] != nil {
      sourceID = field(.id).trimmingCharacters(in: .whitespaces)
      if sourceID.isEmpty { throw ImportFailure("\(place(.id)): empty; every row of a sheet with ids needs one") }
      // Checked here, where the row and column are known: the store would name only the task it was to make.
      if let problem = TaskRules.checkSourceText(sourceID) { throw ImportFailure("\(place(.id)): the id \(problem)") }
    } else if let problem = TaskRules.checkSourceText(sourceID) {
      throw ImportFailure(
        "\(place(.title)): without an id column the title is the row's id, and it \(problem); add an id column")
    }
    var item = ImportedItem(
      sourceID: sourceID, path: "row \(row.number)", title: title, body: body, due: due, state: state,
      created: created, stateChanged: done)
    item.labels = try ImportText.names(Self.split(field(.labels)), as: .label, path: place(.labels))
    item.assignees = try ImportText.names(Self.split(field(.assignees)), as: .assignee, path: place(.assignees))
    item.url = try ImportText.url(field(.url), path: place(.url))
    return item
  }

  /// A `created` or `done` cell: a day (`YYYY-MM-DD`, from its start in the board's time zone) or a date and time
  /// in UTC (`2026-11-03T10:00:00Z`); nil when empty.
  private func instant(_ cell: String, at place: String) throws(ImportFailure) -> Date? {
    let text = cell.trimmingCharacters(in: .whitespaces)
    if text.isEmpty { return nil }
    if let day = CalendarDate(iso: text) {
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = settings.timeZone
      if let start = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day)) {
        return Instant.wholeSeconds(start)
      }
    }
    if text.hasSuffix("Z"), let date = Instant.parse(text) { return Instant.wholeSeconds(date) }
    throw ImportFailure(
      "\(place): \"\(text)\" is not a date (YYYY-MM-DD) or a date and time like 2026-11-03T10:00:00Z")
  }

  /// A done time belongs to a done task, and is not before the task was made: either would draw a wrong history.
  private func checkTimes(
    created: Date?, done: Date?, state: TaskState, place: (Column) -> String
  ) throws(ImportFailure) {
    guard let done else { return }
    if state != .done {
      throw ImportFailure(
        "\(place(.done)): a done time on a task whose state is \(state.rawValue); empty the cell or set the state to "
          + "done")
    }
    if let created, done < created {
      throw ImportFailure(
        "\(place(.done)): \(Instant.format(done)) is before the task was created (\(Instant.format(created))); "
          + "correct one of the two")
    }
  }

  /// A cell's names: separated by commas or semicolons, blanks dropped.
  static func split(_ cell: String) -> [String] {
    cell.split(whereSeparator: { $0 == "," || $0 == ";" }).map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
  }
}
