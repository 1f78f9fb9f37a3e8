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

  package var description: String {
    "\(change), but could not print to standard output: \(reason); the change is recorded, so do not run the "
      + "command again"
  }
}
