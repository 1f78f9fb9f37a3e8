import ArgumentParser
import PMBoardCore

/// The options that add a task's labels and assignees and set its link (`add` and `edit`), with the ones that
/// remove names (`edit` only, see ``NameRemovalOptions``).
struct NameOptions: ParsableArguments {
  @Option(name: .customLong("label"), help: "Add a label (repeat for more; up to 20, each up to 50 characters).")
  var labels: [String] = []
  @Option(name: .customLong("assignee"), help: "Add an assignee (repeat for more; up to 10).")
  var assignees: [String] = []
  @Option(help: "The task's page elsewhere (an http or https address), or `none` to clear it.")
  var url: String?

  /// The names the options add to a field whose shape is a set of names; empty for any other field.
  func added(_ field: TaskField) -> [String] {
    switch field {
    case .labels: labels
    case .assignees: assignees
    case .title, .body, .due, .state, .url, .values: []
    }
  }

  var isEmpty: Bool { labels.isEmpty && assignees.isEmpty && url == nil }

  /// The link `--url` gives (empty for `none`); nil without `--url`.
  func checkedURL() throws -> String? {
    guard let url else { return nil }
    if url.lowercased() == "none" { return "" }
    return try TaskRules.checkURL(url).mapError { CommandError("--url: \($0)") }.get()
  }
}

/// `edit`'s options that take names off a task.
struct NameRemovalOptions: ParsableArguments {
  @Option(name: .customLong("remove-label"), help: "Remove a label (repeat for more).")
  var labels: [String] = []
  @Option(name: .customLong("remove-assignee"), help: "Remove an assignee (repeat for more).")
  var assignees: [String] = []

  func removed(_ field: TaskField) -> [String] {
    switch field {
    case .labels: labels
    case .assignees: assignees
    case .title, .body, .due, .state, .url, .values: []
    }
  }

  var isEmpty: Bool { labels.isEmpty && assignees.isEmpty }
}

extension TaskField {
  /// What a name of the field is, for a field whose shape is a set of names.
  var nameKind: TaskRules.NameKind? {
    switch self {
    case .labels: .label
    case .assignees: .assignee
    case .title, .body, .due, .state, .url, .values: nil
    }
  }
}

extension BoardTask {
  /// The task with `add`'s names added and `remove`'s taken off each field of names, each name checked by the
  /// rules (an option's name in the message), and the count checked after.
  mutating func changeNames(adding add: NameOptions, removing remove: NameRemovalOptions?) throws {
    for field in TaskField.allCases where field.shape == .names {
      guard var names = self.names(field), let kind = field.nameKind else { continue }
      let option = "--" + kind.rawValue
      let added = try TaskRules.checkNames(add.added(field), as: kind).mapError { _ in
        CommandError(Self.firstProblem(add.added(field), kind: kind, option: option))
      }.get()
      for name in remove?.removed(field) ?? [] {
        let checked = try TaskRules.checkName(name, as: kind).mapError {
          CommandError("--remove-\(kind.rawValue): \($0)")
        }
        .get()
        guard names.contains(checked) else {
          throw CommandError(
            "--remove-\(kind.rawValue): the task has no \(kind.rawValue) \"\(TerminalText.oneLine(checked))\"; "
              + "it has \(names.isEmpty ? "none" : TerminalText.oneLine(names.description))")
        }
        names.remove(checked)
      }
      names = names.union(added)
      setNames(try TaskRules.checkCount(names, as: kind).mapError { CommandError("\(option): \($0)") }.get(), of: field)
    }
  }

  /// The first rule a name of `names` breaks, worded with its option (or the count when each name is fine).
  private static func firstProblem(_ names: [String], kind: TaskRules.NameKind, option: String) -> String {
    for name in names {
      if case .failure(let violation) = TaskRules.checkName(name, as: kind) { return "\(option): \(violation)" }
    }
    if case .failure(let violation) = TaskRules.checkNames(names, as: kind) { return "\(option): \(violation)" }
    return "\(option): not acceptable"
  }
}
