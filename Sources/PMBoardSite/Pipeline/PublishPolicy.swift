import Foundation
import PMBoardBytes
import PMBoardCore

/// How much of the board a build publishes: `publish:` in `pmboard.yml`, or the `--publish-…` flags.
///
/// Redaction happens once, on the snapshot, before any table, page or feed is made from it (``redact(_:)``): what
/// the policy leaves out is not in the build's memory when anything is rendered, so no template, feed or future
/// output can show it by mistake.
public struct PublishPolicy: Sendable, Equatable {
  /// What the history (page and change feed) shows.
  public enum History: String, Sendable, CaseIterable {
    /// Every entry of a published task, and of removed tasks when every state is published.
    case full
    /// Entries of tasks on the published board only, without which fields an edit changed.
    case titles
    /// No history at all: an empty history page and no change feed.
    case off
  }

  /// Task bodies on the pages and in the feeds.
  public var bodies = true
  /// The columns published; tasks in the others, and their history, are left out everywhere.
  public var states = Set(TaskState.allCases)
  public var history = History.full
  /// The calendar, the change feed, board.json and the badges.
  public var feeds = true
  /// Who made each change, on history entries wherever they are shown (history and task pages).
  public var authors = true
  /// Who works on each task (its assignees), on cards, task pages and in the feeds.
  public var assignees = true
  /// The insights page and `insights.json` (made from the history, so only where it is published).
  public var insights = true
  /// The search field on every page and its index (`search/`): the index holds every published task's text.
  public var search = true
  /// Labels that pick the published tasks: with `only`, a task needs one of them; with `except`, a task with one
  /// of those is left out (`labels: {only: [public]}`, `{except: [internal]}`), everywhere, like a left-out column.
  public var labelsOnly: Set<String>?
  public var labelsExcept: Set<String> = []
  /// Declared fields left out, and tasks picked by their values (``FieldPublishing``).
  public var fields = FieldPublishing()

  public init() {}

  /// Everything on: the default.
  public static let everything = PublishPolicy()

  /// The settings `publish:` accepts, with the flag each one mirrors (`--publish-bodies`…).
  public static let keys = [
    "bodies", "states", "history", "feeds", "authors", "assignees", "labels", "fields", "insights", "search",
  ]

  /// Sets one setting from its text, as `pmboard.yml` or a flag gives it.
  /// - Throws: ``PublishPolicyError`` naming the values the setting takes.
  public mutating func set(_ key: String, _ value: String) throws(PublishPolicyError) {
    let word = value.trimmingCharacters(in: .whitespaces).lowercased()
    if let flag = Self.showOrHide(key) {
      guard let shown = Self.switchValue(word, on: "show", off: "hide") else {
        throw PublishPolicyError("`\(key)` takes show or hide, not `\(value)`")
      }
      self[keyPath: flag] = shown
      return
    }
    switch key {
    case "states":
      var chosen = Set<TaskState>()
      for name in BuildSettings.splitList(value) {
        guard let state = TaskState(parsing: name) else {
          throw PublishPolicyError("`states` takes todo, doing and done, not `\(name)`")
        }
        chosen.insert(state)
      }
      guard !chosen.isEmpty else {
        throw PublishPolicyError("`states` is empty; name at least one of todo, doing, done")
      }
      states = chosen
    case "history":
      guard let mode = History(rawValue: word) else {
        throw PublishPolicyError("`history` takes full, titles or off, not `\(value)`")
      }
      history = mode
    case "feeds":
      guard let on = Self.switchValue(word, on: "on", off: "off") else {
        throw PublishPolicyError("`feeds` takes on or off, not `\(value)`")
      }
      feeds = on
    case "labels":
      try setLabels(value)
    case "fields":
      fields = try FieldPublishing(parsing: value)
    default:
      throw PublishPolicyError("unknown publish setting `\(key)`; known: \(Self.keys.joined(separator: ", "))")
    }
  }

