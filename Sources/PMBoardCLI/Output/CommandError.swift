import PMBoardCore

/// A mistake in what was typed on the command line, worded as one line saying what to do instead.
package struct CommandError: Error, Sendable, PMBoardFailure {
  package var description: String
  package init(_ description: String) { self.description = description }
}

/// A change the store recorded whose report could not be printed: not a failure to retry, so it exits with
/// ``exitStatus``, not 1, and says the change was made.
package struct RecordedChangeUnreported: Error, Sendable, PMBoardFailure {
  /// The exit status, documented in docs/commands.md's exit statuses.
  package static let exitStatus: Int32 = 3

  /// What was recorded, e.g. "added task 6ba03bd7".
  package var change: String
  package var reason: String
  /// What the command had yet to do and did not (`build --sync` builds after it syncs), and how to do it; nil
  /// when the change was all of it.
  package var notDone: String?

  package var description: String {
    let said = "\(change), but could not print to standard output: \(reason); "
    guard let notDone else { return said + "the change is recorded, so do not run the command again" }
    return said + "the change is recorded, but \(notDone)"
  }
}
