import PMBoardBytes
import PMBoardCore

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
@safe public struct TemplateRenderer<Model: RenderModel>: ~Copyable {
  private static var lineFeed: UInt8 { UInt8(ascii: "\n") }
  private static var carriageReturn: UInt8 { UInt8(ascii: "\r") }

  private let program: RenderProgram
  private let model: Model
  /// Where output goes.
  public private(set) var output: ByteWriter
  /// The context stack, innermost last; reused by every section, so iterations do not allocate.
  private var stack: ContextStack<Model.Value>
  /// Indentation of nested standalone partials: the current one is the first `indent` bytes.
  private var indentation: [UInt8] = []
  /// A streaming render hands output on once this many bytes are pending (`Int.max`: never).
  private let chunk: Int
  private let emit: ((UnsafeBufferPointer<UInt8>) -> Void)?
  /// Twin pages: what the page template's own sections wrote, recorded when `recordsSections`.
  public private(set) var sections: [SectionSpan] = []
  private let recordsSections: Bool
  /// Keys looked up in a page-level frame (``RenderModel/isPageLevel(_:)``) while a section is recorded.
  private var pageKeys: Set<Int32>?
  /// Sections (by op) whose bytes the twin page already wrote: `splice` copies them instead of rendering.
  private let reuse: [Int: Range<Int>]
  private let splice: ((Range<Int>) -> Void)?
  /// Per op, what it reads in the loop that runs bound (``bind(_:sample:depth:)``); allocated on the first such
  /// loop. Bound loops never nest (a list section inside one keeps it generic), so one table serves them all.
  private var bindings: UnsafeMutablePointer<LoopBinding<Model.Value>>?

  public init(
    program: RenderProgram, model: Model, capacity: Int, chunk: Int = .max,
    emit: ((UnsafeBufferPointer<UInt8>) -> Void)? = nil, twin: TwinPages = .none
  ) {
    self.program = program
    self.model = model
    self.output = ByteWriter(capacity: capacity)
    self.stack = ContextStack(root: model.root)
    self.chunk = unsafe emit == nil ? .max : chunk
    unsafe self.emit = unsafe emit
    switch twin {
    case .none:
      (recordsSections, reuse, splice) = (false, [:], nil)
    case .record:
      (recordsSections, reuse, splice) = (true, [:], nil)
    case .reuse(let spans, let copy):
      (recordsSections, reuse, splice) = unsafe (false, spans, emit == nil ? nil : copy)
    }
  }

  deinit {
    if let bindings = unsafe bindings {
      unsafe bindings.deinitialize(count: program.ops.count)
      unsafe bindings.deallocate()
    }
  }

