import PMBoardBytes
import PMBoardCore

/// Where a tag starts in a template file: the position of its opening `{{`.
///
/// Lines and columns are 1-based; columns count Unicode scalars, like ``Diagnostic``.
public struct TemplateLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  public var description: String { "\(line):\(column)" }

  public static func < (lhs: TemplateLocation, rhs: TemplateLocation) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }
}

/// One piece of a parsed Mustache template: the tree the compiler turns into a flat render plan.
///
/// Text nodes already have the standalone-line whitespace removed, exactly where swift-mustache removes it.
public enum MustacheNode: Sendable, Equatable {
  /// Literal text, written as it is.
  case text(String)
  /// `{{name}}` (escaped) or `{{{name}}}` / `{{& name}}` (raw).
  case variable(name: String, escaped: Bool, at: TemplateLocation)
  /// `{{#name}}…{{/name}}` or, when inverted, `{{^name}}…{{/name}}`.
  case section(name: String, inverted: Bool, body: [MustacheNode], at: TemplateLocation)
  /// `{{> name}}`; `indentation` is set only for a standalone partial tag, and is the whitespace before it.
  case partial(name: String, indentation: String?, at: TemplateLocation)
}
