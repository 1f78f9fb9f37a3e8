/// How a tag name finds its value on the context stack; worked out once, when a template is compiled.
///
/// Follows swift-mustache's `getChild`: `.` is the top of the stack; a name starting with `.` looks only in the
/// top of the stack; any other name looks its first part up from the top of the stack down, then the remaining
/// dotted parts in what it found. Empty parts are skipped (`a..b` is `a.b`), like `split(separator:)` does.
public struct TemplatePath: Sendable, Hashable {
  public enum Anchor: Sendable, Hashable {
    /// `{{.}}`: the top of the stack itself.
    case implicitIterator
    /// `{{.name}}`: only the top of the stack.
    case top
    /// `{{name}}`: the first part anywhere on the stack, searched from the top.
    case stack
  }

  public var anchor: Anchor
  /// The dotted parts; never empty unless `anchor` is `.implicitIterator`.
  public var keys: [String]

  public init(name: String) {
    keys = name.split(separator: ".").map(String.init)
    if keys.isEmpty {
      // ".", "..", and the (reported) empty name all mean the top of the stack in swift-mustache.
      anchor = .implicitIterator
    } else {
      anchor = name.hasPrefix(".") ? .top : .stack
    }
  }
}
