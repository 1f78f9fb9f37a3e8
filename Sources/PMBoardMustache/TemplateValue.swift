/// A value a Mustache template can show or branch on.
///
/// View models hand these to the renderer; the templates themselves stay logic-less.
public enum TemplateValue: Sendable {
  /// Text; `{{name}}` HTML-escapes it, `{{{name}}}` writes it as it is.
  case text(String)
  /// A flag for `{{#name}}…{{/name}}` and `{{^name}}…{{/name}}`; `{{name}}` prints `true`/`false`.
  case bool(Bool)
  /// A whole number; prints in decimal. Mustache treats every number as truthy.
  case number(Int)
  /// A list a section repeats over; an empty list is falsy.
  case list([any TemplateContext])
  /// A nested object a section enters (pushes on the context stack).
  case object(any TemplateContext)
}

/// Something a template can look names up in: a view model, or a level of the context stack.
public protocol TemplateContext: Sendable {
  /// The value for `key`, or nil if this context has no such name (lookup then continues further down the stack).
  func templateValue(forKey key: String) -> TemplateValue?
  /// Every key this context answers; used to hand the same data to swift-mustache in parity tests.
  var templateKeys: [String] { get }
}
