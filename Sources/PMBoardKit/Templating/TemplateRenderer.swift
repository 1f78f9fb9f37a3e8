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
struct TemplateRenderer: ~Copyable {
  private static let lineFeed = UInt8(ascii: "\n")
  private static let carriageReturn = UInt8(ascii: "\r")

  private let ops: UnsafeBufferPointer<RenderOp>
  private let bytes: UnsafeBufferPointer<UInt8>
  private let lineFeeds: [Int32]
  private let paths: [TemplatePath]
  private let entries: [Range<Int>]
  /// Where output goes.
  private(set) var output: ByteWriter
  /// The context stack, innermost last; reused by every section, so iterations do not allocate.
  private var stack: [TemplateValue]
  /// Indentation of nested standalone partials: the current one is the first `indent` bytes.
  private var indentation: [UInt8] = []

  init(
    ops: UnsafeBufferPointer<RenderOp>, bytes: UnsafeBufferPointer<UInt8>, lineFeeds: [Int32],
    paths: [TemplatePath], entries: [Range<Int>], root: any TemplateContext, capacity: Int
  ) {
    self.ops = ops
    self.bytes = bytes
    self.lineFeeds = lineFeeds
    self.paths = paths
    self.entries = entries
    self.output = ByteWriter(capacity: capacity)
    self.stack = [.object(root)]
    self.stack.reserveCapacity(16)
  }

  mutating func render(template: Int) {
    run(entries[template], indent: 0)
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
      if case .text(let start, let count, let firstLineFeed) = ops[index] {
        // Merged text: each swift-mustache text token ends at a line feed, so split there.
        var pieceStart = Int(start)
        let end = pieceStart + Int(count)
        var lineFeed = Int(firstLineFeed)
        while pieceStart < end {
          var pieceEnd = end
          if lineFeed < lineFeeds.count, Int(lineFeeds[lineFeed]) < end {
            pieceEnd = Int(lineFeeds[lineFeed]) + 1
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
    output.appendBytes(UnsafeBufferPointer(rebasing: bytes[range]))
  }

  // MARK: - Ops

  /// Executes the op at `index` and returns the index of the next op.
  private mutating func execute(at index: Int, indent: Int) -> Int {
    switch ops[index] {
    case .text(let start, let count, _):
      append(bytes: Int(start)..<Int(start) + Int(count))
      return index + 1
    case .variable(let path, let escaped):
      if let value = resolve(paths[Int(path)]) {
        write(value, escaped: escaped)
      }
      return index + 1
    case .section(let path, let inverted, let end):
      let body = index + 1..<Int(end)
      let value = resolve(paths[Int(path)])
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
        indentation.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<start + Int(indentationCount)]))
        indent += Int(indentationCount)
      }
      run(entries[Int(template)], indent: indent)
      return index + 1
    }
  }

  private mutating func renderSection(_ body: Range<Int>, for value: TemplateValue?, indent: Int) {
    switch value {
    case .none, .bool(false):
      return
    case .bool(true):
      run(body, indent: indent)
    case .list(let items):
      for item in items {
        stack.append(.object(item))
        run(body, indent: indent)
        stack.removeLast()
      }
    case .some(let value):
      stack.append(value)
      run(body, indent: indent)
      stack.removeLast()
    }
  }

  private mutating func renderInverted(_ body: Range<Int>, for value: TemplateValue?, indent: Int) {
    switch value {
    case .none, .bool(false):
      run(body, indent: indent)
    case .list(let items) where items.isEmpty:
      // swift-mustache pushes the empty list; that matters only to `{{.}}`, which writes nothing for lists here.
      stack.append(.list(items))
      run(body, indent: indent)
      stack.removeLast()
    default:
      return
    }
  }

  private func resolve(_ path: TemplatePath) -> TemplateValue? {
    switch path.anchor {
    case .implicitIterator:
      return stack.last
    case .top:
      return stack.last.flatMap { Self.descend(from: $0, through: path.keys[...]) }
    case .stack:
      let first = path.keys[0]
      var level = stack.count - 1
      while level >= 0 {
        if case .object(let context) = stack[level], let found = context.templateValue(forKey: first) {
          // Once the first part is found, the rest must be in it: no further walk down the stack (as in the spec).
          return path.keys.count == 1 ? found : Self.descend(from: found, through: path.keys.dropFirst())
        }
        level -= 1
      }
      return nil
    }
  }

  private static func descend(from value: TemplateValue, through keys: ArraySlice<String>) -> TemplateValue? {
    var value = value
    for key in keys {
      guard case .object(let context) = value, let child = context.templateValue(forKey: key) else { return nil }
      value = child
    }
    return value
  }

  private mutating func write(_ value: TemplateValue, escaped: Bool) {
    switch value {
    case .text(let text):
      if escaped {
        HTMLEscaper.appendEscaped(text, into: &output)
      } else {
        HTMLEscaper.appendRaw(text, into: &output)
      }
    case .bool(let flag):
      let text: StaticString = flag ? "true" : "false"
      output.appendBytes(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    case .number(let number):
      Self.appendDecimal(number, to: &output)
    case .list, .object:
      return
    }
  }

  /// Decimal digits without going through `String`, the same text as `String(describing:)`.
  private static func appendDecimal(_ number: Int, to output: inout ByteWriter) {
    if number >= 0, number < 10 {
      output.appendByte(UInt8(truncatingIfNeeded: number) &+ UInt8(ascii: "0"))
      return
    }
    if number < 0 {
      output.appendByte(UInt8(ascii: "-"))
    }
    var magnitude = number.magnitude
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = digits.count
      repeat {
        start -= 1
        digits[start] = UInt8(truncatingIfNeeded: magnitude % 10) &+ UInt8(ascii: "0")
        magnitude /= 10
      } while magnitude > 0
      output.appendBytes(UnsafeBufferPointer(rebasing: digits[start...]))
    }
  }
}
