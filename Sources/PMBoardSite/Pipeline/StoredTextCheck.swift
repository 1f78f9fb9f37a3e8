import PMBoardBytes
import PMBoardCore

/// The "check the store's text" step: a store written by a pmboard older than the text rules may hold control
/// characters, which must not reach a page (a raw C0 control is not allowed in HTML). The build names the first one
/// and how to fix it instead of publishing it.
enum StoredTextCheck {
  /// The tasks and the history are read on two cores at once; a task's problem is named first, as the one to fix.
  static func refuseControlCharacters(in snapshot: BoardSnapshot) throws(BuildSettingsError) {
    let problems = concurrentMap(2) { half in
      half == 0 ? problem(in: snapshot.tasks) : problem(in: snapshot.history)
    }
    if let problem = problems[0] ?? problems[1] { throw problem }
  }

  /// The first task with a control character, as the error that names it; nil when there is none.
  static func problem(in tasks: BoardSnapshot.Tasks) -> BuildSettingsError? {
    for index in tasks.records.indices {
      if let problem = problem(inTask: index, of: tasks) { return problem }
    }
    return nil
  }

  /// The error that names task `index`'s first control character; nil when it has none.
  static func problem(inTask index: Int, of tasks: BoardSnapshot.Tasks) -> BuildSettingsError? {
    let (text, record) = (tasks.text, tasks.records[index])
    var problem: (TaskField, UInt32)?
    for field in TaskField.allCases {
      guard let (stored, lineFeeds) = storedText(of: field, in: record) else { continue }
      if let scalar = ControlCharacters.first(in: text, stored, allowingLineFeeds: lineFeeds) {
        problem = (field, scalar)
        break
      }
    }
    guard let (field, scalar) = problem else { return nil }
    let id = String(text.string(record.id).prefix(8))
    let fix =
      field.shape == .names
      ? "\(NameField.removeFlag(of: field)) … and add it again" : "--\(field.rawValue) …"
    return BuildSettingsError(
      "task \(id) has the control character \(codePoint(scalar)) in its \(field.rawValue) (stored before pmboard "
        + "refused them); change it with `pmboard edit \(id) \(fix)`")
  }

  /// The text a field of `record` keeps and whether line feeds belong in it (a body's lines, the breaks between
  /// names); nil for a field kept as a value, not text.
  private static func storedText(
    of field: TaskField, in record: BoardSnapshot.Tasks.Record
  ) -> (RawRef, lineFeeds: Bool)? {
    switch field {
    case .title: (record.title, false)
    case .body: (record.body, true)
    case .labels: (record.labels, true)
    case .assignees: (record.assignees, true)
    case .url: (record.url, false)
    // Values are JSON, whose strings escape every control character; the rules refuse them on input.
    case .due, .state, .values: nil
    }
  }

  /// The first history entry with a control character in its title (of the `records` given, by default all);
  /// nil when there is none.
  static func problem(in history: BoardSnapshot.History, records: Range<Int>? = nil) -> BuildSettingsError? {
    let text = history.text
    for record in history.records[records ?? history.records.indices] {
      if let scalar = ControlCharacters.first(in: text, record.title, allowingLineFeeds: false) {
        return BuildSettingsError(
          "a history entry's title has the control character \(codePoint(scalar)) (stored before pmboard refused "
            + "them); export the board, fix the title in the file and import it with --replace")
      }
    }
    return nil
  }

  private static func codePoint(_ scalar: UInt32) -> String {
    let hex = String(scalar, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
