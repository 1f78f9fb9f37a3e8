import PMBoardBytes

/// One problem found in a template or locale catalog, with the place it starts.
///
/// Lines and columns are 1-based and count Unicode scalars (what editors show for UTF-8 files).
public struct Diagnostic: Error, Sendable, Hashable, Comparable, CustomStringConvertible {
  /// How bad a problem is: errors stop a build, warnings do not.
  public enum Severity: String, Sendable, Hashable {
    case error
    case warning
  }

  public var file: String
  public var line: Int
  public var column: Int
  public var severity: Severity
  /// What kind of problem it is, as `family.kind` (`html.unclosed-element`, `mustache.unclosed-section`,
  /// `catalog.missing-key`): stable when a message's wording changes, for tools reading `--diagnostics json`.
  public var code: String
  public var message: String

  public init(file: String, line: Int, column: Int, severity: Severity = .error, code: String, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.severity = severity
    self.code = code
    self.message = message
  }

  /// `file:line:column: error: message`, the form compilers use, so editors can jump to it.
  public var description: String {
    "\(file):\(line):\(column): \(severity.rawValue): \(message)"
  }

  public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
    (lhs.file, lhs.line, lhs.column, lhs.message) < (rhs.file, rhs.line, rhs.column, rhs.message)
  }
}
