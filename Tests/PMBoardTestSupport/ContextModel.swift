import PMBoardBytes
import PMBoardCore
import PMBoardMustache

/// Reads ``TemplateContext`` view models: the plain way to hand a render data, which the parity tests give both
/// `TemplateSet` and swift-mustache. The build renders through the site's own model (`SiteModel`), so this lives
/// with the tests, not in the library.
package struct ContextModel: RenderModel {
  package let keyNames: [String]
  package let root: TemplateValue
  /// Whether loops may bind (the renderer's fast path for lists whose items share a shape); off by default, as
  /// any view model's items may answer differently.
  package var bindsLoops = false

  package init(keyNames: [String], root: TemplateValue, bindsLoops: Bool = false) {
    self.keyNames = keyNames
    self.root = root
    self.bindsLoops = bindsLoops
  }

  package func lookup(_ key: Int, in frame: TemplateValue) -> TemplateValue? {
    guard case .object(let context) = frame else { return nil }
    return context.templateValue(forKey: keyNames[key])
  }

  package func behaviour(of value: TemplateValue) -> SectionBehaviour {
    switch value {
    case .bool(let flag): flag ? .trueFlag : .falseFlag
    case .list(let items): .list(count: items.count)
    case .text, .number, .object: .value
    }
  }

  package func item(_ index: Int, of list: TemplateValue) -> TemplateValue {
    guard case .list(let items) = list else { preconditionFailure("not a list") }
    return .object(items[index])
  }

  /// Any view model: every frame counts (twin pages are a site-model feature; this keeps recording safe).
  package func isPageLevel(_ value: TemplateValue) -> Bool { true }

  /// Any view model's items may answer differently: every loop resolves names per item, unless ``bindsLoops``.
  package func itemsShareShape(_ list: TemplateValue) -> Bool { bindsLoops }

  package func write(_ value: TemplateValue, escaped: Bool, into output: inout ByteWriter) {
    switch value {
    case .text(let text):
      if escaped {
        HTMLEscaper.appendEscaped(text, into: &output)
      } else {
        output.append(text)
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

extension TemplateSet {
  /// Appends template `name` rendered for `context` to `output` as UTF-8.
  /// - Precondition: the set contains `name`.
  /// - Throws: ``TemplateRenderError/tooDeep(_:)`` when partials nest deeper than
  ///   ``CompiledTemplates/maximumRenderDepth``; `output` then has what was rendered up to there.
  package func render(
    _ name: String, _ context: any TemplateContext, into output: inout [UInt8]
  ) throws(TemplateRenderError) {
    // One chunk for the whole page: the renderer hands its buffer over once, at the end (or where it stopped).
    try render(name, model: ContextModel(keyNames: keyNames, root: .object(context)), chunk: .max) {
      $0.withUnsafeBufferPointer { output.append(contentsOf: $0) }
    }
  }

  /// Template `name` rendered for `context`.
  /// - Precondition: the set contains `name`.
  /// - Throws: ``TemplateRenderError/tooDeep(_:)`` when partials nest deeper than
  ///   ``CompiledTemplates/maximumRenderDepth``.
  package func render(_ name: String, _ context: any TemplateContext) throws(TemplateRenderError) -> String {
    var output: [UInt8] = []
    try render(name, context, into: &output)
    return String(decoding: output, as: UTF8.self)
  }
}
