import PMBoardCore

extension HistoryAction {
  /// Position in `allCases`.
  public var position: Int {
    switch self {
    case .added: 0
    case .edited: 1
    case .moved: 2
    case .removed: 3
    case .defined: 4
    }
  }
}

extension TaskField {
  /// Position in `allCases`.
  public var position: Int {
    switch self {
    case .title: 0
    case .body: 1
    case .due: 2
    case .state: 3
    case .labels: 4
    case .assignees: 5
    case .url: 6
    case .values: 7
    }
  }
}
