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

/// A tag as ``MustacheParser`` read it, with its place in the template's UTF-8 bytes.
///
/// The one reading of where tags are: the HTML validator blanks out exactly these byte ranges, so it never sees a
/// tag the parser read as text, or text the parser read as a tag.
public struct MustacheTag: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    /// `{{name}}`
    case variable
    /// `{{{name}}}` or `{{& name}}`
    case unescapedVariable
    /// `{{#name}}`
    case section
    /// `{{^name}}`
    case invertedSection
    /// `{{/name}}`
    case closing
    /// `{{> name}}`, also `{{>*name}}` (reported as unsupported)
    case partial
    /// `{{! … }}`
    case comment
    /// Unsupported tags: `{{<name}}`, `{{$name}}`, `{{=<% %>=}}`, `{{%…}}`.
    case unsupported
  }

  public var kind: Kind
  /// The name as read, e.g. `task.title`; empty for comments and unsupported tags.
  public var name: String
  /// From the opening `{{` up to and including the closing `}}` (`}}}` for a triple mustache).
  public var bytes: Range<Int>

  public init(kind: Kind, name: String, bytes: Range<Int>) {
    self.kind = kind
    self.name = name
    self.bytes = bytes
  }
}

/// What ``MustacheParser`` read in one template.
public struct ParsedTemplate: Sendable {
  /// The name diagnostics carry.
  public var file: String
  public var nodes: [MustacheNode]
  /// Every problem, in the order found.
  public var diagnostics: [Diagnostic]
  /// Every tag read, in order; a tag the parser could not read to its end (a diagnostic says why) is not one.
  public var tags: [MustacheTag]
}
