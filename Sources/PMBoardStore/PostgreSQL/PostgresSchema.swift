import Foundation
import PMBoardBytes
import PMBoardCore

/// The PostgreSQL store's tables: all in the schema `pmboard`, created and upgraded by numbered migrations that
/// the table `pmboard.migration` records. Nothing outside that schema is read or written.
///
/// Several boards share the tables, told apart by the `board` column (`?board=` in the URL). Ids and board names
/// sort by byte (`COLLATE "C"`), so a range on the key finds an id prefix whatever the database's collation.
/// Instants are whole seconds since 1970 (UTC), as in the SQLite store; `seq` keeps tasks and history in the
/// order they were written.
public enum PostgresSchema {
  public static let name = "pmboard"

  /// Taken for the whole migration transaction: two processes that find the schema missing or behind at the same
  /// moment migrate one after the other, and the second finds nothing left to do. "PMBD" in ASCII.
  static let migrationLock = "1347240516"

  struct Migration {
    var version: Int
    var name: String
    /// Run one by one: `PQexecParams` takes a single statement.
    var statements: [String]
  }

  static let migrations: [Migration] = [
    Migration(version: 1, name: "boards, tasks, history, undo records", statements: version1),
    Migration(version: 2, name: "authors, per-person undo, changes replicas pull", statements: version2),
    Migration(version: 3, name: "imported tasks' sources", statements: version3),
    Migration(version: 4, name: "history read in time order", statements: version4),
    Migration(version: 5, name: "labels, assignees and links", statements: version5),
    Migration(version: 6, name: "a board's revision, counted by the database", statements: version6),
    Migration(version: 7, name: "a notification with every change", statements: version7),
    Migration(version: 8, name: "the order boards were made in", statements: version8),
    Migration(version: 9, name: "declared fields and their history", statements: version9),
  ]

  static var latestVersion: Int { migrations.last?.version ?? 0 }

  private static let uuidPattern = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"
  private static let states = "('todo', 'doing', 'done')"

  private static let version1 = [
    """
    CREATE TABLE pmboard.board (
      name text COLLATE "C" PRIMARY KEY,
      title text NOT NULL,
      time_zone text NOT NULL
    )
    """,
    """
    CREATE TABLE pmboard.task (
      board text COLLATE "C" NOT NULL REFERENCES pmboard.board (name) ON DELETE CASCADE,
      id text COLLATE "C" NOT NULL CHECK (id ~ '\(uuidPattern)'),
      seq bigint GENERATED ALWAYS AS IDENTITY,
      title text NOT NULL,
      body text NOT NULL,
      due text CHECK (due IS NULL OR (due ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' AND due::date IS NOT NULL)),
      state text NOT NULL CHECK (state IN \(states)),
      created bigint NOT NULL,
      updated bigint NOT NULL,
      PRIMARY KEY (board, id)
    )
    """,
    "CREATE INDEX task_order ON pmboard.task (board, seq)",
    """
    CREATE TABLE pmboard.history (
      board text COLLATE "C" NOT NULL REFERENCES pmboard.board (name) ON DELETE CASCADE,
      seq bigint GENERATED ALWAYS AS IDENTITY,
      at bigint NOT NULL,
      action text NOT NULL CHECK (action IN ('added', 'edited', 'moved', 'removed')),
      task text NOT NULL CHECK (task ~ '\(uuidPattern)'),
      title text NOT NULL,
      from_state text CHECK (from_state IN \(states)),
      to_state text CHECK (to_state IN \(states)),
      fields text NOT NULL DEFAULT '',
      PRIMARY KEY (board, seq)
    )
    """,
    """
    CREATE TABLE pmboard.undo_record (
      board text COLLATE "C" NOT NULL REFERENCES pmboard.board (name) ON DELETE CASCADE,
      seq bigint GENERATED ALWAYS AS IDENTITY,
      list text NOT NULL CHECK (list IN ('undo', 'redo')),
      change text NOT NULL,
      PRIMARY KEY (board, list, seq)
    )
    """,
  ]

