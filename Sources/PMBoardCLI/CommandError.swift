import PMBoardCore

/// A mistake in what was typed on the command line, worded as one line saying what to do instead.
package struct CommandError: Error, Sendable, PMBoardFailure {
  package var description: String
  package init(_ description: String) { self.description = description }
}
