import PMBoardCore

/// A build that stopped, naming the step; the previous site is untouched.
public struct BuildError: Error, PMBoardFailure {
  public var step: String
  public var underlying: any Error

  /// Template problems keep their own compiler-style lines.
  public var isCompilerStyle: Bool { (underlying as? any PMBoardFailure)?.isCompilerStyle ?? false }

  public var description: String {
    isCompilerStyle ? "\(underlying)" : "build failed at step \"\(step)\": \(underlying)"
  }
}

/// Settings that cannot make a site, worded as what to change.
public struct BuildSettingsError: Error, Sendable, PMBoardFailure {
  public var description: String
  public init(_ description: String) { self.description = description }
}
