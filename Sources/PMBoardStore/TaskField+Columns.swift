import PMBoardCore

/// Where each ``TaskField`` lives in the stores' `task` tables, and the text both keep it as: the column lists,
/// statements and parameters are made from these, so a new field fails the build here. The schemas and their
/// migrations (`SQLiteSchema`, `SQLiteReplicaSchema`, `PostgresSchema`) and the snapshot row parser, which reads
/// the columns in place, stay by hand.
extension TaskField {
  /// The column in SQLite's `task` table (a replica's is the same).
  var sqliteColumn: String {
    switch self {
    case .title: "title"
    case .body: "body"
    case .due: "due"
    case .state: "state"
    case .labels: "labels"
    case .assignees: "assignees"
    case .url: "url"
    case .values: "fields"
    }
  }

  /// The column in PostgreSQL's `pmboard.task` table.
  var postgresColumn: String {
    switch self {
    case .title: "title"
    case .body: "body"
    case .due: "due"
    case .state: "state"
    case .labels: "labels"
    case .assignees: "assignees"
    case .url: "url"
    case .values: "fields"
    }
  }

  /// `task`'s value of the field as both stores keep it: text, NULL for no due date, names joined by line breaks
  /// (``NameSet/storedText``), empty text for no link.
  func storedText(of task: BoardTask) -> String? {
    switch self {
    case .title: task.title
    case .body: task.body
    case .due: task.due?.description
    case .state: task.state.rawValue
    case .labels: task.labels.storedText
    case .assignees: task.assignees.storedText
    case .url: task.url
    case .values: task.values.storedText
    }
  }

  /// What a store made before the field existed reads in its place: the field's empty value.
  var emptyColumnValue: String {
    switch self {
    case .title, .body, .labels, .assignees, .url, .values: "''"
    case .due: "NULL"
    case .state: "'todo'"
    }
  }

  /// The fields that came with schema v9 (SQLite) and the PostgreSQL store's second version: an older store that
  /// nothing has written to since is read without them.
  static let addedInV9: [TaskField] = [.labels, .assignees, .url]

  /// The field that came with schema v11 (SQLite) and the PostgreSQL store's ninth migration.
  static let addedInV11: [TaskField] = [.values]

  /// The field's columns, in ``allCases`` order, comma-separated.
  static func columnList(_ column: (TaskField) -> String) -> String {
    allCases.map(column).joined(separator: ", ")
  }
}
