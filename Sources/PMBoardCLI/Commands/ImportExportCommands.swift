import ArgumentParser
import Foundation
import PMBoardCore
import PMBoardImport
import PMBoardStore

/// `pmboard import`: loads an interchange file into the store (all or nothing), or with `--from` syncs the board
/// with another tool's export (``SourceImport``).
struct ImportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Import a pmboard/1 JSON file; creates the store or, with --replace, replaces it.",
    discussion: """
      With --from github|github-project|csv|taskwarrior, FILE (or - for standard input) is another tool's export, \
      synced into the existing board: tasks that source added before are updated, added or removed to match it, each \
      difference recorded in the history; tasks made in pmboard are never touched. The source's fields (a milestone, \
      a project's Priority, a CSV column given with --field) become the board's fields, declared on first import.
      """)

  @OptionGroup var storeOptions: StoreOptions
  @Argument(help: "The file to import: pmboard/1 JSON, or with --from another tool's export (- for stdin).")
  var file: String
  @Flag(help: "Replace the tasks and history of an existing store.") package var replace = false
  @Option(
    help: ArgumentHelp(
      "Sync from another tool's export: github (gh issue list --json …), github-project (gh project item-list N "
        + "--format json), csv, or taskwarrior (task export)."))
  var from: String?
  @Option(
    help: ArgumentHelp(
      "With --from: the name that tells this source's tasks apart from other sources' (default: the format, e.g. "
        + "github); give each source of one format its own, e.g. github:acme/app.", valueName: "name"))
  var source: String?
  @Flag(name: .customLong("dry-run"), help: "With --from: print what would change and change nothing.")
  var dryRun = false
  @Flag(help: "With --dry-run: print what would change as JSON.") var json = false
  @Option(
    name: .customLong("time-zone"),
    help: "With --from, when the store does not exist yet: its IANA time zone (default: this machine's).")
  var timeZone: String?
  @Option(
    name: .customLong("doing-label"),
    help: "With --from github: an open issue with this label is DOING (\"\" for none).")
  var doingLabel: String = "in progress"
  @Option(
    name: .customLong("fields"),
    help: ArgumentHelp(
      "With --from github-project: the project's fields (gh project field-list N --format json), for selects' "
        + "options and fields no item has a value of yet.", valueName: "file"))
  var fieldsFile: String?
  @Option(
    name: .customLong("status-map"),
    help: ArgumentHelp(
      "With --from github-project: the column of each Status beyond Todo, In Progress and Done, e.g. "
        + "\"Blocked=doing,In Review=doing\".", valueName: "status=column,…"))
  var statusMap: String?
  @Option(
    name: .customLong("field"),
    help: ArgumentHelp(
      "With --from csv: read a column as a field, e.g. \"Story Points=estimate\" (a text field unless the board has "
        + "it); repeat for each column.", valueName: "column[=key]"))
  var fieldColumns: [String] = []

  func validate() throws {
    if from == nil, source != nil || dryRun || timeZone != nil {
      throw ValidationError("--source, --dry-run and --time-zone go with --from FORMAT")
    }
    if json, !dryRun { throw ValidationError("--json goes with --dry-run") }
    if from != nil, replace { throw ValidationError("--replace is for pmboard/1 files; --from syncs into the board") }
    if let from, ImportFormat(rawValue: from.lowercased()) == nil {
      throw ValidationError(
        "--from: \"\(from)\" is not a format pmboard imports; use github, github-project, csv or taskwarrior")
    }
    let format = from.flatMap { ImportFormat(rawValue: $0.lowercased()) }
    if format != .githubProject, fieldsFile != nil || statusMap != nil {
      throw ValidationError("--fields and --status-map go with --from github-project")
    }
    if format != .csv, !fieldColumns.isEmpty { throw ValidationError("--field goes with --from csv") }
  }

  func run() async throws {
    if let from {
      return try await SourceImport(
        format: from, file: file, source: source, dryRun: dryRun, doingLabel: doingLabel, timeZone: timeZone,
        json: json, fieldsFile: fieldsFile, statusMap: statusMap, fieldColumns: fieldColumns,
        store: storeOptions.open()
      ).run()
    }
    let data = try ImportFile.read(file, kind: "pmboard/1 export file")
    let board = try InterchangeReader().board(from: data, source: file)
    let store = try storeOptions.open()
    do {
      try await store.create(board)
    } catch StoreError.alreadyExists {
      guard replace else {
        throw CommandError(
          "\(store.location) already holds a board; pass --replace to overwrite its tasks and history with \(file)")
      }
      try await store.replace(with: board)
    }
    try StandardOutput.recorded(
      "imported \(file) into \(store.location)",
      line: "Imported \(Plural.tasks(board.tasks.count)) and \(Plural.historyEntries(board.history.count)) into "
        + TerminalText.oneLine(store.location))
  }
}

/// `pmboard export`: writes the board as interchange JSON, to stdout or a file.
struct ExportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export", abstract: "Export the board as pmboard/1 JSON (stdout unless a file is given).")

  @OptionGroup var storeOptions: StoreOptions
  @Argument(help: "Write to this file instead of stdout (written atomically).") var file: String?

  func run() async throws {
    let data = InterchangeWriter().data(for: try await storeOptions.open().load())
    guard let file else { return try StandardOutput.write(data) }
    try ExportDestination.write(data, to: file)
  }
}