  /// The setting a `show`/`hide` key sets; nil for the other keys.
  private static func showOrHide(_ key: String) -> WritableKeyPath<PublishPolicy, Bool>? {
    switch key {
    case "bodies": \.bodies
    case "authors": \.authors
    case "assignees": \.assignees
    case "insights": \.insights
    case "search": \.search
    default: nil
    }
  }

  /// `labels` as text: `only:NAME,NAME` and `except:NAME,NAME`, joined by a space when both are given (what
  /// `pmboard.yml`'s mapping and `--publish-labels` both come to); `all` publishes every task again.
  private mutating func setLabels(_ value: String) throws(PublishPolicyError) {
    (labelsOnly, labelsExcept) = (nil, [])
    for part in value.split(separator: " ") where part != "all" {
      let pieces = part.split(separator: ":", maxSplits: 1).map(String.init)
      guard pieces.count == 2, pieces[0] == "only" || pieces[0] == "except" else {
        throw PublishPolicyError(
          "`labels` takes only or except with label names (labels: {only: [public]}), not `\(part)`")
      }
      var names = Set<String>()
      for name in BuildSettings.splitList(pieces[1]) {
        switch TaskRules.checkName(name, as: .label) {
        case .success(let checked): names.insert(checked)
        case .failure(let violation): throw PublishPolicyError("`labels`: \(violation)")
        }
      }
      guard !names.isEmpty else { throw PublishPolicyError("`labels: \(pieces[0])` names no label") }
      if pieces[0] == "only" { labelsOnly = names } else { labelsExcept = names }
    }
  }

  /// Whether the policy picks tasks by their labels.
  public var selectsByLabel: Bool { labelsOnly != nil || !labelsExcept.isEmpty }

  /// Whether a task is published: its column, its labels (as stored: names joined by line breaks) and its values
  /// of the board's `fields` (``FieldPublishing``).
  func publishes(_ record: BoardSnapshot.Tasks.Record, in text: ByteArena, fields: BoardFields) -> Bool {
    guard states.contains(record.state) else { return false }
    guard self.fields.publishes(values: record.values, in: text, fields: fields) else { return false }
    guard selectsByLabel else { return true }
    let names = record.labels.count == 0 ? [] : NameSet(storedText: text.string(record.labels)).names
    if let only = labelsOnly, !names.contains(where: only.contains) { return false }
    return !names.contains(where: labelsExcept.contains)
  }

  /// Whether every task is published whatever its column and labels: a removed task's entries can then be
  /// published too (it cannot have been in a left-out column or had a left-out label).
  var publishesEveryTask: Bool {
    states.count == TaskState.allCases.count && !selectsByLabel && !fields.selectsTasks
  }

  /// YAML 1.1 spells a switch many ways; the named words and the usual booleans are all accepted.
  private static func switchValue(_ word: String, on: String, off: String) -> Bool? {
    if [on, "on", "true", "yes"].contains(word) { return true }
    if [off, "off", "false", "no"].contains(word) { return false }
    return nil
  }

  /// Whether the board's tasks or history are cut; `feeds: off` alone only writes fewer files.
  public var leavesOutContent: Bool {
    !bodies || !authors || !assignees || !publishesEveryTask || history != .full || !fields.hidden.isEmpty
  }

  /// The published states in column order, for board.json.
  public var stateList: [TaskState] { TaskState.allCases.filter(states.contains) }

  /// The board as published: tasks of left-out states gone, bodies emptied when hidden, history cut to what the
  /// policy shows. A policy that leaves nothing out of the board returns `snapshot` itself.
  public func redact(_ snapshot: BoardSnapshot) -> BoardSnapshot {
    guard leavesOutContent else { return snapshot }
    let text = snapshot.tasks.text
    var tasks = BoardSnapshot.Tasks.Builder(capacity: snapshot.taskCount)
    var published = Set<String>()
    let declared = snapshot.info.fields
    for record in snapshot.tasks.records where publishes(record, in: text, fields: declared) {
      let id = text.string(record.id)
      published.insert(id)
      tasks.add(
        id: id, title: text.string(record.title), body: hides(.body) ? "" : text.string(record.body), due: record.due,
        state: record.state, labels: text.string(record.labels),
        assignees: hides(.assignees) ? "" : text.string(record.assignees), url: text.string(record.url),
        values: hides(.values) ? "" : fields.published(values: text.string(record.values), fields: declared))
    }
    var info = snapshot.info
    info.fields = fields.published(declared)
    return BoardSnapshot(
      info: info, tasks: tasks.finish(), history: redactHistory(snapshot.history, published: published))
  }

