import Foundation
import PMBoardCore
import PMBoardImport
import PMBoardStore

/// `pmboard import --from FORMAT FILE`: reads another tool's export and syncs the board with it in one transaction.
///
/// A missing store is created first, as `pmboard import FILE` creates one, in `timeZone` (default: this machine's,
/// as `pmboard init`): the board's time zone decides which day a due instant falls on, so the line that reports the
/// import names the zone it chose (docs/importing.md tells a CI runner, whose zone is UTC, to pass `--time-zone`).
/// The store is created only once the export has been read and checked, so bad input leaves no store behind.
struct SourceImport {
  var format: String
  var file: String
  var source: String?
  var dryRun: Bool
  var doingLabel: String
  var timeZone: String?
  var json: Bool
  var fieldsFile: String?
  var statusMap: String?
  var fieldColumns: [String]
  var store: any BoardStore

  func run() async throws {
    guard let kind = ImportFormat(rawValue: format.lowercased()) else {
      throw CommandError(
        "--from: \"\(format)\" is not a format pmboard imports; use github, github-project, csv or taskwarrior")
    }
    let sourceName = TaskRules.nfc(source ?? kind.rawValue)
    if let problem = TaskRules.checkSourceText(sourceName) { throw CommandError("--source: \(problem)") }
    let author = try TaskRules.checkAuthor("import:\(sourceName)").mapError { CommandError("--source: \($0)") }.get()
    let data = try read()
    let name = file == "-" ? "stdin" : file
    let (board, created) = try await boardOrNew()
    let settings = try self.settings(board.info)
    var items: [ImportedItem]
    let fields: FieldImport
    do {
      let source = try ImportReader.read(data, format: kind, settings: settings)
      var plan = try FieldImport(board: board.info.fields, source: source.fields)
      items = source.items
      try plan.resolve(&items)
      fields = plan
    } catch {
      throw ImportError(source: name, problems: [error.description])
    }
    let now = BoardClock.now()
    let sync = ImportSync(
      source: sourceName, author: author, now: now, floor: board.history.map(\.at).max(), fields: fields.fields)
    let changes = sync.changes(board: board.tasks, items: items, definitions: fields.changes)
    for note in fields.notes { Warning.print(note) }
    if dryRun {
      if json { return try StandardOutput.write(dryRunJSON(changes, items: items.count, source: sourceName)) }
      return try report(changes, items: items.count, source: sourceName)
    }
    if created { try await store.create(board) }
    try await store.applyImported(changes)
    let made = created ? " (created, time zone \(board.info.timeZoneID))" : ""
    try StandardOutput.recorded(
      "imported \(sourceName) into \(store.location)",
      line: TerminalText.oneLine(
        "Imported \(Plural.tasks(items.count)) from \(sourceName) into \(store.location)\(made): "
          + summary(changes)))
  }

  /// The store's board, or a new empty one (not yet created: a dry run leaves no store behind) when there is none.
  private func boardOrNew() async throws -> (Board, created: Bool) {
    do {
      let board = try await store.load()
      if let timeZone, timeZone != board.info.timeZoneID {
        throw CommandError(
          "--time-zone: \(store.location) already has time zone \(board.info.timeZoneID); --time-zone only sets "
            + "the zone of a store the import creates")
      }
      return (board, false)
    } catch StoreError.notFound {
      let zone = timeZone ?? TimeZone.current.identifier
      guard BoardInfo.isZoneName(zone) else {
        throw CommandError("--time-zone: \"\(zone)\" is not an IANA time zone name; try e.g. Asia/Seoul or UTC")
      }
      return (Board(info: BoardInfo(title: "Board", timeZoneID: zone)), true)
    }
  }

  /// The readers' settings from the board and the options: `--status-map`, `--fields FILE`, `--field`.
  private func settings(_ info: BoardInfo) throws -> ImportSettings {
    var settings = ImportSettings(timeZone: info.timeZone, doingLabel: doingLabel.isEmpty ? nil : doingLabel)
    if let statusMap {
      do {
        settings.statusMap = try ProjectStatusMap(option: statusMap)
      } catch {
        throw CommandError(error.description)
      }
    }
    if let fieldsFile {
      let data = try ImportFile.read(fieldsFile, kind: "field list (gh project field-list N --format json)")
      do {
        settings.projectFields = try ProjectField.list(data)
      } catch {
        throw ImportError(source: fieldsFile, problems: [error.description])
      }
    }
    settings.fieldColumns = fieldColumns.map { option in
      guard let equals = option.firstIndex(of: "=") else { return (option, nil) }
      let key = String(option[option.index(after: equals)...]).trimmingCharacters(in: .whitespaces)
      return (String(option[..<equals]), key.isEmpty ? nil : key)
    }
    return settings
  }

  private func read() throws -> Data {
    try ImportFile.read(file, kind: "\(format.lowercased()) export file", allowsStandardInput: true)
  }

  /// `--dry-run`: one line a change, then the counts.
  private func report(_ changes: [BoardChange], items: Int, source: String) throws {
    for change in changes {
      let entry = change.entry
      let task = change.after ?? change.before
      var line = "would \(verb(entry.action)) \(source)#\(task?.source?.id ?? "?") \(entry.title)"
      switch entry.action {
      case .added: line += " (\(entry.to?.rawValue ?? ""))"
      case .edited:
        line +=
          ": "
          + (entry.fields.filter { $0 != .values }.map(\.rawValue) + entry.changes.map(ChangeSummary.valueChange))
          .joined(separator: ", ")
      case .moved: line += ": \(entry.from?.rawValue ?? "") → \(entry.to?.rawValue ?? "")"
      case .removed: break
      case .defined:
        line =
          "would define the field \(entry.title): "
          + entry.changes.map(ChangeSummary.valueChange).joined(separator: ", ")
      }
      try StandardOutput.line(TerminalText.oneLine(line))
    }
    try StandardOutput.line(
      TerminalText.oneLine("\(Plural.tasks(items)) in \(source): \(summary(changes)); nothing was changed (--dry-run)"))
  }

  private func verb(_ action: HistoryAction) -> String {
    switch action {
    case .added: "add"
    case .edited: "edit"
    case .moved: "move"
    case .removed: "remove"
    case .defined: "define"
    }
  }

  /// How many changes of each action, every task action listed; `defined` only when an import declared a field.
  func counts(_ changes: [BoardChange]) -> [(action: HistoryAction, count: Int)] {
    let counts = Dictionary(grouping: changes, by: \.entry.action).mapValues(\.count)
    return HistoryAction.allCases.filter { $0 != .defined || counts[$0] != nil }.map { ($0, counts[$0] ?? 0) }
  }

  private func summary(_ changes: [BoardChange]) -> String {
    let parts = counts(changes).map { "\($0.count) \($0.action.rawValue)" }
    return parts.joined(separator: ", ") + " (\(Plural.historyEntries(changes.count)))"
  }
}