  private static let version2 = [
    "ALTER TABLE pmboard.history ADD COLUMN author text NOT NULL DEFAULT ''",
    "ALTER TABLE pmboard.history ADD COLUMN resolution text CHECK (resolution IN ('merged', 'lost'))",
    // The task as the change left it (interchange JSON; null when removed): what a replica pulls.
    "ALTER TABLE pmboard.history ADD COLUMN task_after text",
    // The id a replica gave a change it pushed: a push repeated after a lost reply is recognised, not doubled.
    "ALTER TABLE pmboard.history ADD COLUMN change_id text COLLATE \"C\"",
    "CREATE UNIQUE INDEX history_change ON pmboard.history (board, change_id)",
    "ALTER TABLE pmboard.undo_record ADD COLUMN author text NOT NULL DEFAULT ''",
  ]

  /// An imported task's source and its id there (`import --from`); a source names each task once on a board.
  private static let version3 = [
    "ALTER TABLE pmboard.task ADD COLUMN source text",
    "ALTER TABLE pmboard.task ADD COLUMN source_id text",
    "ALTER TABLE pmboard.task ADD CHECK ((source IS NULL) = (source_id IS NULL))",
    """
    CREATE UNIQUE INDEX task_by_source ON pmboard.task (board, source, source_id) WHERE source IS NOT NULL
    """,
  ]

  /// History is read in time order, ties in the order recorded (``HistoryEntry/inTimeOrder(_:)``): a replica's
  /// change made before one made here may reach the remote after it.
  private static let version4 = [
    "CREATE INDEX history_by_time ON pmboard.history (board, at, seq)"
  ]

  /// Labels and assignees (names joined by line breaks, ``NameSet``) and the task's link elsewhere (empty: none).
  private static let version5 = TaskField.addedInV9.map {
    "ALTER TABLE pmboard.task ADD COLUMN \($0.postgresColumn) text NOT NULL DEFAULT \($0.emptyColumnValue)"
  }

  /// A board's revision, moved by the database itself in the transaction of every change to the board's row, its
  /// tasks or its history, whoever makes it (pmboard, a replica's push, or SQL by hand): statement triggers count
  /// each statement once per board it touched (an import of 100,000 tasks bumps it once), and a change to the
  /// board's own row counts too. A build compares it (with the row's `xmin`, new in every transaction that moves
  /// it, so a restored backup never repeats a token) to tell "nothing changed" without reading the board.
  private static let version6 =
    [
      "ALTER TABLE pmboard.board ADD COLUMN revision bigint NOT NULL DEFAULT 0",
      """
      CREATE FUNCTION pmboard.bump_revision() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE pmboard.board SET revision = revision + 1 WHERE name IN (SELECT DISTINCT board FROM changed_rows);
        RETURN NULL;
      END $$
      """,
      """
      CREATE FUNCTION pmboard.board_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.revision = OLD.revision THEN NEW.revision := OLD.revision + 1; END IF;
        RETURN NEW;
      END $$
      """,
      """
      CREATE TRIGGER board_changed BEFORE UPDATE ON pmboard.board
      FOR EACH ROW EXECUTE FUNCTION pmboard.board_changed()
      """,
    ]
    + ["task", "history"].flatMap { table in
      [("inserted", "INSERT", "NEW"), ("updated", "UPDATE", "NEW"), ("deleted", "DELETE", "OLD")].map {
        name, event, rows in
        """
        CREATE TRIGGER \(table)_\(name) AFTER \(event) ON pmboard.\(table) REFERENCING \(rows) TABLE AS changed_rows
        FOR EACH STATEMENT EXECUTE FUNCTION pmboard.bump_revision()
        """
      }
    }

  /// Every change to a board also sends `NOTIFY pmboard, '<board>'` (at its commit, once per transaction and board):
  /// `build --watch` listens and rebuilds within about a second, without polling.
  /// (Every change to its tasks or history moves the board's revision, which updates its row: one place notifies.)
  private static let version7 = [
    """
    CREATE OR REPLACE FUNCTION pmboard.board_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.revision = OLD.revision THEN NEW.revision := OLD.revision + 1; END IF;
      PERFORM pg_notify('pmboard', NEW.name);
      RETURN NEW;
    END $$
    """
  ]

