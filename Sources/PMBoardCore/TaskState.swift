import PMBoardBytes

/// Where a task is on the board: the three columns, in board order.
public enum TaskState: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
  case todo
  case doing
  case done

  /// Column position, left to right.
  public var order: Int {
    switch self {
    case .todo: 0
    case .doing: 1
    case .done: 2
    }
  }

  public static func < (lhs: TaskState, rhs: TaskState) -> Bool { lhs.order < rhs.order }

  /// Accepts `todo`, `doing`, `done` in any letter case.
  public init?(parsing text: String) {
    self.init(rawValue: text.lowercased())
  }
}
