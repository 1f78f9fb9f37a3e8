import PMBoardBytes

/// Runs the ops of ``CompiledTemplates`` for one render call, appending to a byte buffer.
///
/// Semantics follow swift-mustache 2.1.1's `Template+Render.swift`:
/// - sections: a list repeats its body once per element (pushed on the stack); `true` renders the body without
///   pushing; text, numbers and objects are pushed (even empty text and zero are truthy); `false` and missing
///   names render nothing;
/// - inverted sections render for a missing name, `false`, or an empty list (which swift-mustache pushes);
/// - `{{name}}` writes text (escaped unless raw), `true`/`false`, or decimal digits; lists and objects write
///   nothing (swift-mustache would write Swift's debug description of its dictionaries there).
///
/// Partial indentation copies swift-mustache exactly, quirks included: each render of a token list (a template,
/// one section iteration, a partial) starts fresh, and writes the indentation before a token only when that
/// token writes something and this render's output so far ends with "\n" (not "\r\n").
public struct TemplateRenderer<Model: RenderModel & ~Escapable>: ~Copyable, ~Escapable {
  static var lineFeed: UInt8 { UInt8(ascii: "\n") }
  static var carriageReturn: UInt8 { UInt8(ascii: "\r") }

  let program: RenderProgram
  let model: Model
  /// Where output goes.
  public internal(set) var output: ByteWriter
  /// The context stack, innermost last; reused by every section, so iterations do not allocate.
  var stack: ContextStack<Model.Value>
  /// Indentation of nested standalone partials: the current one is the first `indent` bytes.
  var indentation: [UInt8] = []
  /// A streaming render hands output on once this many bytes are pending (`Int.max`: never).
  let chunk: Int
  let emit: ((Span<UInt8>) -> Void)?
  /// Twin pages: what the page template's own sections wrote, recorded when `recordsSections`.
  public internal(set) var sections: [SectionSpan] = []
  let recordsSections: Bool
  /// Keys looked up in a page-level frame (``RenderModel/isPageLevel(_:)``) while a section is recorded.
  var pageKeys: Set<Int32>?
  /// Sections (by op) whose bytes the twin page already wrote: `splice` copies them instead of rendering.
  let reuse: [Int: Range<Int>]
  let splice: ((Range<Int>) -> Void)?
  /// Per op, what it reads in the loop that runs bound (``bind(_:sample:depth:)``); allocated on the first such
  /// loop. Bound loops never nest (a list section inside one runs generic, with ``inNestedList`` set), so one table
  /// serves them all.
  var bindings = ScratchTable<LoopBinding<Model.Value>>()
  /// Per op, whether it is a list section inside a bound loop: its value is bound, its body runs generic with the
  /// loop's item pushed (a card's labels inside the loop over a column's cards).
  var nestedLists = ScratchTable<Bool>()
  /// True while such a body runs: no loop inside it binds, so the enclosing loop's bindings stay as they are.
  var inNestedList = false
  /// The partials entered, plus the sections around each one's tag (``CompiledTemplates/maximumRenderDepth``).
  var depth = 0
  /// The depth a partial may reach; -1 once one went too deep, so that no further partial renders and a
  /// recursion that fans out (a list at each level) stops at once rather than after every branch hits the limit.
  var depthLimit = CompiledTemplates.maximumRenderDepth
  /// The partial op that went too deep, if one did; the output is then incomplete.
  public internal(set) var tooDeep: Int?

  @_lifetime(copy program, copy model)
  public init(
    program: RenderProgram, model: Model, capacity: Int, chunk: Int = .max,
    emit: ((Span<UInt8>) -> Void)? = nil, twin: TwinPages = .none
  ) {
    self.program = program
    self.model = model
    self.output = ByteWriter(capacity: capacity)
    self.stack = ContextStack(root: model.root)
    self.chunk = emit == nil ? .max : chunk
    self.emit = emit
    switch twin {
    case .none:
      (recordsSections, reuse, splice) = (false, [:], nil)
    case .record:
      (recordsSections, reuse, splice) = (true, [:], nil)
    case .reuse(let spans, let copy):
      (recordsSections, reuse, splice) = (false, spans, emit == nil ? nil : copy)
    }
  }

