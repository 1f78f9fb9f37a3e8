/// Checks that elements nest and close the way HTML5 requires, keeping its own stack of open elements.
///
/// libxml2's HTML parser closes unclosed elements silently (at a parent's end tag or at the end of the file), and
/// its HTML 4 rules for implied end tags differ from HTML5's. So the validator replays HTML5's rules over the
/// tokens: end tags HTML5 lets authors omit (`</li>`, `</p>`, `</td>`, …) are implied where HTML5 implies them, and
/// every other element must be closed by its own end tag.
public struct HTMLTreeChecker {
  /// How deep elements may nest. libxml2 stops parsing at this depth too, and the checks that walk the open
  /// elements (closing a `<p>` or a list item) would take quadratic time on thousands of nested elements.
  public static let maximumDepth = 256

  /// An element whose end tag has not been seen yet.
  private struct OpenElement {
    var name: String
    var offset: Int
    /// Whether the children are SVG or MathML (inside `<svg>` and `<math>`), where any name is allowed and `/>`
    /// closes an element.
    var hasForeignContent: Bool
  }

  private let positions: HTMLSourcePositions
  private var stack: [OpenElement] = []
  /// `html`, `head` and `body` start tags seen: without one, its end tag is fine (the start tag is optional).
  private var openedOptionalStarts: Set<String> = []
  public private(set) var issues: [HTMLIssue] = []
  /// The first `<html>`, `<head>`, `<body>` and `<title>` start tags (outside SVG and MathML), for the page checks.
  public private(set) var landmarks: [String: HTMLStartTag] = [:]
  /// Set when an element nested deeper than ``maximumDepth``: that is reported, and the rest is not checked.
  public private(set) var isTooDeep = false

  public init(positions: HTMLSourcePositions) {
    self.positions = positions
  }

  /// Replays all tokens and reports the elements still open at the end.
  public mutating func check(_ tokens: [HTMLToken]) {
    for token in tokens where !isTooDeep {
      switch token {
      case .startTag(let tag) where tag.isComplete: start(tag)
      case .endTag(let name, let range): end(name, at: range.lowerBound)
      default: break
      }
    }
    // Past the depth limit, every open element would be reported as never closed.
    if isTooDeep { return }
    for element in stack where !HTMLElementCatalog.optionalEndTag.contains(element.name) {
      reportUnclosed(element)
    }
    stack.removeAll()
  }

  private var isInForeignContent: Bool {
    stack.last?.hasForeignContent ?? false
  }

  // MARK: - Start tags

  private mutating func start(_ tag: HTMLStartTag) {
    let name = tag.name
    if isInForeignContent {
      // `<foreignObject>` holds HTML again; every other SVG/MathML child stays foreign.
      if !tag.isSelfClosing {
        push(tag, foreign: name != "foreignobject")
      }
      return
    }
    checkName(of: tag)
    closeImpliedElements(before: name)
    if ["html", "head", "body", "title"].contains(name) && landmarks[name] == nil {
      landmarks[name] = tag
    }
    if HTMLElementCatalog.void.contains(name) { return }
    let isForeignRoot = HTMLElementCatalog.foreignRoots.contains(name)
    if tag.isSelfClosing && !isForeignRoot {
      // Browsers ignore the slash and keep the element open, which is never what `<div/>` means.
      issues.append(
        HTMLIssue(
          offset: tag.range.lowerBound,
          code: "html.self-closing-non-void",
          message: "<\(name)/> is not a void element and '/>' does not close it; write <\(name)></\(name)>"))
      return
    }
    if tag.isSelfClosing { return }
    if HTMLElementCatalog.optionalStartTag.contains(name) {
      openedOptionalStarts.insert(name)
    }
    push(tag, foreign: isForeignRoot)
  }

  private mutating func push(_ tag: HTMLStartTag, foreign: Bool) {
    guard stack.count < Self.maximumDepth else {
      issues.append(
        HTMLIssue(
          offset: tag.range.lowerBound,
          code: "html.too-deep",
          message: "<\(tag.name)> is nested \(Self.maximumDepth + 1) elements deep; elements may nest at most "
            + "\(Self.maximumDepth) deep (the rest of the template's structure is not checked)"))
      isTooDeep = true
      return
    }
    stack.append(OpenElement(name: tag.name, offset: tag.range.lowerBound, hasForeignContent: foreign))
  }

  /// Reports typos (`<secton>`) and obsolete elements; custom elements (`<task-card>`) are always allowed.
  private mutating func checkName(of tag: HTMLStartTag) {
    let name = tag.name
    if HTMLElementCatalog.known.contains(name) || name.contains("-") { return }
    let message =
      HTMLElementCatalog.obsolete.contains(name)
      ? "obsolete element <\(name)> is not part of HTML5" : "unknown element <\(name)>"
    issues.append(HTMLIssue(offset: tag.range.lowerBound, code: "html.element-name", message: message))
  }

