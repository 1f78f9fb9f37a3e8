import PMBoardBytes

/// One step of a render plan.
///
/// Plain integers only, so a plan is one flat array that rendering walks without retain/release traffic.
public enum RenderOp: Sendable {
  /// Copy `count` bytes of static text from the plan's byte store, starting at `start`. `firstLineFeed` indexes
  /// the plan's line feed table at this text's first line feed, for indented partials (which indent after each).
  case text(start: Int32, count: Int32, firstLineFeed: Int32)
  /// Write the value `path` (an index into the plan's paths) resolves to, HTML-escaped or raw.
  case variable(path: Int32, escaped: Bool)
  /// A section; its body is the ops after this one, up to (not including) `end`.
  case section(path: Int32, inverted: Bool, end: Int32)
  /// Render template number `template` here; a standalone partial adds the indentation stored in the byte store.
  case partial(template: Int32, indentationStart: Int32, indentationCount: Int32)
}

/// The render plans of every template in a ``TemplateSet``, flattened into shared arrays.
///
/// Each template compiles once into a run of ``RenderOp``s; static text of all templates lives in one byte store,
/// so rendering text is a `memcpy`. Adjacent text (e.g. lines around a removed comment) is merged into one op.
/// Partials refer to their template by number and are entered at render time, which is what lets a partial
/// include itself recursively through a section.
public struct CompiledTemplates: Sendable {
  /// How deep rendering may nest partials, counting each partial and the sections around its tag. A partial that
  /// includes itself through a section recurses as long as the data lets it; data that never ends it (the
  /// section's name found again further down the context stack) would otherwise overflow the stack.
  public static let maximumRenderDepth = 200

  private var ops: [RenderOp] = []
  private var bytes: [UInt8] = []
  private var paths: [CompiledPath] = []
  /// The key numbers of every path's dotted parts, `paths[i]` using `keyStart..<keyStart + keyCount`.
  private var pathKeys: [Int32] = []
  /// Every distinct dotted part of every name, numbered in order of first use; models answer by number.
  public private(set) var keyNames: [String] = []
  private var keyNumbers: [String: Int32] = [:]
  /// The offset in `bytes` of every line feed in text, ascending.
  private var lineFeeds: [Int32] = []
  /// The ops of template number `i`.
  private var entries: [Range<Int>] = []
  /// A first guess at the output size of template number `i`, for the output buffer's initial capacity.
  private var capacities: [Int] = []
  private var pathIndices: [TemplatePath: Int32] = [:]
  /// Per op, how many sections of its template are around it; partial ops add it to the render depth.
  private var nesting: [UInt8] = []
  /// Where each partial op's tag is (by op index), for the message when rendering nests too deep.
  private var partialLocations: [Int: TemplateLocation] = [:]

  /// Compiles one template's nodes as template number `entries.count`.
  /// - Parameter templateNumber: the number of the template a partial name refers to; names must all be known.
  public mutating func add(_ nodes: [MustacheNode], templateNumber: (String) -> Int) {
    let start = ops.count
    compile(nodes, templateNumber: templateNumber)
    entries.append(start..<ops.count)
    nesting += sectionDepths(in: start..<ops.count)
    capacities.append(2 * staticSize(of: entries.count - 1) + 256)
  }

  /// Renders template number `template` for `model` and hands the UTF-8 output to `finish`.
  /// - Throws: ``RenderTooDeep`` when partials nest deeper than ``maximumRenderDepth`` (after `finish` saw what
  ///   was rendered up to there).
  public func render<Model: RenderModel & ~Escapable, Result>(
    template: Int, model: Model, _ finish: (Span<UInt8>) -> Result
  ) throws(RenderTooDeep) -> Result {
    let (result, tooDeep) = withProgram { program in
      var renderer = TemplateRenderer(program: program, model: model, capacity: capacities[template])
      renderer.render(template: template)
      return (renderer.output.withPendingBytes(finish), renderer.tooDeep)
    }
    if let tooDeep { throw RenderTooDeep(op: tooDeep) }
    return result
  }

  /// Renders template number `template` for `model`, handing the output to `emit` in pieces of about `chunk`
  /// bytes as it goes.
  /// With `twin`, records the template's own sections or copies them from a twin page (``TwinPages``).
  /// - Throws: ``RenderTooDeep`` when partials nest deeper than ``maximumRenderDepth``.
  @discardableResult
  public func render<Model: RenderModel & ~Escapable>(
    template: Int, model: Model, chunk: Int, twin: TwinPages = .none, emit: (Span<UInt8>) -> Void
  ) throws(RenderTooDeep) -> [SectionSpan] {
    let (sections, tooDeep) = withProgram { program in
      withoutActuallyEscaping(emit) { emit in
        var renderer = TemplateRenderer(
          program: program, model: model, capacity: min(capacities[template], chunk) + 4096, chunk: chunk,
          emit: emit, twin: twin)
        renderer.render(template: template)
        renderer.output.withPendingBytes(emit)
        return (renderer.sections, renderer.tooDeep)
      }
    }
    if let tooDeep { throw RenderTooDeep(op: tooDeep) }
    return sections
  }

  /// The partial tag of op number `op`: the template it is in, the template it includes, and where it is.
  public func partialTag(at op: Int) -> (template: Int, target: Int, location: TemplateLocation)? {
    guard case .partial(let target, _, _) = ops[op], let location = partialLocations[op],
      let template = entries.firstIndex(where: { $0.contains(op) })
    else { return nil }
    return (template, Int(target), location)
  }

