import PMBoardCore
import PMBoardMustache
import PMBoardTestSupport
import Testing

/// A view model of plain values, for rendering a few names.
private struct Node: TemplateContext {
  var values: [String: TemplateValue]

  func templateValue(forKey key: String) -> TemplateValue? { values[key] }
  var templateKeys: [String] { Array(values.keys) }
}

/// A partial that includes itself through a section renders as deep as the data goes, and no deeper than
/// ``CompiledTemplates/maximumRenderDepth``: data that never ends the recursion used to overflow the stack.
@Suite struct TemplateRecursionTests {
  private static let tree = "<li>{{name}}<ul>{{#children}}{{> tree}}{{/children}}</ul></li>"

  /// A chain of `depth` nodes, each the only child of the one before.
  private func chain(_ depth: Int) -> Node {
    var node = Node(values: ["name": .text("leaf"), "children": .list([])])
    for level in 1..<depth {
      node = Node(values: ["name": .text("n\(level)"), "children": .list([node])])
    }
    return node
  }

  @Test func aRecursiveTreeRendersAsDeepAsItsData() throws {
    let set = try TemplateSet(sources: ["tree": (text: Self.tree, file: "tree.mustache")])
    // Each level is a partial inside one section: two of the 200 levels of depth.
    let html = try set.render("tree", chain(99))
    #expect(html.components(separatedBy: "<li>").count == 100)
    #expect(html.hasSuffix("<li>leaf<ul></ul></li>" + String(repeating: "</ul></li>", count: 98)))
  }

  @Test func recursionTheDataNeverEndsStopsAtTheLimitWithADiagnosticAtTheTag() throws {
    let set = try TemplateSet(sources: ["tree": (text: Self.tree, file: "tree.mustache")])
    // The children have no `children`, so the name is found again in the root: the recursion never ends. With
    // three children each, every level triples the work, so this also shows that the render stops at once.
    let child = Node(values: ["name": .text("c")])
    let root = Node(values: ["name": .text("root"), "children": .list([child, child, child])])
    #expect {
      _ = try set.render("tree", root)
    } throws: { error in
      guard let error = error as? TemplateRenderError else { return false }
      return error.description
        == "tree.mustache:1:30: error: partial recursion: tree → tree went more than 200 sections and partials "
        + "deep while rendering; a {{#section}} on the way must run out of data to end it"
    }
  }

  @Test func theDiagnosticNamesACycleThroughOtherTemplates() throws {
    let set = try TemplateSet(sources: [
      "page": (text: "{{> a}}", file: "page.mustache"),
      "a": (text: "<div>\n{{#items}}{{> b}}{{/items}}</div>", file: "a.mustache"),
      "b": (text: "<p>{{#more}}{{> a}}{{/more}}</p>", file: "b.mustache"),
    ])
    let item = Node(values: ["more": .bool(true)])
    let root = Node(values: ["items": .list([item])])
    var output: [UInt8] = []
    // page → a adds 1, and each {{> …}} in a section 2 more: depth 201 is b's {{> a}} entering a the 50th time.
    #expect {
      try set.render("page", root, into: &output)
    } throws: { error in
      (error as? TemplateRenderError)?.description
        == "b.mustache:1:13: error: partial recursion: b → a → b went more than 200 sections and partials deep "
        + "while rendering; a {{#section}} on the way must run out of data to end it"
    }
  }
}
