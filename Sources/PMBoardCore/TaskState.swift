import PMBoardBytes

/// Where a task is on the board: the three columns, in board order.
package enum TaskState: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
  case todo
  case doing
  case done

  /// Column position, left to right.
  package var order: Int {
    switch self {
    case .todo: 0
    case .doing: 1
    case .done: 2
    }
  }

  package static func < (lhs: TaskState, rhs: TaskState) -> Bool { lhs.order < rhs.order }

  /// Accepts `todo`, `doing`, `done` in any letter case.
  package init?(parsing text: String) {
    self.init(rawValue: text.lowercased())
  }
}
