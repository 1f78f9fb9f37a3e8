import Foundation
import PMBoardCore
import PMBoardSite
import PMBoardStore
import PMBoardTestSupport
import Synchronization

/// One oracle sequence's world: a store, the theme override folders, the build settings and moment, and the two
/// sites the oracle compares, all in one temporary working directory (`inc/` is rebuilt after every step, `fresh/`
/// is made anew each time).
final class OracleWorld {
  let cli: CLIRunner
  var root: URL { cli.directory }
  let backend: StoreBackend
  let storePath: String
  var settings = BuildSettings()
  /// The lines of `pmboard.yml` the setting steps wrote, by key (``settingsFile``).
  var settingLines: [String: String] = [:]
  var publishLines: [String: String] = [:]
  var now: Date
  var sourceDateEpoch: Int?
  /// Who the board's changes are by.
  let author = "ann"
  /// The files of the user's own in the incremental site, which its next build must keep (``HandEdit``).
  var userFiles: [String] = []
  /// Whether the next incremental build verifies every page (after an edit in place).
  var verifyNext = false
  /// What to do to the site once the next incremental build has started to render (in this process only).
  var duringBuild: (@Sendable () -> Void)?

  init(backend: StoreBackend, now: Date) throws {
    cli = try CLIRunner()
    self.backend = backend
    storePath = cli.path(backend.fileName)
    self.now = now
    // Both folders always exist (empty ones change nothing): a step then only adds or removes files in them.
    for folder in ["theme/partials", "theme/locales", "public"] {
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    settings.templates = "theme"
    settings.publicDir = "public"
    try makeOutside()
  }

  func remove() { cli.remove() }

  var store: any BoardStore { backend.store(at: storePath) }

  /// A new board of `count` random tasks, each added by a change of its own (its history line and undo record).
  func create(tasks count: Int, zone: String, _ random: inout SplitMix64) async throws {
    try await store.create(Board(info: BoardInfo(title: "Oracle board", timeZoneID: zone)))
    for _ in 0..<count {
      try await apply(OracleStep.randomAdd(&random), &random)
    }
  }

  /// Applies `step`; a task step that finds nothing to change (no task, nothing to undo) changes nothing.
  func apply(_ step: OracleStep, _ random: inout SplitMix64) async throws {
    switch step {
    case .add, .editTitle, .editBody, .editDue, .move, .edit, .remove, .define, .undo, .redo, .boardInfo:
      try await applyToStore(step, &random)
      // Changes are minutes apart, so history lines keep their order on every page.
      now += Double(60 * (1 + random.below(90)))
    case .template(let name, let variant): try write(OracleTheme.template(name, variant: variant))
    case .catalog(let locale, let variant): try write(OracleTheme.catalog(locale, variant: variant))
    case .asset(let variant): try write(OracleTheme.asset(variant: variant))
    case .touchTheme: try touchTheme()
    case .today(let day): settings.today = day.map { OracleStep.baseDay.adding(days: $0) }
    case .clock(let hours): now += Double(hours * 3600 + 60 * random.below(60))
    case .sourceDateEpoch(let seconds): sourceDateEpoch = seconds
    case .backup: try copyStore(from: "", to: Self.backupSuffix)
    case .restore(let then):
      if FileManager.default.fileExists(atPath: storePath + Self.backupSuffix) {
        try copyStore(from: Self.backupSuffix, to: "")
      }
      try await apply(then, &random)
    case .otherBinary, .nothing: break
    case .byHand(let edit): try applyByHand(edit, &random)
    default: try applySetting(step)
    }
  }

  private func applySetting(_ step: OracleStep) throws {
    switch step {
    case .setting(let key, let yaml): settingLines[key] = yaml
    case .publish(let key, let yaml): publishLines[key] = yaml
    case .locales(let list, let main): (settings.locales, settings.defaultLocale) = (list, main)
    default: preconditionFailure("not a setting: \(step)")
    }
    try settleSettings()
  }

  /// `pmboard.yml` as the setting steps left it: the lines of ``settingLines``, and `publish:` of
  /// ``publishLines``. The executable reads it from the working directory; in this process ``settings`` is
  /// read from the same lines, through the parser `pmboard.yml` goes through.
  var settingsFile: String {
    var lines = settingLines.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
    if !publishLines.isEmpty {
      lines.append("publish:")
      lines += publishLines.sorted { $0.key < $1.key }.map { "  \($0.key): \($0.value)" }
    }
    return lines.map { $0 + "\n" }.joined()
  }

  /// ``settings`` made again from ``settingsFile``, with what the oracle sets itself (theme folders, locales, day).
  private func settleSettings() throws {
    let file = root.appendingPathComponent("pmboard.yml")
    try Data(settingsFile.utf8).write(to: file)
    var settled = try BuildSettings.load(file: file.path)
    (settled.templates, settled.publicDir) = (settings.templates, settings.publicDir)
    (settled.locales, settled.defaultLocale, settled.today) = (settings.locales, settings.defaultLocale, settings.today)
    settings = settled
  }

  private func applyToStore(_ step: OracleStep, _ random: inout SplitMix64) async throws {
    let store = self.store
    // By id, which the seed chose: the same order in every replay.
    let tasks = try await store.load().tasks.sorted { $0.idString < $1.idString }
    func task(_ index: Int) -> BoardTask? { tasks.isEmpty ? nil : tasks[index % tasks.count] }
    func update(_ index: Int, _ change: (inout BoardTask) -> Void) async throws {
      guard let old = task(index) else { return }
      var new = old
      change(&new)
      guard new != old else { return }
      new.updated = now
      try await store.commit(.update(from: old, to: new, at: now, by: author))
    }
    switch step {
    case .add(let title, let body, let due, let state, let labels, let assignees):
      var task = BoardTask(
        id: Self.uuid(&random), title: title, body: body, due: due.map { OracleStep.baseDay.adding(days: $0) },
        state: state, created: now)
      for label in labels { task.labels.insert(label) }
      for person in assignees { task.assignees.insert(person) }
      try await store.commit(.add(task, at: now, by: author))
    case .edit(let index, let field, let variant):
      try await update(index) { OracleStep.set(field, variant: variant, of: &$0) }
    case .editTitle(let index, let title): try await update(index) { $0.title = title }
    case .editBody(let index, let body): try await update(index) { $0.body = body }
    case .editDue(let index, let due):
      try await update(index) { $0.due = due.map { OracleStep.baseDay.adding(days: $0) } }
    case .move(let index, let state):
      // A move to the column the task is in is the next column over, as `move` refuses the same one.
      try await update(index) {
        $0.state = $0.state == state ? TaskState.allCases[(state.order + 1) % 3] : state
      }
    case .remove(let index):
      if let old = task(index) { try await store.commit(.remove(old, at: now, by: author)) }
    case .define(let variant):
      let change = OracleStep.definitionChange(variant, of: try await store.info().fields)
      if change.old != change.new {
        try await store.commit(.define(from: change.old, to: change.new, at: now, by: author))
      }
    case .undo, .redo:
      do {
        _ = try await (step.isUndo ? store.undo(at: now, by: author) : store.redo(at: now, by: author))
      } catch let error as StoreError where [.nothingToUndo, .nothingToRedo].contains(error) {
        return
      } catch StoreError.undoConflict {
        return
      }
    case .boardInfo(let zone, let title):
      let board = try await store.load()
      try await store.replace(
        with: Board(info: BoardInfo(title: title, timeZoneID: zone), tasks: board.tasks, history: board.history))
    default: preconditionFailure("not a store step: \(step)")
    }
  }

  /// A version 4 UUID from the seeded generator.
  static func uuid(_ random: inout SplitMix64) -> UUID {
    let hex = (0..<2).map { _ in String(random.next(), radix: 16) }.map {
      String(repeating: "0", count: 16 - $0.count) + $0
    }.joined()
    var chars = Array(hex)
    chars[12] = "4"
    chars[16] = "8"
    let text = String(chars)
    let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map {
      String(text.dropFirst($0.lowerBound).prefix($0.count))
    }
    guard let uuid = UUID(uuidString: parts.joined(separator: "-")) else { preconditionFailure("bad UUID \(text)") }
    return uuid
  }

  static let backupSuffix = ".backup"

  /// Copies the store's file, and SQLite's write-ahead log and index when there are, from the store's path with
  /// `from` added to it to the one with `to` added, replacing what is there. No connection is open between steps:
  /// the copy is the store as a backup program would find it.
  private func copyStore(from: String, to: String) throws {
    for part in ["", "-wal", "-shm"] {
      let (source, target) = (storePath + from + part, storePath + to + part)
      if FileManager.default.fileExists(atPath: target) { try FileManager.default.removeItem(atPath: target) }
      if FileManager.default.fileExists(atPath: source) {
        try FileManager.default.copyItem(atPath: source, toPath: target)
      }
    }
  }

  /// Writes an override (nil: removes it).
  private func write(_ file: (path: String, data: Data?)) throws {
    let url = root.appendingPathComponent(file.path)
    if let data = file.data {
      try data.write(to: url)
    } else if FileManager.default.fileExists(atPath: url.path) {
      try FileManager.default.removeItem(at: url)
    }
  }

  /// Every override file again with its own bytes (a new file, so a new modification time and inode).
  private func touchTheme() throws {
    for folder in ["theme", "public"] {
      let base = root.appendingPathComponent(folder).path
      for relative in try FileManager.default.subpathsOfDirectory(atPath: base) {
        let path = base + "/" + relative
        guard let data = FileManager.default.contents(atPath: path), !relative.hasSuffix("partials"),
          !relative.hasSuffix("locales")
        else { continue }
        try FileManager.default.removeItem(atPath: path)
        try data.write(to: URL(fileURLWithPath: path))
      }
    }
  }
}

extension OracleStep {
  fileprivate var isUndo: Bool {
    if case .undo = self { return true }
    return false
  }
}
