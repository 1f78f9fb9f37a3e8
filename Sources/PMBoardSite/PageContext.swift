import PMBoardBytes
import PMBoardCore
import PMBoardMustache
import PMBoardStore
import PMBoardValidation

/// The variables every page template gets: language, catalog, links, the board's title and "as of" line.
/// Page-specific contexts (board columns, history entries) sit on top of it on the context stack.
package struct PageContext: TemplateContext {
  package var lang: String
  package var catalog: CatalogContext
  /// Relative path from the page back to the site root: "" or "../".
  package var root: String
  package var boardTitle: String
  package var pageTitle: String
  package var asOf: String
  package var asOfISO: String
  package var summary: String
  package var boardHref: String
  package var historyHref: String
  package var isBoard: Bool
  package var canonical: String?
  package var locales: [LocaleLink]
  /// The page's own variables (columns, entries, pager…).
  package var page: any TemplateContext

  package func templateValue(forKey key: String) -> TemplateValue? {
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

  package var templateKeys: [String] {
    [
      "lang", "t", "root", "boardTitle", "pageTitle", "asOf", "asOfISO", "summary", "boardHref", "historyHref",
      "isBoard", "isHistory", "canonical", "locales",
    ] + page.templateKeys
  }
}

/// One entry of the language switcher and of the `hreflang` alternates.
package struct LocaleLink: TemplateContext {
  package var code: String
  package var name: String
  /// Relative link for the switcher.
  package var href: String
  /// Absolute with `--base-url`, else the same as `href`; for `hreflang` alternates.
  package var url: String
  package var current: Bool

  package func templateValue(forKey key: String) -> TemplateValue? {
    switch key {
    case "code": .text(code)
    case "name": .text(name)
    case "href": .text(href)
    case "url": .text(url)
    case "current": .bool(current)
    default: nil
    }
  }

  package var templateKeys: [String] { ["code", "name", "href", "url", "current"] }
}
