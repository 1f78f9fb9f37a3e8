import PMBoardCore

/// A build that stopped, naming the step; the previous site is untouched.
package struct BuildError: Error, PMBoardFailure {
  package var step: String
  package var underlying: any Error

  /// Template problems keep their own compiler-style lines.
  package var isCompilerStyle: Bool { (underlying as? any PMBoardFailure)?.isCompilerStyle ?? false }

  package var description: String {
    isCompilerStyle ? "\(underlying)" : "build failed at step \"\(step)\": \(underlying)"
  }
}

/// Settings that cannot make a site, worded as what to change.
package struct BuildSettingsError: Error, Sendable, PMBoardFailure {
  package var description: String
  package init(_ description: String) { self.description = description }
}
