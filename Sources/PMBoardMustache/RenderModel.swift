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
/// ``ContextModel`` reads ``TemplateContext``s (any user view model); the site builds its pages with a model of
/// plain integers and byte ranges, so rendering 100,000 cards costs no reference counting.
public protocol RenderModel {
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

/// Reads ``TemplateContext`` view models.
public struct ContextModel: RenderModel {
  public let keyNames: [String]
  public let root: TemplateValue

  public func lookup(_ key: Int, in frame: TemplateValue) -> TemplateValue? {
    guard case .object(let context) = frame else { return nil }
    return context.templateValue(forKey: keyNames[key])
  }

  public func behaviour(of value: TemplateValue) -> SectionBehaviour {
    switch value {
    case .bool(let flag): flag ? .trueFlag : .falseFlag
    case .list(let items): .list(count: items.count)
    case .text, .number, .object: .value
    }
  }

  public func item(_ index: Int, of list: TemplateValue) -> TemplateValue {
    guard case .list(let items) = list else { preconditionFailure("not a list") }
    return .object(items[index])
  }

  /// Any view model: every frame counts (twin pages are a site-model feature; this keeps recording safe).
  public func isPageLevel(_ value: TemplateValue) -> Bool { true }

  /// Any view model's items may answer differently: every loop resolves names per item.
  public func itemsShareShape(_ list: TemplateValue) -> Bool { false }

  public func write(_ value: TemplateValue, escaped: Bool, into output: inout ByteWriter) {
    switch value {
    case .text(let text):
      if escaped {
        HTMLEscaper.appendEscaped(text, into: &output)
      } else {
        HTMLEscaper.appendRaw(text, into: &output)
      }
    case .bool(let flag):
      output.appendStatic(flag ? "true" : "false")
    case .number(let number):
      output.appendDecimal(number)
    case .list, .object:
      return
    }
  }
}