  public mutating func render(template: Int) {
    let range = unsafe program.entries[template]
    guard recordsSections || splice != nil else {
      run(range, indent: 0)
      return
    }
    // The page template's own ops, at indentation 0: what a section there writes depends on nothing written
    // before it, so a twin page can copy it.
    var index = range.lowerBound
    while index < range.upperBound {
      guard case .section(_, _, let end) = unsafe program.ops[index] else {
        index = execute(at: index, indent: 0)
        continue
      }
      if let bytes = reuse[index], let splice, let emit = unsafe emit {
        unsafe output.flush(keeping: 0, to: emit)
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
  private mutating func run(_ range: Range<Int>, indent: Int) {
    if indent == 0 {
      var index = range.lowerBound
      while index < range.upperBound {
        index = execute(at: index, indent: 0)
      }
    } else {
      runIndented(range, indent: indent)
    }
  }

  private mutating func runIndented(_ range: Range<Int>, indent: Int) {
    let frameStart = output.count
    var index = range.lowerBound
    while index < range.upperBound {
      if case .text(let start, let count, let firstLineFeed) = unsafe program.ops[index] {
        // Merged text: each swift-mustache text token ends at a line feed, so split there.
        var pieceStart = Int(start)
        let end = pieceStart + Int(count)
        var lineFeed = Int(firstLineFeed)
        while pieceStart < end {
          var pieceEnd = end
          if unsafe lineFeed < program.lineFeeds.count, unsafe Int(program.lineFeeds[lineFeed]) < end {
            pieceEnd = unsafe Int(program.lineFeeds[lineFeed]) + 1
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
  private func endsLine(since frameStart: Int) -> Bool {
    let count = output.count
    guard count > frameStart, output[count - 1] == Self.lineFeed else { return false }
    return count - 2 < frameStart || output[count - 2] != Self.carriageReturn
  }

  private mutating func appendIndentation(_ indent: Int) {
    // Indentation is a few spaces: byte by byte beats setting up a bulk copy.
    for index in 0..<indent {
      output.appendByte(indentation[index])
    }
  }

  private mutating func append(bytes range: Range<Int>) {
    // swift-format-ignore: NeverForceUnwrap
    unsafe output.appendBytes(program.bytes.baseAddress! + range.lowerBound, count: range.count)
  }

  // MARK: - Ops

  /// Executes the op at `index` and returns the index of the next op.
  private mutating func execute(at index: Int, indent: Int) -> Int {
    switch unsafe program.ops[index] {
    case .text(let start, let count, _):
      // swift-format-ignore: NeverForceUnwrap
      unsafe output.appendBytes(program.bytes.baseAddress! + Int(start), count: Int(count))
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
      var indent = indent
      if indentationCount > 0 {
        // Nested partials indent by the sum of their indentations; the stack discipline keeps outer prefixes.
        indentation.removeSubrange(indent...)
        let start = Int(indentationStart)
        unsafe indentation.append(
          contentsOf: UnsafeBufferPointer(rebasing: program.bytes[start..<start + Int(indentationCount)]))
        indent += Int(indentationCount)
      }
      unsafe run(program.entries[Int(template)], indent: indent)
      return index + 1
    }
  }

  private mutating func renderSection(_ body: Range<Int>, for value: Model.Value?, indent: Int) {
    guard let value else { return }
    switch model.behaviour(of: value) {
    case .falseFlag:
      return
    case .trueFlag:
      run(body, indent: indent)
    case .list(let count):
      if indent == 0, count > 0, model.itemsShareShape(value), bind(body, sample: model.item(0, of: value), depth: 0) {
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

  private mutating func renderInverted(_ body: Range<Int>, for value: Model.Value?, indent: Int) {
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

  // MARK: - Bound loops

  /// Decides, for a loop over a list whose items share a shape, what each op of `range` reads, with `sample` (the
  /// first item) standing for every item. A name the item answers is read from each item; any other resolves in
  /// the frames below the item, which stay the same for the whole loop, so it resolves once, now. Answers false
  /// (the loop runs generic) where an item would be pushed or the stack walked per item: a section that pushes
  /// (a list, or text or an object not inverted), a dotted name found in the item, an indented partial.
  private mutating func bind(_ range: Range<Int>, sample: Model.Value, depth: Int) -> Bool {
    // Deeper partials are rare enough to render generic, and the limit stops a partial that includes itself.
    guard depth < 8, pageKeys == nil || !model.isPageLevel(sample) else { return false }
    let table = unsafe bindingTable()
    var index = range.lowerBound
    while index < range.upperBound {
      switch unsafe program.ops[index] {
      case .text:
        index += 1
      case .variable(let path, _):
        guard let binding = binding(of: Int(path), sample: sample) else { return false }
        unsafe table[index] = binding
        index += 1
      case .section(let path, let inverted, let end):
        guard let binding = binding(of: Int(path), sample: sample) else { return false }
        if let value = binding.value(item: sample, model: model) {
          switch model.behaviour(of: value) {
          case .trueFlag, .falseFlag: break
          case .value: guard inverted else { return false }
          case .list: return false
          }
        }
        unsafe table[index] = binding
        guard bind(index + 1..<Int(end), sample: sample, depth: depth) else { return false }
        index = Int(end)
      case .partial(let template, _, let indentationCount):
        guard indentationCount == 0, unsafe bind(program.entries[Int(template)], sample: sample, depth: depth + 1)
        else {
          return false
        }
        index += 1
      }
    }
    return true
  }

  /// What path number `pathIndex` reads in a bound loop, or nil if it cannot be bound.
  private mutating func binding(of pathIndex: Int, sample: Model.Value) -> LoopBinding<Model.Value>? {
    let path = unsafe program.paths[pathIndex]
    // Only the implicit iterator has no parts.
    var first: Int { unsafe Int(program.pathKeys[Int(path.keyStart)]) }
    switch path.anchor {
    case .implicitIterator:
      return .itself
    case .top:
      return path.keyCount == 1 ? .field(first) : nil
    case .stack:
      if model.lookup(first, in: sample) != nil {
        return path.keyCount == 1 ? .field(first) : nil
      }
      // The stack as it is before the loop pushes anything: what the item does not answer, as a walk would find.
      return .constant(resolve(pathIndex))
    }
  }

  /// The loop bindings, one slot per op, allocated on first use.
  mutating func bindingTable() -> UnsafeMutablePointer<LoopBinding<Model.Value>> {
    if let table = unsafe bindings { return unsafe table }
    let table = unsafe UnsafeMutablePointer<LoopBinding<Model.Value>>.allocate(capacity: program.ops.count)
    unsafe table.initialize(repeating: .itself, count: program.ops.count)
    unsafe bindings = unsafe table
    return unsafe table
  }

  /// ``run(_:indent:)`` for one item of a bound loop, at indentation 0: the same output without the stack.
  private mutating func runBound(_ range: Range<Int>, item: Model.Value) {
    let table = unsafe bindingTable()
    var index = range.lowerBound
    while index < range.upperBound {
      switch unsafe program.ops[index] {
      case .text(let start, let count, _):
        // swift-format-ignore: NeverForceUnwrap
        unsafe output.appendBytes(program.bytes.baseAddress! + Int(start), count: Int(count))
        index += 1
      case .variable(_, let escaped):
        if let value = unsafe table[index].value(item: item, model: model) {
          model.write(value, escaped: escaped, into: &output)
        }
        index += 1
      case .section(_, let inverted, let end):
        var renders = inverted
        if let value = unsafe table[index].value(item: item, model: model) {
          switch model.behaviour(of: value) {
          case .trueFlag: renders = !inverted
          case .falseFlag: renders = inverted
          // Bound only when inverted, which renders nothing for text or an object; lists are never bound.
          case .value, .list: renders = false
          }
        }
        if renders {
          runBound(index + 1..<Int(end), item: item)
        }
        index = Int(end)
      case .partial(let template, _, _):
        unsafe runBound(program.entries[Int(template)], item: item)
        index += 1
      }
    }
  }

  /// Hands pending output on, keeping what indentation bookkeeping may still read or take back: the last two
  /// bytes (line end checks) and as many as any active indentation.
  @inline(never)
  private mutating func handOn() {
    guard let emit = unsafe emit else { return }
    unsafe output.flush(keeping: indentation.count + 2, to: emit)
  }

  /// Resolves path number `pathIndex`; while a section is recorded, notes the keys read in page-level frames.
  private mutating func resolve(_ pathIndex: Int) -> Model.Value? {
    let path = unsafe program.paths[pathIndex]
    // swift-format-ignore: NeverForceUnwrap
    // Plain pointer arithmetic: a rebased slice checked its range on every lookup.
    let keys = unsafe UnsafeBufferPointer(
      start: program.pathKeys.baseAddress! + Int(path.keyStart), count: Int(path.keyCount))
    let recording = pageKeys != nil
    switch path.anchor {
    case .implicitIterator:
      if recording { notePageRead(-1, in: stack.top) }
      return stack.top
    case .top:
      if recording { unsafe notePageRead(keys[0], in: stack.top) }
      return unsafe Self.descend(model, from: stack.top, through: keys)
    case .stack:
      let first = unsafe Int(keys[0])
      var level = stack.count - 1
      while level >= 0 {
        if recording { unsafe notePageRead(keys[0], in: stack[level]) }
        if let found = model.lookup(first, in: stack[level]) {
          // Once the first part is found, the rest must be in it: no further walk down the stack (as in the spec).
          return unsafe keys.count == 1 ? found : Self.descend(model, from: found, through: keys.extracting(1...))
        }
        level -= 1
      }
      return nil
    }
  }

  /// Notes key number `key` (-1: the frame itself) as read, if `frame` is page-level (``TwinPages``).
  @inline(never)
  private mutating func notePageRead(_ key: Int32, in frame: Model.Value) {
    if model.isPageLevel(frame) { pageKeys?.insert(key) }
  }

  /// Static, so that calling it from a mutating method does not copy the renderer (a `memcpy` of its fields).
  private static func descend(_ model: Model, from value: Model.Value, through keys: UnsafeBufferPointer<Int32>)
    -> Model.Value?
  {
    var value = value
    for position in 0..<keys.count {
      guard let child = model.lookup(Int(unsafe keys[position]), in: value) else { return nil }
      value = child
    }
    return value
  }
}

/// What a top-level section of a recorded page wrote, and which page-level keys it read.
public struct SectionSpan {
  public var op: Int
  public var bytes: Range<Int>
  /// Key numbers read from a page-level frame; -1 for `{{.}}` of one.
  public var pageKeys: Set<Int32>
}

/// Two pages rendered from one template that differ only in page-level values (the default locale's board and
/// the root index): the first records its sections, the second copies those whose page keys read the same.
public enum TwinPages {
  case none
  case record
  /// Copy these sections' bytes (ranges in the first page's output) with the closure instead of rendering them.
  case reuse([Int: Range<Int>], copy: (Range<Int>) -> Void)
}

/// What an op reads in a bound loop (``TemplateRenderer``).
public enum LoopBinding<Value> {
  /// The item's value for key number `n`.
  case field(Int)
  /// The item itself (`{{.}}`).
  case itself
  /// The same value for every item, resolved before the loop (nil: the name is missing).
  case constant(Value?)

  public func value<Model: RenderModel>(item: Value, model: Model) -> Value? where Model.Value == Value {
    switch self {
    case .field(let key): model.lookup(key, in: item)
    case .itself: item
    case .constant(let value): value
    }
  }
}