  /// The order the boards were made in: of two names that differ only in case, a site gives the later one another
  /// folder (`BuildSettings.BoardEntry.folders`), so a new board never moves an old one's.
  /// Boards older than this migration are numbered in the order the table holds them, once.
  private static let version8 = [
    "ALTER TABLE pmboard.board ADD COLUMN made bigint GENERATED ALWAYS AS IDENTITY"
  ]

  /// What the database holds under pmboard's schema name.
  enum State: Equatable {
    case missing
    /// The schema holds tables but no migration record: someone else's, left alone.
    case foreign
    /// The migrations applied so far (0: an empty schema, made ready for pmboard by an administrator).
    case version(Int)
  }

  static func state(_ connection: PostgresConnection) throws(PostgresError) -> State {
    let found = try connection.execute(
      """
      SELECT to_regnamespace($1) IS NOT NULL, to_regclass($1 || '.migration') IS NOT NULL,
        EXISTS (SELECT 1 FROM pg_catalog.pg_class WHERE relnamespace = to_regnamespace($1)::oid)
      """, [name])
    guard found.text(0, 0) == "t" else { return .missing }
    guard found.text(0, 1) == "t" else { return found.text(0, 2) == "t" ? .foreign : .version(0) }
    let version = try connection.execute("SELECT coalesce(max(version), 0) FROM pmboard.migration")
    return .version(version.text(0, 0).flatMap { Int($0) } ?? 0)
  }

  /// Checks the schema is pmboard's and not newer than this binary, and applies the migrations it lacks.
  /// A missing schema is created only when `creating` (`init`, `import`); otherwise there is no board.
  static func prepare(_ connection: PostgresConnection, url: PostgresURL, creating: Bool) throws {
    let found = try state(connection)
    if found == .missing && !creating { throw StoreError.notFound(path: url.redacted) }
    if try usable(found, url: url) == latestVersion { return }
    try connection.transaction {
      try connection.execute("SELECT pg_advisory_xact_lock($1)", [migrationLock])
      // Looked at again under the lock: another process may have migrated meanwhile.
      let now = try state(connection)
      if now == .missing { try connection.execute("CREATE SCHEMA pmboard") }
      let current = try usable(now, url: url)
      if current == 0 {
        try connection.execute(
          """
          CREATE TABLE IF NOT EXISTS pmboard.migration (
            version integer PRIMARY KEY, name text NOT NULL, applied timestamptz NOT NULL DEFAULT now())
          """)
      }
      for migration in migrations where migration.version > current {
        for statement in migration.statements { try connection.execute(statement) }
        try connection.execute(
          "INSERT INTO pmboard.migration (version, name) VALUES ($1, $2)", [String(migration.version), migration.name])
      }
    }
  }

  /// The version of a schema pmboard may use; a foreign or newer one is refused.
  private static func usable(_ state: State, url: PostgresURL) throws(StoreError) -> Int {
    switch state {
    case .missing: return 0
    case .foreign:
      throw .notAStore(path: url.redacted, reason: "its schema \"\(name)\" holds tables pmboard did not make")
    case .version(let version) where version > latestVersion: throw .newerFormat(path: url.redacted)
    case .version(let version): return version
    }
  }

  /// Declared fields (docs/fields.md): a board's definitions, a task's values, history lines that say what a value
  /// was and became, and the action `defined` for a change of a definition.
  private static let version9 =
    TaskField.addedInV11.map {
      "ALTER TABLE pmboard.task ADD COLUMN \($0.postgresColumn) text NOT NULL DEFAULT \($0.emptyColumnValue)"
    } + [
      "ALTER TABLE pmboard.board ADD COLUMN fields text NOT NULL DEFAULT ''",
      "ALTER TABLE pmboard.history ADD COLUMN changes text NOT NULL DEFAULT ''",
      "ALTER TABLE pmboard.history DROP CONSTRAINT history_action_check",
      "ALTER TABLE pmboard.history ADD CONSTRAINT history_action_check CHECK (action IN ("
        + HistoryAction.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ") + "))",
    ]
}
