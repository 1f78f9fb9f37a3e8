import PMBoardBytes
import PMBoardCore

/// A set of named Mustache templates, each compiled once into a flat render plan.
///
/// Output is byte-identical to swift-mustache 2.1.1 for the subset pmboard uses: `{{name}}` (HTML-escaped),
/// `{{{name}}}` and `{{& name}}`, dotted names, `{{.}}`, sections and inverted sections, comments, and partials
/// with the standalone-line and indentation rules. Rendering appends to a byte buffer (``ByteWriter``), which is
/// what makes it many times faster than swift-mustache's `String` concatenation.
///
/// Unlike swift-mustache, problems are found up front: ``init(sources:)`` reports every malformed tag, unclosed
/// or mismatched section, section nested too deep, unknown partial, partial that includes itself with nothing to
/// stop it, and unsupported feature (set delimiters, inheritance, blocks, transforms, pragmas, dynamic partials)
/// at once, each at the `{{` of its tag.
public struct TemplateSet: Sendable {
  private let numbers: [String: Int]
  private let compiled: CompiledTemplates
  private let referencesByTemplate: [String: [TemplateReference]]
  /// The file of each template, by number.
  private let files: [String]

  /// Parses and compiles every template.
  /// - Parameter sources: template name → its text, and the file path to put in diagnostics. The names are what
  ///   `{{> name}}` refers to.
  /// - Throws: ``TemplateSetError/invalid(_:)`` with all problems in all templates, sorted.
  public init(sources: [String: (text: String, file: String)]) throws(TemplateSetError) {
    try self.init(parsed: sources.mapValues { MustacheParser.parse($0.text, file: $0.file) })
  }

  /// Compiles templates parsed already (``MustacheParser/parse(_:file:)``), e.g. on several cores.
  /// - Parameter parsed: template name → what the parser read. The names are what `{{> name}}` refers to.
  /// - Throws: ``TemplateSetError/invalid(_:)`` with all problems in all templates, the parser's included, sorted.
  public init(parsed sources: [String: ParsedTemplate]) throws(TemplateSetError) {
    let ordered = sources.sorted { $0.key < $1.key }
    var numbers: [String: Int] = [:]
    for (number, (name, _)) in ordered.enumerated() {
      numbers[name] = number
    }
    var diagnostics: [Diagnostic] = []
    var referencesByTemplate: [String: [TemplateReference]] = [:]
    var inclusions: [[PartialRecursion.Inclusion]] = []
    for (name, source) in ordered {
      let references = TemplateReference.collect(in: source.nodes, file: source.file)
      diagnostics += source.diagnostics
      // swift-mustache renders an unknown partial as nothing; here it is a mistake worth stopping for.
      for reference in references where reference.kind == .partial && !reference.name.isEmpty {
        if numbers[reference.name] == nil {
          diagnostics.append(
            Diagnostic(
              file: source.file, line: reference.location.line, column: reference.location.column,
              code: "mustache.unknown-partial", message: "partial {{> \(reference.name)}} names no template in this set"
            ))
        }
      }
      referencesByTemplate[name] = references
      inclusions.append(PartialRecursion.inclusions(in: source.nodes) { numbers[$0] })
    }
    diagnostics += PartialRecursion.diagnostics(
      names: ordered.map(\.key), files: ordered.map(\.value.file), inclusions: inclusions)
    guard diagnostics.isEmpty else {
      throw .invalid(diagnostics.sorted())
    }
    var compiled = CompiledTemplates()
    for (_, source) in ordered {
      compiled.add(source.nodes) { name in
        guard let number = numbers[name] else { preconditionFailure("partial \(name) passed the check above") }
        return number
      }
    }
    self.numbers = numbers
    self.compiled = compiled
    self.referencesByTemplate = referencesByTemplate
    self.files = ordered.map(\.value.file)
  }

  /// The template names, sorted.
  public var names: [String] { numbers.keys.sorted() }

  /// Whether the set has a template called `name`.
  public func contains(_ name: String) -> Bool { numbers[name] != nil }

