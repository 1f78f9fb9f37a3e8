import PMBoardBytes
import PMBoardMustache
import PMBoardTestSupport
import Testing

/// A loop the renderer binds (its items share a shape) renders as the same loop unbound, even where a key is a flag
/// on the first item and text, an object or a list on a later one.
struct BoundLoopShapeTests {
  struct Item: TemplateContext {
    var tag: TemplateValue
    var name: String
    func templateValue(forKey key: String) -> TemplateValue? {
      switch key {
      case "tag": tag
      case "name": .text(name)
      default: nil
      }
    }
    var templateKeys: [String] { ["tag", "name"] }
  }

  struct Page: TemplateContext {
    var items: [Item]
    func templateValue(forKey key: String) -> TemplateValue? { key == "items" ? .list(items) : nil }
    var templateKeys: [String] { ["items"] }
  }

  @Test func aKeyThatChangesShapeRendersAsUnbound() throws {
    let template = "{{#items}}[{{name}}:{{#tag}}<{{.}}>{{/tag}}{{^tag}}none{{/tag}}]{{/items}}"
    let set = try TemplateSet(sources: ["page": (text: template, file: "page.mustache")])
    let page = Page(items: [
      Item(tag: .bool(false), name: "a"), Item(tag: .text("x"), name: "b"), Item(tag: .bool(true), name: "c"),
      Item(tag: .list([Item(tag: .bool(false), name: "n")]), name: "d"),
    ])
    func rendered(binding: Bool) throws -> String {
      var output: [UInt8] = []
      try set.render(
        "page", model: ContextModel(keyNames: set.keyNames, root: .object(page), bindsLoops: binding), chunk: .max
      ) { bytes in for index in 0..<bytes.count { output.append(bytes[index]) } }
      return String(decoding: output, as: UTF8.self)
    }
    let unbound = try rendered(binding: false)
    #expect(unbound.hasPrefix("[a:none][b:<x>][c:<"), "\(unbound)")
    #expect(try rendered(binding: true) == unbound)
  }
}
