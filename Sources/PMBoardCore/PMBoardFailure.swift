import PMBoardBytes

/// An error pmboard reports to the user as it is (one line per problem), without a stack trace.
public protocol PMBoardFailure: Error, CustomStringConvertible {
  /// Whether each line already says where and what (`file:line:column: error: …`), so it prints unprefixed.
  var isCompilerStyle: Bool { get }
  /// The message as the lines to print, one a problem. A line may quote what the user gave, newlines and all:
  /// printing escapes each line's control characters, so a value cannot start a line of its own.
  var lines: [String] { get }
}

extension PMBoardFailure {
  public var isCompilerStyle: Bool { false }
  public var lines: [String] { [description] }
}
