import PMBoardMustache

/// A locale catalog as the template sees it: `{{t.board.overdue}}` walks nested keys.
public final class CatalogContext: TemplateContext {
  private let strings: [String: String]
  private let children: [String: CatalogContext]

  public convenience init(_ catalog: LocaleCatalog) {
    self.init(entries: catalog.strings.map { ($0.key.split(separator: ".").map(String.init), $0.value) })
  }

  private init(entries: [([String], String)]) {
    var strings: [String: String] = [:]
    var nested: [String: [([String], String)]] = [:]
    for (path, value) in entries {
      guard let head = path.first else { continue }
      if path.count == 1 {
        strings[head] = value
      } else {
        nested[head, default: []].append((Array(path.dropFirst()), value))
      }
    }
    self.strings = strings
    children = nested.mapValues { CatalogContext(entries: $0) }
  }

  public func templateValue(forKey key: String) -> TemplateValue? {
    if let child = children[key] { return .object(child) }
    return strings[key].map(TemplateValue.text)
  }

  public var templateKeys: [String] { Array(strings.keys) + Array(children.keys) }
}
