/// Bound loops: a loop over a table's rows resolves each name once for all items (see ``bind(_:sample:depth:)``).
extension TemplateRenderer {
  /// Decides, for a loop over a list whose items share a shape, what each op of `range` reads, with `sample` (the
  /// first item) standing for every item. A name the item answers is read from each item; any other resolves in
  /// the frames below the item, which stay the same for the whole loop, so it resolves once, now. Answers false
  /// (the loop runs generic) where an item would be pushed or the stack walked per item: a section that pushes
  /// (a list, or text or an object not inverted), a dotted name found in the item, an indented partial.
  mutating func bind(_ range: Range<Int>, sample: Model.Value, depth: Int) -> Bool {
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
  mutating func binding(of pathIndex: Int, sample: Model.Value) -> LoopBinding<Model.Value>? {
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
  mutating func runBound(_ range: Range<Int>, item: Model.Value) {
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
}
