import PMBoardCore

/// Which column a GitHub project's Status puts an item in: `Todo` and `No Status` (an item without one) TODO,
/// `In Progress` DOING, `Done` DONE, and what `--status-map "Blocked=doing,In Review=doing"` adds or changes;
/// compared ignoring case.
public struct ProjectStatusMap: Sendable, Hashable {
  /// The statuses by their lowercased names, in the order given (the defaults first).
  private var columns: [(status: String, state: TaskState)]

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.columns.elementsEqual(rhs.columns) { $0.status == $1.status && $0.state == $1.state }
  }

  public func hash(into hasher: inout Hasher) {
    for (status, state) in columns {
      hasher.combine(status)
      hasher.combine(state)
    }
  }

  /// The default mapping.
  public init() {
    columns = [("todo", .todo), ("no status", .todo), ("in progress", .doing), ("done", .done)]
  }

  /// The default mapping with `option`'s pairs (`STATUS=todo|doing|done`, separated by commas) over it.
  public init(option: String) throws(ImportFailure) {
    self.init()
    for pair in option.split(separator: ",") {
      let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      guard parts.count == 2, !parts[0].isEmpty else {
        throw ImportFailure(
          "--status-map: \"\(pair.trimmingCharacters(in: .whitespaces))\" is not STATUS=COLUMN; give e.g. "
            + "--status-map \"Blocked=doing,In Review=doing\"")
      }
      guard let state = TaskState(rawValue: parts[1].lowercased()) else {
        throw ImportFailure("--status-map: \"\(parts[1])\" (for \(parts[0])) is not a column; use todo, doing or done")
      }
      set(parts[0], to: state)
    }
  }

  /// Puts the status `name` in `state`'s column.
  public mutating func set(_ name: String, to state: TaskState) {
    let status = name.lowercased()
    if let index = columns.firstIndex(where: { $0.status == status }) {
      columns[index].state = state
    } else {
      columns.append((status, state))
    }
  }

  /// The column of the status `name` (nil: no status), or nil when the map does not name it.
  public func state(of name: String?) -> TaskState? {
    let status = (name ?? "no status").trimmingCharacters(in: .whitespaces).lowercased()
    return columns.first { $0.status == (status.isEmpty ? "no status" : status) }?.state
  }

  /// `Todo=todo, …` for a message.
  var described: String { columns.map { "\($0.status)=\($0.state.rawValue)" }.joined(separator: ", ") }
}
