import PMBoardBytes

/// An error pmboard reports to the user as it is (one line per problem), without a stack trace.
public protocol PMBoardFailure: Error, CustomStringConvertible {
  /// Whether each line already says where and what (`file:line:column: error: …`), so it prints unprefixed.
  var isCompilerStyle: Bool { get }
}

extension PMBoardFailure {
  public var isCompilerStyle: Bool { false }
}