  /// Closes the elements HTML5 closes implicitly when a `name` start tag appears (`<li>` closes an open `<li>`, a
  /// block closes an open `<p>`, `<td>` closes an open cell, and so on).
  private mutating func closeImpliedElements(before name: String) {
    if let head = stack.last, head.name == "head", !HTMLElementCatalog.headContent.contains(name) {
      stack.removeLast()
    }
    if HTMLElementCatalog.closesParagraph.contains(name) {
      closeParagraph()
    }
    switch name {
    case "li": closeListItem(named: ["li"])
    case "dd", "dt": closeListItem(named: ["dd", "dt"])
    case "option": closeTop(["option"])
    case "optgroup": closeTop(["option"]); closeTop(["optgroup"])
    case "rt", "rp": closeTop(HTMLElementCatalog.rubyAnnotations)
    default:
      if let rule = HTMLElementCatalog.tableClosers[name] {
        closeTableParts(rule.closes, stoppingAt: rule.stopsAt)
      }
    }
  }

  /// "Close a p element" if one is open in button scope.
  private mutating func closeParagraph() {
    for index in stack.indices.reversed() {
      if stack[index].name == "p" {
        closeImplicitly(downTo: index)
        return
      }
      if HTMLElementCatalog.paragraphScopeBoundaries.contains(stack[index].name) { return }
    }
  }

  /// Closes an open sibling item (`li`, or `dd`/`dt`) unless a special element other than `address`, `div` or `p`
  /// lies in between (then the new item is nested, as in a list inside a list item).
  private mutating func closeListItem(named names: Set<String>) {
    for index in stack.indices.reversed() {
      let name = stack[index].name
      if names.contains(name) {
        closeImplicitly(downTo: index)
        return
      }
      if HTMLElementCatalog.special.contains(name) && !["address", "div", "p"].contains(name) { return }
    }
  }

  /// Closes the lowest open table part in `closes` above the nearest element in `stops`.
  private mutating func closeTableParts(_ closes: Set<String>, stoppingAt stops: Set<String>) {
    var lowest: Int?
    for index in stack.indices.reversed() {
      if stops.contains(stack[index].name) { break }
      if closes.contains(stack[index].name) { lowest = index }
    }
    if let lowest { closeImplicitly(downTo: lowest) }
  }

  private mutating func closeTop(_ names: Set<String>) {
    if let top = stack.last, names.contains(top.name) {
      stack.removeLast()
    }
  }

  /// Pops the stack down to and including `index`. Elements above it that need an end tag were never closed.
  private mutating func closeImplicitly(downTo index: Int) {
    for element in stack[(index + 1)...] where !HTMLElementCatalog.optionalEndTag.contains(element.name) {
      reportUnclosed(element)
    }
    stack.removeSubrange(index...)
  }

  // MARK: - End tags

  private mutating func end(_ name: String, at offset: Int) {
    if !isInForeignContent && HTMLElementCatalog.void.contains(name) {
      issues.append(
        HTMLIssue(
          offset: offset, code: "html.void-end-tag",
          message: "end tag </\(name)> is not allowed: <\(name)> is a void element"))
      return
    }
    guard let index = stack.lastIndex(where: { $0.name == name }) else {
      if HTMLElementCatalog.optionalStartTag.contains(name) && !openedOptionalStarts.contains(name) { return }
      issues.append(
        HTMLIssue(
          offset: offset, code: "html.stray-end-tag", message: "stray end tag </\(name)>: no <\(name)> element is open")
      )
      return
    }
    // Elements above the match whose end tag is optional close silently (`<ul><li>a</ul>`); any other was never
    // closed. Each is reported at its start tag, where its end tag is missing from, naming the end tag that closed
    // it (in case that one is the typo). Then recover as HTML5 does: close them all.
    let closedBy = positions.position(of: offset)
    for element in stack[(index + 1)...] where !HTMLElementCatalog.optionalEndTag.contains(element.name) {
      issues.append(
        HTMLIssue(
          offset: element.offset,
          code: "html.unclosed-element",
          message: "element <\(element.name)> is never closed: </\(name)> at \(closedBy.line):\(closedBy.column) "
            + "ends the <\(name)> around it first"))
    }
    stack.removeSubrange(index...)
  }

  private mutating func reportUnclosed(_ element: OpenElement) {
    issues.append(
      HTMLIssue(
        offset: element.offset, code: "html.unclosed-element", message: "element <\(element.name)> is never closed"))
  }
}
