import GRDB
import PMBoardCore

/// The migration that gives a store declared fields (v11, docs/fields.md): the board's definitions, each task's
/// values, and history lines that say what a value was and became, or that a definition changed.
extension SQLiteSchema {
  static func addFields(_ db: Database) throws {
    try db.execute(
      sql: """
        ALTER TABLE board ADD COLUMN fields TEXT NOT NULL DEFAULT '';
        ALTER TABLE task ADD COLUMN \(TaskField.values.sqliteColumn) TEXT NOT NULL DEFAULT '';
        """)
    try SQLiteRevision.countBoardColumns(db)
    try rebuildHistoryForFields(db)
  }

  /// The history table again with the action `defined` allowed (a CHECK cannot be changed in place) and the column
  /// `changes`, its rows copied with their `seq`, then its index and triggers made again.
  private static func rebuildHistoryForFields(_ db: Database) throws {
    let states = #"'todo' OR %@ = 'doing' OR %@ = 'done'"#
    func stateCheck(_ column: String) -> String {
      "CHECK (\(column) = " + states.replacingOccurrences(of: "%@", with: column) + ")"
    }
    let actions = HistoryAction.allCases.map { "action = '\($0.rawValue)'" }.joined(separator: " OR ")
    try db.execute(
      sql: """
        CREATE TABLE history_v11 (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          at INTEGER NOT NULL,
          action TEXT NOT NULL CHECK (\(actions)),
          task TEXT NOT NULL,
          title TEXT NOT NULL,
          "from" TEXT \(stateCheck("\"from\"")),
          "to" TEXT \(stateCheck("\"to\"")),
          fields TEXT NOT NULL DEFAULT '',
          author TEXT NOT NULL DEFAULT '',
          resolution TEXT CHECK (resolution = 'merged' OR resolution = 'lost'),
          changes TEXT NOT NULL DEFAULT ''
        );
        INSERT INTO history_v11 (seq, at, action, task, title, "from", "to", fields, author, resolution)
          SELECT seq, at, action, task, title, "from", "to", fields, author, resolution FROM history;
        DROP TABLE history;
        ALTER TABLE history_v11 RENAME TO history;
        CREATE INDEX history_by_time ON history (at, seq);
        """)
    try dropRowTriggers(db)
    try createRowTriggers(db)
    try SQLiteRevision.recountHistory(db)
  }

  /// Whether the store has v11's columns: a store an older pmboard made reads without them.
  static func hasFields(_ db: Database) throws -> Bool {
    try Bool.fetchOne(
      db, sql: "SELECT EXISTS (SELECT 1 FROM pragma_table_info('board') WHERE name = 'fields')") ?? false
  }
}