  /// Every variable, section and partial name template `name` uses, with positions, in template order.
  /// Empty for an unknown template.
  public func references(in name: String) -> [TemplateReference] {
    referencesByTemplate[name] ?? []
  }

  private func number(of name: String) -> Int {
    guard let number = numbers[name] else { preconditionFailure("TemplateSet has no template named \"\(name)\"") }
    return number
  }

  /// Every dotted part of every name the templates use; a ``RenderModel`` answers key `i` for `keyNames[i]`.
  public var keyNames: [String] { compiled.keyNames }

  /// Renders template `name` for `model`, handing the output to `emit` in pieces of about `chunk` bytes.
  /// - Precondition: the set contains `name`.
  /// With `twin`, records the template's own sections or copies them from a twin page (``TwinPages``).
  /// - Throws: ``TemplateRenderError/tooDeep(_:)`` when partials nest deeper than
  ///   ``CompiledTemplates/maximumRenderDepth``.
  @discardableResult
  public func render<Model: RenderModel & ~Escapable>(
    _ name: String, model: Model, chunk: Int, twin: TwinPages = .none, emit: (Span<UInt8>) -> Void
  ) throws(TemplateRenderError) -> [SectionSpan] {
    let number = number(of: name)
    do {
      return try compiled.render(template: number, model: model, chunk: chunk, twin: twin, emit: emit)
    } catch {
      throw renderError(error)
    }
  }

  /// The diagnostic for a render that went too deep: at the partial tag where it did, naming the recursion that
  /// got it there when there is one.
  private func renderError(_ error: RenderTooDeep) -> TemplateRenderError {
    guard let tag = compiled.partialTag(at: error.op) else {
      preconditionFailure("op \(error.op) that went too deep is not a partial")
    }
    let names = self.names
    let depth = CompiledTemplates.maximumRenderDepth
    let message: String
    if let cycle = partialPath(from: tag.target, to: tag.template) {
      let path = ([tag.template] + cycle).map { names[$0] }.joined(separator: " → ")
      message =
        "partial recursion: \(path) went more than \(depth) sections and partials deep while rendering; "
        + "a {{#section}} on the way must run out of data to end it"
    } else {
      message =
        "partial {{> \(names[tag.target])}} is more than \(depth) sections and partials deep while rendering; "
        + "nest fewer"
    }
    return .tooDeep(
      Diagnostic(
        file: files[tag.template], line: tag.location.line, column: tag.location.column,
        code: "mustache.render-too-deep", message: message))
  }

  /// The templates `{{> …}}` tags lead through from template `start` to template `end` (both numbers), fewest
  /// first, ending with `end`; nil if none lead there.
  private func partialPath(from start: Int, to end: Int) -> [Int]? {
    let names = self.names
    var cameFrom: [Int: Int] = [start: start]
    var queue = [start]
    var head = 0
    while head < queue.count {
      let template = queue[head]
      head += 1
      if template == end {
        var path = [end]
        while let previous = cameFrom[path[0]], previous != path[0] {
          path.insert(previous, at: 0)
        }
        return path
      }
      for reference in references(in: names[template]) where reference.kind == .partial {
        guard let next = numbers[reference.name], cameFrom[next] == nil else { continue }
        cameFrom[next] = template
        queue.append(next)
      }
    }
    return nil
  }
}

/// Why rendering a ``TemplateSet`` stopped.
public enum TemplateRenderError: Error, Sendable, CustomStringConvertible {
  /// Partials nested deeper than ``CompiledTemplates/maximumRenderDepth``; at the partial tag that went too deep.
  case tooDeep(Diagnostic)

  public var diagnostic: Diagnostic {
    switch self {
    case .tooDeep(let diagnostic): diagnostic
    }
  }

  public var description: String { diagnostic.description }
}

/// Why a ``TemplateSet`` could not be built.
public enum TemplateSetError: Error, Sendable, CustomStringConvertible {
  /// Every problem found, sorted by file, line and column.
  case invalid([Diagnostic])

  public var description: String {
    switch self {
    case .invalid(let diagnostics):
      diagnostics.map(\.description).joined(separator: "\n")
    }
  }
}