  /// The entries of published tasks; under `full` with every state published, removed tasks' entries too (a task
  /// the store no longer has cannot be in a left-out state).
  private func redactHistory(_ history: BoardSnapshot.History, published: Set<String>) -> BoardSnapshot.History {
    var kept = BoardSnapshot.History.Builder()
    guard self.history != .off else { return kept.finish() }
    let keepRemoved = self.history == .full && publishesEveryTask
    let text = history.text
    for record in history.records {
      let id = text.string(record.taskID)
      guard keepRemoved || published.contains(id) else { continue }
      let start = Int(record.fieldsStart)
      let fields = self.history == .titles ? [] : Array(history.fields[start..<start + Int(record.fieldsCount)])
      // `titles` publishes what happened to which task, not who did it or how a sync merged it.
      let full = self.history == .full
      kept.add(
        at: record.at, action: record.action, taskID: id, title: text.string(record.title), from: record.from,
        to: record.to, fields: fields, author: full && authors ? text.string(record.author) : "",
        resolution: full ? record.resolution : nil,
        // What an edit did to values names fields and values: not under `titles`, and not where a field is hidden
        // (the line then says "fields" only, as it did before values were shown).
        changes: self.history == .titles || !self.fields.hidden.isEmpty ? "" : text.string(record.changes))
    }
    return kept.finish()
  }
}

/// A `publish:` setting or `--publish-…` flag with a value pmboard does not know.
public struct PublishPolicyError: Error, Sendable, PMBoardFailure {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

extension PublishPolicy {
  /// Whether the policy empties `field` on every published task. Only a field whose ``TaskField/publishing`` is
  /// `hideable` has a setting that can; a new field must choose.
  public func hides(_ field: TaskField) -> Bool {
    switch field {
    case .body: !bodies
    case .assignees: !assignees
    // Declared fields are hidden one by one (`publish: {fields: {hide: […]}}`, ``FieldPublishing``), not all at once.
    case .title, .due, .state, .labels, .url, .values: false
    }
  }

  /// Seconds since 1970 of the newest change to what the policy publishes, for the calendar's DTSTAMP and the
  /// change feed's `updated`: a change to a left-out task (or to a hidden body alone) must not move a published
  /// byte, so neither stamp may come from it. A change counts when its task is on the published board, when it
  /// took a task off it (moved or removed from a published column), or, with every column published, always (a
  /// removed task's entries are then published too). Taken from the whole history, not the redacted one, so that
  /// `history: off` or `titles` still stamp the feeds with the board's last change, not the clock.
  public func lastPublishedChange(in snapshot: BoardSnapshot) -> Int64? {
    let history = snapshot.history
    let allStates = publishesEveryTask
    var published = Set<String>()
    if !allStates {
      let text = snapshot.tasks.text
      for record in snapshot.tasks.records where publishes(record, in: text, fields: snapshot.info.fields) {
        published.insert(text.string(record.id))
      }
    }
    let hidesAField = TaskField.allCases.contains(where: hides)
    for record in history.records.reversed() {
      if hidesAField, record.action == .edited, record.fieldsCount > 0 {
        let start = Int(record.fieldsStart)
        if history.fields[start..<start + Int(record.fieldsCount)].allSatisfy(hides) { continue }
      }
      if allStates || record.from.map(states.contains) == true
        || published.contains(history.text.string(record.taskID))
      {
        return record.at
      }
    }
    return nil
  }
}
