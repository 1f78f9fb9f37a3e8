import PMBoardCore

/// Finds partials that include themselves, directly or through others, with nothing that could stop them.
///
/// A `{{> name}}` outside every `{{#section}}` renders whenever its template does, with the same context stack
/// (an inverted section pushes at most an empty list, which no name resolves in). So a cycle of such tags, once
/// entered, recurses until the stack overflows: it is always a mistake. A cycle through a `{{#section}}` is how a
/// tree renders (each level pushes the children) and is left to the renderer's depth limit.
enum PartialRecursion {
  /// A `{{> name}}` tag outside every `{{#section}}` of its template.
  struct Inclusion {
    /// The number of the included template.
    var target: Int
    var location: TemplateLocation
  }

  /// The tags of `nodes` that include a partial unconditionally, in template order.
  static func inclusions(in nodes: [MustacheNode], number: (String) -> Int?) -> [Inclusion] {
    var found: [Inclusion] = []
    for node in nodes {
      switch node {
      case .text, .variable:
        continue
      case .section(_, let inverted, let body, _):
        // Nesting is bounded by the parser (MustacheParser.maximumSectionDepth), so this recursion is too.
        if inverted { found += inclusions(in: body, number: number) }
      case .partial(let name, _, let location):
        if let target = number(name) { found.append(Inclusion(target: target, location: location)) }
      }
    }
    return found
  }

  /// One diagnostic per set of templates that include each other unconditionally, at the first tag of the cycle
  /// through the first of them by name.
  /// - Parameters:
  ///   - names: the template names in number order, sorted.
  ///   - inclusions: per template number, its unconditional partial tags.
  static func diagnostics(names: [String], files: [String], inclusions: [[Inclusion]]) -> [Diagnostic] {
    components(of: inclusions).compactMap { component in
      guard let start = component.min(), let cycle = shortestCycle(from: start, within: component, inclusions)
      else { return nil }
      let path = ([start] + cycle.map(\.target)).map { names[$0] }.joined(separator: " → ")
      let location = cycle[0].location
      return Diagnostic(
        file: files[start], line: location.line, column: location.column,
        code: "mustache.partial-recursion",
        message: "partial recursion: \(path) never ends (no {{#section}} around these {{> …}} tags can stop it); "
          + "remove one of them")
    }
  }

  /// The strongly connected components of the inclusion graph that hold a cycle (Tarjan's algorithm, with an
  /// explicit stack so that a long chain of partials cannot overflow the call stack).
  private static func components(of inclusions: [[Inclusion]]) -> [Set<Int>] {
    let count = inclusions.count
    var index = [Int?](repeating: nil, count: count)
    var lowLink = [Int](repeating: 0, count: count)
    var onStack = [Bool](repeating: false, count: count)
    var stack: [Int] = []
    var nextIndex = 0
    var result: [Set<Int>] = []
    for root in 0..<count where index[root] == nil {
      // Each frame is a template and the position of the next edge to follow from it.
      var frames = [(node: root, edge: 0)]
      index[root] = nextIndex
      lowLink[root] = nextIndex
      nextIndex += 1
      stack.append(root)
      onStack[root] = true
      while let (node, edge) = frames.last.map({ ($0.node, $0.edge) }) {
        if edge < inclusions[node].count {
          frames[frames.count - 1].edge += 1
          let target = inclusions[node][edge].target
          if let targetIndex = index[target] {
            if onStack[target] { lowLink[node] = min(lowLink[node], targetIndex) }
          } else {
            index[target] = nextIndex
            lowLink[target] = nextIndex
            nextIndex += 1
            stack.append(target)
            onStack[target] = true
            frames.append((target, 0))
          }
          continue
        }
        frames.removeLast()
        if let parent = frames.last?.node { lowLink[parent] = min(lowLink[parent], lowLink[node]) }
        guard lowLink[node] == index[node] else { continue }
        var component: Set<Int> = []
        while let member = stack.popLast() {
          onStack[member] = false
          component.insert(member)
          if member == node { break }
        }
        // A single template is a cycle only if it includes itself.
        if component.count > 1 || inclusions[node].contains(where: { $0.target == node }) {
          result.append(component)
        }
      }
    }
    return result
  }

  /// The fewest inclusions that lead from `start` back to it inside `component`, preferring earlier tags.
  private static func shortestCycle(
    from start: Int, within component: Set<Int>, _ inclusions: [[Inclusion]]
  ) -> [Inclusion]? {
    var reachedBy: [Int: (from: Int, inclusion: Inclusion)] = [:]
    var queue = [start]
    var head = 0
    while head < queue.count {
      let node = queue[head]
      head += 1
      for inclusion in inclusions[node] where component.contains(inclusion.target) {
        if inclusion.target == start {
          var cycle = [inclusion]
          var current = node
          while current != start, let step = reachedBy[current] {
            cycle.insert(step.inclusion, at: 0)
            current = step.from
          }
          return cycle
        }
        if reachedBy[inclusion.target] == nil {
          reachedBy[inclusion.target] = (node, inclusion)
          queue.append(inclusion.target)
        }
      }
    }
    return nil
  }
}
