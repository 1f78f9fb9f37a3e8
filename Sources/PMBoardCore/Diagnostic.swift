import PMBoardBytes

/// One problem found in a template or locale catalog, with the place it starts.
///
/// Lines and columns are 1-based and count Unicode scalars (what editors show for UTF-8 files).
package struct Diagnostic: Error, Sendable, Hashable, Comparable, CustomStringConvertible {
  /// How bad a problem is: errors stop a build, warnings do not.
  package enum Severity: String, Sendable, Hashable {
    case error
    case warning
  }

  package var file: String
  package var line: Int
  package var column: Int
  package var severity: Severity
  package var message: String

  package init(file: String, line: Int, column: Int, severity: Severity = .error, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.severity = severity
    self.message = message
  }

  /// `file:line:column: error: message`, the form compilers use, so editors can jump to it.
  package var description: String {
    "\(file):\(line):\(column): \(severity.rawValue): \(message)"
  }

  package static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
    (lhs.file, lhs.line, lhs.column, lhs.message) < (rhs.file, rhs.line, rhs.column, rhs.message)
  }
}
