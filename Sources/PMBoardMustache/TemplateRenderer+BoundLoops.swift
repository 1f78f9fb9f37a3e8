/// Bound loops: a loop over a table's rows resolves each name once for all items (see ``bind(_:sample:depth:)``).
extension TemplateRenderer where Model: ~Escapable {
  /// Decides, for a loop over a list whose items share a shape, what each op of `range` reads, with `sample` (the
  /// first item) standing for every item. A name the item answers is read from each item; any other resolves in
  /// the frames below the item, which stay the same for the whole loop, so it resolves once, now. Answers false
  /// (the loop runs generic) where an item would be pushed or the stack walked per item: a section that pushes
  /// (text or an object not inverted, an inverted list, a list whose body has sections or partials), a dotted name
  /// found in the item, an indented partial. A list section of text and names only stays in a bound loop: its
  /// value is bound and its body runs generic, with the item pushed (``runNested(_:value:item:)``).
  mutating func bind(_ range: Range<Int>, sample: Model.Value, depth: Int) -> Bool {
    // Deeper partials are rare enough to render generic, and the limit stops a partial that includes itself.
    guard depth < 8, pageKeys == nil || !model.isPageLevel(sample) else { return false }
    prepareBindings()
    var index = range.lowerBound
    while index < range.upperBound {
      switch program.ops[index] {
      case .text:
        index += 1
      case .variable(let path, _):
        guard let binding = binding(of: Int(path), sample: sample) else { return false }
        bindings[index] = binding
        index += 1
      case .section(let path, let inverted, let end):
        guard let binding = binding(of: Int(path), sample: sample) else { return false }
        nestedLists[index] = false
        if let value = binding.value(item: sample, model: model) {
          switch model.behaviour(of: value) {
          case .trueFlag, .falseFlag: break
          case .value: guard inverted else { return false }
          case .list:
            // Only a list whose body is text and names (a card's labels): a loop with loops inside stays generic,
            // so that the innermost big loop (the cards, not the columns) is the one bound.
            guard !inverted, isFlat(index + 1..<Int(end)) else { return false }
            nestedLists[index] = true
          }
        }
        bindings[index] = binding
        if nestedLists[index] {
          index = Int(end)
          continue
        }
        guard bind(index + 1..<Int(end), sample: sample, depth: depth) else { return false }
        index = Int(end)
      case .partial(let template, _, let indentationCount):
        guard indentationCount == 0, bind(program.entries[Int(template)], sample: sample, depth: depth + 1)
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
    let path = program.paths[pathIndex]
    // Only the implicit iterator has no parts.
    var first: Int { Int(program.pathKeys[Int(path.keyStart)]) }
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

  /// Gives the loop bindings one slot per op, on first use.
  mutating func prepareBindings() {
    if bindings.count < program.ops.count { bindings.fill(repeating: .itself, count: program.ops.count) }
    if nestedLists.count < program.ops.count { nestedLists.fill(repeating: false, count: program.ops.count) }
  }

  /// ``run(_:indent:)`` for one item of a bound loop, at indentation 0: the same output without the stack.
  mutating func runBound(_ range: Range<Int>, item: Model.Value) {
    var index = range.lowerBound
    while index < range.upperBound {
      switch program.ops[index] {
      case .text(let start, let count, _):
        output.append(program.bytes, Int(start)..<Int(start) + Int(count))
        index += 1
      case .variable(_, let escaped):
        if let value = bindings[index].value(item: item, model: model) {
          model.write(value, escaped: escaped, into: &output)
        }
        index += 1
      case .section(_, _, let end) where nestedLists[index]:
        runNested(
          index + 1..<Int(end), value: bindings[index].value(item: item, model: model), item: item, inverted: false)
        index = Int(end)
      case .section(_, let inverted, let end):
        var renders = inverted
        if let value = bindings[index].value(item: item, model: model) {
          switch model.behaviour(of: value) {
          case .trueFlag: renders = !inverted
          case .falseFlag: renders = inverted
          case .value, .list:
            // The first item gave a flag here and this one text, an object or a list (a theme's key that is false
            // on one card and text on another): its body runs generic, as a loop without binding would run it.
            runNested(index + 1..<Int(end), value: value, item: item, inverted: inverted)
            renders = false
          }
        }
        if renders {
          runBound(index + 1..<Int(end), item: item)
        }
        index = Int(end)
      case .partial(let template, _, _):
        runBound(program.entries[Int(template)], item: item)
        index += 1
      }
    }
  }

  /// Whether `range` holds only text and names: no section, no partial.
  func isFlat(_ range: Range<Int>) -> Bool {
    range.allSatisfy { index in
      switch program.ops[index] {
      case .text, .variable: true
      case .section, .partial: false
      }
    }
  }

  /// A list section's body inside a bound loop, run generic as a loop without binding would run it: the loop's
  /// item pushed, then the section as ``renderSection(_:for:indent:)`` renders it (whatever this item's value
  /// turns out to be), with no loop inside binding.
  mutating func runNested(_ body: Range<Int>, value: Model.Value?, item: Model.Value, inverted: Bool) {
    stack.push(item)
    let outer = inNestedList
    inNestedList = true
    if inverted {
      renderInverted(body, for: value, indent: 0)
    } else {
      renderSection(body, for: value, indent: 0)
    }
    inNestedList = outer
    stack.pop()
  }
}