  public mutating func render(template: Int) {
    let range = program.entries[template]
    guard recordsSections || splice != nil else {
      run(range, indent: 0)
      return
    }
    // The page template's own ops, at indentation 0: what a section there writes depends on nothing written
    // before it, so a twin page can copy it.
    var index = range.lowerBound
    while index < range.upperBound {
      guard case .section(_, _, let end) = program.ops[index] else {
        index = execute(at: index, indent: 0)
        continue
      }
      if let bytes = reuse[index], let splice, let emit = emit {
        output.flush(keeping: 0, to: emit)
        splice(bytes)
        index = Int(end)
      } else if recordsSections {
        let start = output.count
        pageKeys = []
        let next = execute(at: index, indent: 0)
        sections.append(SectionSpan(op: index, bytes: start..<output.count, pageKeys: pageKeys ?? []))
        pageKeys = nil
        index = next
      } else {
        index = execute(at: index, indent: 0)
      }
    }
  }

  // MARK: - Token lists

  /// Renders `range` as one swift-mustache token-list render, indented by the first `indent` indentation bytes.
  mutating func run(_ range: Range<Int>, indent: Int) {
    if indent == 0 {
      var index = range.lowerBound
      while index < range.upperBound {
        index = execute(at: index, indent: 0)
      }
    } else {
      runIndented(range, indent: indent)
    }
  }

  mutating func runIndented(_ range: Range<Int>, indent: Int) {
    let frameStart = output.count
    var index = range.lowerBound
    while index < range.upperBound {
      if case .text(let start, let count, let firstLineFeed) = program.ops[index] {
        // Merged text: each swift-mustache text token ends at a line feed, so split there.
        var pieceStart = Int(start)
        let end = pieceStart + Int(count)
        var lineFeed = Int(firstLineFeed)
        while pieceStart < end {
          var pieceEnd = end
          if lineFeed < program.lineFeeds.count, Int(program.lineFeeds[lineFeed]) < end {
            pieceEnd = Int(program.lineFeeds[lineFeed]) + 1
            lineFeed += 1
          }
          if endsLine(since: frameStart) {
            appendIndentation(indent)
          }
          append(bytes: pieceStart..<pieceEnd)
          pieceStart = pieceEnd
        }
        index += 1
      } else if endsLine(since: frameStart) {
        // Write the indentation first and take it back if the token turns out empty: cheaper than inserting.
        appendIndentation(indent)
        let contentStart = output.count
        index = execute(at: index, indent: indent)
        if output.count == contentStart {
          output.removeLast(indent)
        }
      } else {
        index = execute(at: index, indent: indent)
      }
    }
  }

  /// Whether this render's output so far ends with a "\n" that is not part of "\r\n" (swift-mustache compares
  /// the last `Character` with "\n").
  func endsLine(since frameStart: Int) -> Bool {
    let count = output.count
    guard count > frameStart, output[count - 1] == Self.lineFeed else { return false }
    return count - 2 < frameStart || output[count - 2] != Self.carriageReturn
  }

  mutating func appendIndentation(_ indent: Int) {
    // Indentation is a few spaces: byte by byte beats setting up a bulk copy.
    for index in 0..<indent {
      output.appendByte(indentation[index])
    }
  }

  mutating func append(bytes range: Range<Int>) {
    output.append(program.bytes, range)
  }

  // MARK: - Ops

  /// Executes the op at `index` and returns the index of the next op.
  mutating func execute(at index: Int, indent: Int) -> Int {
    switch program.ops[index] {
    case .text(let start, let count, _):
      output.append(program.bytes, Int(start)..<Int(start) + Int(count))
      return index + 1
    case .variable(let path, let escaped):
      if let value = resolve(Int(path)) {
        model.write(value, escaped: escaped, into: &output)
      }
      return index + 1
    case .section(let path, let inverted, let end):
      let body = index + 1..<Int(end)
      let value = resolve(Int(path))
      if inverted {
        renderInverted(body, for: value, indent: indent)
      } else {
        renderSection(body, for: value, indent: indent)
      }
      return Int(end)
    case .partial(let template, let indentationStart, let indentationCount):
      let outer = depth
      depth += Int(program.nesting[index]) + 1
      guard depth <= depthLimit else {
        stopTooDeep(at: index)
        depth = outer
        return index + 1
      }
      var indent = indent
      if indentationCount > 0 {
        // Nested partials indent by the sum of their indentations; the stack discipline keeps outer prefixes.
        indentation.removeSubrange(indent...)
        let start = Int(indentationStart)
        program.bytes.forEach(in: start..<start + Int(indentationCount)) { indentation.append($0) }
        indent += Int(indentationCount)
      }
      run(program.entries[Int(template)], indent: indent)
      depth = outer
      return index + 1
    }
  }

