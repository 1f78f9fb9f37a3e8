import Foundation

/// A stored field of a task: what a user sets, a sync merges, the site shows. Everything pmboard decides about a
/// field is declared here, each in an exhaustive `switch` (no `default:`), so that a new case fails the build at
/// every place that has to choose.
///
/// Not fields: `id` (the task's identity: it is never changed, merged or hidden, and every record keys on it),
/// `created` and `updated` (stamps the stores keep: a sync takes the later `updated`, pages show neither),
/// `source` (where an importer took the task from; only imports read it). ``nonFieldProperties`` names them for
/// the test that checks every stored property of ``BoardTask`` is one or the other.
///
/// Adding a task field, e.g. `labels`:
/// 1. Add the case here and a stored property to ``BoardTask``. The compiler then flags every place that must
///    choose: the declarations below (interchange name, sync merge, how a change records it, publishing, pages),
///    ``BoardTask/hasSame(_:as:)`` and ``BoardTask/take(_:from:)`` (sync merge, edit diff),
///    `BoardSnapshot.Tasks.Record.add(_:of:to:)` (the card fingerprint, which feeds the column, overdue and task
///    pages' fingerprints), `PublishPolicy.hides(_:)`, `EditCommand.option(for:)` and `set(_:to:of:today:)`,
///    `ShowText.line(_:of:overdue:)`, `InterchangeWriter.appendField(_:of:indent:to:)`, `LooseTask`'s
///    `subscript(_:)` (the interchange reader's member), the stores' columns and values (`sqliteColumn`,
///    `postgresColumn`, `storedText(of:)`, `SQLiteRecords.read`, `PostgresRecords.read`), `TaskField.position`
///    (history tables by position), and the tests' `TaskFieldTests.changed(_:_:)`, whose checks then cover the
///    new field in each of those places.
/// 2. By hand, since no switch reaches them yet: `BoardSnapshot.Tasks.Record` and its builders (the fingerprint
///    switch cannot compile without the value in the record), the snapshot row parser (`SnapshotRowParser`, which
///    reads the columns in place by index), the interchange reader's checks of a task's values
///    (`LooseTask.task(path:problems:applyingRules:checkID:)`, whose problems keep their order), the SQLite and
///    PostgreSQL schemas with a migration (`SQLiteSchema`, `SQLiteReplicaSchema`, `PostgresSchema`; an older
///    store's SELECT in `SQLiteRecords.selectedTaskColumns`), the importers, the site's templates and their keys
///    (with the reference contexts in `Tests/PMBoardTestSupport`), for a field an edit records its
///    `field.<name>` catalog words (`LocaleCatalog.requiredKeys`, every locale's file), `docs/` (the interchange
///    format, sync rules).
/// 3. Cases are appended, never inserted: ``allCases`` order is the card fingerprint's, the stores' column order
///    and the history tables' positions.
public enum TaskField: String, Sendable, Hashable, CaseIterable, Codable {
  case title
  case body
  case due
  case state
  case labels
  case assignees
  case url
  /// The values of the board's declared fields and its milestone (``FieldValues``, keyed by field id).
  case values

  /// Stored properties of ``BoardTask`` that are not fields, each for a reason given above.
  public static let nonFieldProperties: Set<String> = ["id", "created", "updated", "source"]