  private func withProgram<Result>(_ body: (RenderProgram) -> Result) -> Result {
    ops.withReadView { ops in
      bytes.withReadView { bytes in
        lineFeeds.withReadView { lineFeeds in
          paths.withReadView { paths in
            pathKeys.withReadView { pathKeys in
              entries.withReadView { entries in
                nesting.withReadView { nesting in
                  body(
                    RenderProgram(
                      ops: ops, bytes: bytes, lineFeeds: lineFeeds, paths: paths, pathKeys: pathKeys,
                      entries: entries, nesting: nesting))
                }
              }
            }
          }
        }
      }
    }
  }

  /// The number of static bytes a template writes outside sections and partials.
  private func staticSize(of template: Int) -> Int {
    var size = 0
    var index = entries[template].lowerBound
    while index < entries[template].upperBound {
      switch ops[index] {
      case .text(_, let count, _):
        size += Int(count)
        index += 1
      case .section(_, _, let end):
        index = Int(end)
      case .variable, .partial:
        index += 1
      }
    }
    return size
  }

  /// How many sections are around each op of `range` (one template's ops).
  private func sectionDepths(in range: Range<Int>) -> [UInt8] {
    var ends: [Int] = []
    return range.map { index in
      while let end = ends.last, end <= index {
        ends.removeLast()
      }
      // At most MustacheParser.maximumSectionDepth.
      let depth = UInt8(clamping: ends.count)
      if case .section(_, _, let end) = ops[index] {
        ends.append(Int(end))
      }
      return depth
    }
  }

  private mutating func compile(_ nodes: [MustacheNode], templateNumber: (String) -> Int) {
    // Only text appended right after text may merge; a section's body must not absorb the text after it.
    var previousWasText = false
    for node in nodes {
      switch node {
      case .text(let text):
        let start = bytes.count
        let firstLineFeed = Int32(lineFeeds.count)
        for byte in text.utf8 {
          if byte == UInt8(ascii: "\n") {
            lineFeeds.append(Int32(bytes.count))
          }
          bytes.append(byte)
        }
        if previousWasText, case .text(let lastStart, let lastCount, let lastLineFeed) = ops[ops.count - 1] {
          ops[ops.count - 1] = .text(
            start: lastStart, count: lastCount + Int32(bytes.count - start), firstLineFeed: lastLineFeed)
        } else {
          ops.append(.text(start: Int32(start), count: Int32(bytes.count - start), firstLineFeed: firstLineFeed))
        }
        previousWasText = true
        continue
      case .variable(let name, let escaped, _):
        ops.append(.variable(path: pathIndex(for: name), escaped: escaped))
      case .section(let name, let inverted, let body, _):
        let sectionIndex = ops.count
        let path = pathIndex(for: name)
        ops.append(.section(path: path, inverted: inverted, end: 0))
        compile(body, templateNumber: templateNumber)
        ops[sectionIndex] = .section(path: path, inverted: inverted, end: Int32(ops.count))
      case .partial(let name, let indentation, let location):
        partialLocations[ops.count] = location
        let start = bytes.count
        bytes.append(contentsOf: (indentation ?? "").utf8)
        ops.append(
          .partial(
            template: Int32(templateNumber(name)), indentationStart: Int32(start),
            indentationCount: Int32(bytes.count - start)))
      }
      previousWasText = false
    }
  }

  private mutating func pathIndex(for name: String) -> Int32 {
    let path = TemplatePath(name: name)
    if let index = pathIndices[path] { return index }
    let index = Int32(paths.count)
    let keyStart = Int32(pathKeys.count)
    for key in path.keys {
      if let number = keyNumbers[key] {
        pathKeys.append(number)
      } else {
        let number = Int32(keyNames.count)
        keyNames.append(key)
        keyNumbers[key] = number
        pathKeys.append(number)
      }
    }
    paths.append(CompiledPath(anchor: path.anchor, keyStart: keyStart, keyCount: Int32(path.keys.count)))
    pathIndices[path] = index
    return index
  }
}

/// A ``TemplatePath`` with its parts as key numbers.
public struct CompiledPath: Sendable {
  public var anchor: TemplatePath.Anchor
  public var keyStart: Int32
  public var keyCount: Int32
}

/// The compiled templates as the renderer reads them, borrowed for one render: non-escapable, as its views are.
public struct RenderProgram: ~Escapable {
  public let ops: ReadView<RenderOp>
  public let bytes: ReadView<UInt8>
  public let lineFeeds: ReadView<Int32>
  public let paths: ReadView<CompiledPath>
  public let pathKeys: ReadView<Int32>
  public let entries: ReadView<Range<Int>>
  /// Per op, the sections around it in its template.
  public let nesting: ReadView<UInt8>

  @_lifetime(copy ops, copy bytes, copy lineFeeds, copy paths, copy pathKeys, copy entries, copy nesting)
  init(
    ops: ReadView<RenderOp>, bytes: ReadView<UInt8>, lineFeeds: ReadView<Int32>, paths: ReadView<CompiledPath>,
    pathKeys: ReadView<Int32>, entries: ReadView<Range<Int>>, nesting: ReadView<UInt8>
  ) {
    self.ops = ops
    self.bytes = bytes
    self.lineFeeds = lineFeeds
    self.paths = paths
    self.pathKeys = pathKeys
    self.entries = entries
    self.nesting = nesting
  }
}

/// Rendering stopped at partial op number `op`: it would have nested deeper than
/// ``CompiledTemplates/maximumRenderDepth``.
public struct RenderTooDeep: Error, Sendable {
  public var op: Int
}
