import PMBoardBytes

/// How a value behaves as a section.
public enum SectionBehaviour {
  /// `false`: a section skips it, an inverted section renders.
  case falseFlag
  /// `true`: a section renders its body once without pushing anything.
  case trueFlag
  /// A list of `count` items; a section repeats per item, an inverted section renders (pushing the list) if empty.
  case list(count: Int)
  /// Anything else (text, numbers, objects): a section pushes it and renders once.
  case value
}

/// The view model as the renderer reads it: names are interned key numbers (the template set's ``TemplateSet``
/// key table), values are whatever the model finds cheapest to copy.
///
/// The site builds its pages with a model of plain integers and byte ranges, so rendering 100,000 cards costs no
/// reference counting; the tests' `ContextModel` reads ``TemplateContext``s, the plain reference to compare with.
/// A model may be non-escapable (the site's holds a ``Borrowed`` reference valid for one page); the renderer
/// keeps it no longer than one render.
public protocol RenderModel: ~Escapable {
  associatedtype Value
  /// The bottom of the context stack.
  var root: Value { get }
  /// The value `frame` gives key number `key`, or nil if it has no such name (lookup goes further down the stack).
  func lookup(_ key: Int, in frame: Value) -> Value?
  func behaviour(of value: Value) -> SectionBehaviour
  /// Item `index` of a list value.
  func item(_ index: Int, of list: Value) -> Value
  /// Writes what `{{name}}` (escaped) or `{{{name}}}` shows for `value`: text, `true`/`false`, decimal digits, or
  /// nothing for lists and objects.
  func write(_ value: Value, escaped: Bool, into output: inout ByteWriter)
  /// Whether `value` is a frame whose keys can differ between twin pages (``TwinPages``); lookups in it are
  /// recorded so the second page copies only what reads the same.
  func isPageLevel(_ value: Value) -> Bool
  /// Whether every item of `list` answers the same keys, each with the same kind of value (text, flag, list or
  /// object; the flags' and lists' contents may differ): the rows of a table. A loop over such a list resolves
  /// each name once for all items (``TemplateRenderer``), not once per item.
  func itemsShareShape(_ list: Value) -> Bool
}
