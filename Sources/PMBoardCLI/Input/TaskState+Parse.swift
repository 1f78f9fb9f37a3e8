import PMBoardCore

extension TaskState {
  /// A state typed on the command line (any letter case), or the error naming `option` (`--state`) if given.
  package static func parse(_ text: String, option: String? = nil) throws(CommandError) -> TaskState {
    guard let state = TaskState(parsing: text) else {
      throw CommandError("\(option.map { "\($0): " } ?? "")\"\(text)\" is not a state; use todo, doing or done")
    }
    return state
  }
}
