import PMBoardBytes
import PMBoardCore
import PMBoardMustache
import PMBoardStore
import PMBoardValidation

/// The variables every page template gets: language, catalog, links, the board's title and "as of" line.
/// Page-specific contexts (board columns, history entries) sit on top of it on the context stack.
public struct PageContext: TemplateContext {
  public var lang: String
  public var catalog: CatalogContext
  /// Relative path from the page back to the site root: "" or "../".
  public var root: String
  public var boardTitle: String
  public var pageTitle: String
  public var asOf: String
  public var asOfISO: String
  public var summary: String
  public var boardHref: String
  public var historyHref: String
  public var isBoard: Bool
  public var canonical: String?
  public var locales: [LocaleLink]
  /// The page's own variables (columns, entries, pager…).
  public var page: any TemplateContext

  public func templateValue(forKey key: String) -> TemplateValue? {
    switch key {
    case "lang": .text(lang)
    case "t": .object(catalog)
    case "root": .text(root)
    case "boardTitle": .text(boardTitle)
    case "pageTitle": .text(pageTitle)
    case "asOf": .text(asOf)
    case "asOfISO": .text(asOfISO)
    case "summary": .text(summary)
    case "boardHref": .text(boardHref)
    case "historyHref": .text(historyHref)
    case "isBoard": .bool(isBoard)
    case "isHistory": .bool(!isBoard)
    case "canonical": canonical.map(TemplateValue.text) ?? .bool(false)
    case "locales": .list(locales)
    default: page.templateValue(forKey: key)
    }
  }

  public var templateKeys: [String] {
    [
      "lang", "t", "root", "boardTitle", "pageTitle", "asOf", "asOfISO", "summary", "boardHref", "historyHref",
      "isBoard", "isHistory", "canonical", "locales",
    ] + page.templateKeys
  }
}

/// One entry of the language switcher and of the `hreflang` alternates.
public struct LocaleLink: TemplateContext {
  public var code: String
  public var name: String
  /// Relative link for the switcher.
  public var href: String
  /// Absolute with `--base-url`, else the same as `href`; for `hreflang` alternates.
  public var url: String
  public var current: Bool

  public func templateValue(forKey key: String) -> TemplateValue? {
    switch key {
    case "code": .text(code)
    case "name": .text(name)
    case "href": .text(href)
    case "url": .text(url)
    case "current": .bool(current)
    default: nil
    }
  }

  public var templateKeys: [String] { ["code", "name", "href", "url", "current"] }
}