  /// Records the partial op that went too deep and refuses every partial after it.
  @inline(never)
  mutating func stopTooDeep(at index: Int) {
    if tooDeep == nil { tooDeep = index }
    depthLimit = -1
  }

  mutating func renderSection(_ body: Range<Int>, for value: Model.Value?, indent: Int) {
    guard let value else { return }
    switch model.behaviour(of: value) {
    case .falseFlag:
      return
    case .trueFlag:
      run(body, indent: indent)
    case .list(let count):
      if indent == 0, count > 0, !inNestedList, model.itemsShareShape(value),
        bind(body, sample: model.item(0, of: value), depth: 0)
      {
        for index in 0..<count {
          runBound(body, item: model.item(index, of: value))
          if output.pending >= chunk {
            handOn()
          }
        }
        return
      }
      for index in 0..<count {
        stack.push(model.item(index, of: value))
        run(body, indent: indent)
        stack.pop()
        if output.pending >= chunk {
          handOn()
        }
      }
    case .value:
      stack.push(value)
      run(body, indent: indent)
      stack.pop()
    }
  }

  mutating func renderInverted(_ body: Range<Int>, for value: Model.Value?, indent: Int) {
    guard let value else {
      run(body, indent: indent)
      return
    }
    switch model.behaviour(of: value) {
    case .falseFlag:
      run(body, indent: indent)
    case .list(let count) where count == 0:
      // swift-mustache pushes the empty list; that matters only to `{{.}}`, which writes nothing for lists here.
      stack.push(value)
      run(body, indent: indent)
      stack.pop()
    default:
      return
    }
  }

  /// Hands pending output on, keeping what indentation bookkeeping may still read or take back: the last two
  /// bytes (line end checks) and as many as any active indentation.
  @inline(never)
  mutating func handOn() {
    guard let emit = emit else { return }
    output.flush(keeping: indentation.count + 2, to: emit)
  }

  /// Resolves path number `pathIndex`; while a section is recorded, notes the keys read in page-level frames.
  mutating func resolve(_ pathIndex: Int) -> Model.Value? {
    let path = program.paths[pathIndex]
    let keys = program.pathKeys.extracting(Int(path.keyStart)..<Int(path.keyStart) + Int(path.keyCount))
    let recording = pageKeys != nil
    switch path.anchor {
    case .implicitIterator:
      if recording { notePageRead(-1, in: stack.top) }
      return stack.top
    case .top:
      if recording { notePageRead(keys[0], in: stack.top) }
      return Self.descend(model, from: stack.top, through: keys)
    case .stack:
      let first = Int(keys[0])
      var level = stack.count - 1
      while level >= 0 {
        if recording { notePageRead(keys[0], in: stack[level]) }
        if let found = model.lookup(first, in: stack[level]) {
          // Once the first part is found, the rest must be in it: no further walk down the stack (as in the spec).
          return keys.count == 1 ? found : Self.descend(model, from: found, through: keys.extracting(1..<keys.count))
        }
        level -= 1
      }
      return nil
    }
  }

  /// Notes key number `key` (-1: the frame itself) as read, if `frame` is page-level (``TwinPages``).
  @inline(never)
  mutating func notePageRead(_ key: Int32, in frame: Model.Value) {
    if model.isPageLevel(frame) { pageKeys?.insert(key) }
  }

  /// Static, so that calling it from a mutating method does not copy the renderer (a `memcpy` of its fields).
  static func descend(_ model: Model, from value: Model.Value, through keys: ReadView<Int32>)
    -> Model.Value?
  {
    var value = value
    for position in 0..<keys.count {
      guard let child = model.lookup(Int(keys[position]), in: value) else { return nil }
      value = child
    }
    return value
  }
}