  /// The member of a task object in interchange JSON (`pmboard/1`), and the field's name in an `edited`
  /// history entry's `fields`.
  public var interchangeName: String {
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

  /// The kind of value the field holds: what decides how each boundary (stores, interchange, command line,
  /// templates, fingerprints, sync) reads and writes it.
  public var shape: Shape {
    switch self {
    case .title, .body: .text
    case .due: .date
    case .state: .state
    case .labels, .assignees: .names
    case .url: .link
    case .values: .values
    }
  }

  /// How a sync settles a change to this field that meets a concurrent change (``SyncRule``).
  public var syncMerge: SyncMerge {
    switch self {
    case .title, .body, .due, .state, .url: .lastChangeWins
    case .labels, .assignees: .elementByElement
    case .values: .fieldByField
    }
  }

  /// Which history line a change of this field alone records.
  public var changeRecord: ChangeRecord {
    switch self {
    case .title, .body, .due, .labels, .assignees, .url, .values: .edited
    case .state: .moved
    }
  }

  /// True when an `edited` history entry lists the field among its `fields` (``HistoryEntry/fields``).
  public var isRecordedByEdit: Bool { changeRecord == .edited }

  /// What a site's publish policy (`publish:`) can do with the field.
  public var publishing: Publishing {
    switch self {
    // Values: no page shows them yet (issue 58, pages, brings `publish:` settings for fields).
    case .title, .due, .url, .labels, .values: .alwaysShown
    case .body, .assignees: .hideable
    case .state: .selectsTasks
    }
  }

  /// Whether what `page` shows changes with this field. A page kept by fingerprint must take every field it
  /// depends on into its fingerprint, or a rebuild keeps it stale.
  public func isShown(on page: Page) -> Bool {
    switch self {
    // The calendar leaves done tasks out (state) and writes the body into an event's DESCRIPTION.
    case .title, .body, .due, .state, .labels, .assignees, .url, .values: true
    }
  }

  /// The fields the card fingerprint takes, in ``allCases`` order: the ones a card shows and the ones a task
  /// page shows (a task page's fingerprint is its card's plus its history).
  public static let cardPrintFields = allCases.filter { $0.isShown(on: .card) || $0.isShown(on: .taskPage) }

  /// The fields an `edited` history entry can list, in ``allCases`` order (the order an edit lists them in).
  public static let editedFields = allCases.filter(\.isRecordedByEdit)

  /// The field `name` names in an `edited` entry's `fields`, or nil when no edit records such a field.
  public init?(editedFieldName name: String) {
    // The stores keep raw values, the interchange its names: they differ only for `values` ("fields").
    guard let field = TaskField(rawValue: name) ?? TaskField.allCases.first(where: { $0.interchangeName == name }),
      field.isRecordedByEdit
    else { return nil }
    self = field
  }

  public enum SyncMerge: Sendable, Hashable {
    /// Per field, the change that reaches the remote last wins; a change sets only the fields it changed.
    case lastChangeWins
    /// A set of names merged name by name: a change adds the names it added and removes the ones it removed, over
    /// the set as it is now; of two changes to one name, the one that reaches the remote last wins.
    case elementByElement
    /// Field by field, each the way its type merges: a scalar as ``lastChangeWins``, a multi-select's names as
    /// ``elementByElement``.
    case fieldByField
  }

  /// The kinds of value a field holds (``shape``).
  public enum Shape: Sendable, Hashable {
    /// One line or several of text (title, body).
    case text
    /// A calendar day, or none.
    case date
    /// The column.
    case state
    /// A set of names (``NameSet``).
    case names
    /// An http(s) address, or none.
    case link
    /// The declared fields' values (``FieldValues``).
    case values
  }

  public enum ChangeRecord: Sendable, Hashable {
    /// An `edited` entry that lists the field.
    case edited
    /// A `moved` entry (from and to are the field's old and new values).
    case moved
  }

  public enum Publishing: Sendable, Hashable {
    /// Published whenever its task is.
    case alwaysShown
    /// A policy setting can empty it (`publish: bodies: false`).
    case hideable
    /// A policy setting picks the tasks published by it (`publish: states`); a published task shows it.
    case selectsTasks
  }

  /// The parts of a site that show task fields.
  public enum Page: Sendable, Hashable, CaseIterable {
    /// A card on the board, column and overdue pages (kept by the card fingerprint).
    case card
    /// A task's own page (kept by its card's fingerprint and its history).
    case taskPage
    /// The calendar feed's event of a task with a due date.
    case calendar
    /// `board.json`.
    case boardJSON
  }
}
