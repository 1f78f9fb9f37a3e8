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
    }
  }

  /// The column in PostgreSQL's `pmboard.task` table.
  var postgresColumn: String {
    switch self {
    case .title: "title"
    case .body: "body"
    case .due: "due"
    case .state: "state"
    }
  }

  /// `task`'s value of the field as both stores keep it: text, NULL for no due date.
  func storedText(of task: BoardTask) -> String? {
    switch self {
    case .title: task.title
    case .body: task.body
    case .due: task.due?.description
    case .state: task.state.rawValue
    }
  }

  /// The field's columns, in ``allCases`` order, comma-separated.
  static func columnList(_ column: (TaskField) -> String) -> String {
    allCases.map(column).joined(separator: ", ")
  }
}
