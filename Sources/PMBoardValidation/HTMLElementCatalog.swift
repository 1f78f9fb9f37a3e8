/// What the validator knows about HTML5 element names: which exist, which are void, which may omit their end tag,
/// and which start tags close an open element implicitly.
///
/// libxml2 2.9's HTML parser knows HTML 4 only (it calls `<main>` "invalid"), so these rules come from the WHATWG
/// HTML standard instead. All names are lowercase; callers lowercase tag names before asking.
public enum HTMLElementCatalog {
  /// Every element of the current WHATWG HTML standard, including `svg` and `math`, whose children are foreign.
  public static let known: Set<String> = [
    "a", "abbr", "address", "area", "article", "aside", "audio", "b", "base", "bdi", "bdo", "blockquote", "body", "br",
    "button", "canvas", "caption", "cite", "code", "col", "colgroup", "data", "datalist", "dd", "del", "details", "dfn",
    "dialog", "div", "dl", "dt", "em", "embed", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3",
    "h4", "h5", "h6", "head", "header", "hgroup", "hr", "html", "i", "iframe", "img", "input", "ins", "kbd", "label",
    "legend", "li", "link", "main", "map", "mark", "math", "menu", "meta", "meter", "nav", "noscript", "object", "ol",
    "optgroup", "option", "output", "p", "picture", "pre", "progress", "q", "rp", "rt", "ruby", "s", "samp", "script",
    "search", "section", "select", "selectedcontent", "slot", "small", "source", "span", "strong", "style", "sub",
    "summary", "sup", "svg", "table", "tbody", "td", "template", "textarea", "tfoot", "th", "thead", "time", "title",
    "tr", "track", "u", "ul", "var", "video", "wbr",
  ]

  /// Elements browsers still parse but HTML5 no longer allows; reported with their own message, not as typos.
  public static let obsolete: Set<String> = [
    "acronym", "applet", "basefont", "bgsound", "big", "blink", "center", "dir", "font", "frame", "frameset", "isindex",
    "keygen", "listing", "marquee", "menuitem", "multicol", "nextid", "nobr", "noembed", "noframes", "param",
    "plaintext", "rb", "rtc", "spacer", "strike", "tt", "xmp",
  ]

  /// Elements that never have content or an end tag (the obsolete void ones too, so they cause no follow-up errors).
  public static let void: Set<String> = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    "basefont", "bgsound", "frame", "keygen", "param",
  ]

  /// Elements whose end tag HTML5 lets authors omit: closing them implicitly is not an error.
  public static let optionalEndTag: Set<String> = [
    "li", "p", "dt", "dd", "option", "optgroup", "tr", "td", "th", "thead", "tbody", "tfoot", "colgroup", "caption",
    "rt", "rp", "html", "head", "body",
  ]

  /// Elements whose start tag may be omitted, so their end tag may appear without a matching start tag.
  public static let optionalStartTag: Set<String> = ["html", "head", "body"]

  /// Elements whose content is raw text: no tags and no character references until the matching end tag.
  public static let rawText: Set<String> = ["script", "style"]

  /// Elements whose content is text with character references but no tags.
  public static let escapableRawText: Set<String> = ["textarea", "title"]

  /// Roots of foreign (SVG, MathML) content, where any element name is allowed and `/>` closes an element.
  public static let foreignRoots: Set<String> = ["svg", "math"]

  /// Start tags that close an open `<p>` ("close a p element" in the HTML5 tree-construction rules).
  public static let closesParagraph: Set<String> = [
    "address", "article", "aside", "blockquote", "center", "details", "dialog", "dir", "div", "dl", "fieldset",
    "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "listing",
    "main", "menu", "nav", "ol", "p", "plaintext", "pre", "search", "section", "summary", "table", "ul", "xmp", "li",
    "dd", "dt",
  ]

  /// Elements that bound the search for an open `<p>` ("has a p element in button scope").
  public static let paragraphScopeBoundaries: Set<String> = [
    "applet", "button", "caption", "html", "marquee", "object", "table", "td", "template", "th", "svg", "math",
  ]

  /// HTML5's "special" elements: a new `<li>`, `<dt>` or `<dd>` does not look for an open sibling past them,
  /// except past `address`, `div` and `p`.
  public static let special: Set<String> = [
    "applet", "article", "aside", "blockquote", "body", "button", "caption", "center", "col", "colgroup", "details",
    "dir", "dl", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "head",
    "header", "hgroup", "html", "iframe", "main", "marquee", "menu", "nav", "noscript", "object", "ol", "pre",
    "search", "section", "select", "summary", "table", "tbody", "td", "template", "textarea", "tfoot", "th", "thead",
    "tr", "ul", "svg", "math",
  ]

  /// Elements allowed in `<head>`; any other start tag closes an open `<head>` implicitly.
  public static let headContent: Set<String> = [
    "base", "link", "meta", "noscript", "script", "style", "template", "title",
  ]

  /// Table-structure start tags and the open elements each one closes, up to (not including) the given boundaries.
  ///
  /// `<td>` closes an open cell, `<tr>` an open row, a new row group an open row group, and so on; the search stops
  /// at the table (or row) the new element belongs to.
  public static let tableClosers: [String: (closes: Set<String>, stopsAt: Set<String>)] = {
    let cell: Set<String> = ["td", "th"]
    let row: Set<String> = cell.union(["tr"])
    let section: Set<String> = row.union(["thead", "tbody", "tfoot", "caption", "colgroup"])
    let group = (closes: section, stopsAt: Set(["table", "template"]))
    return [
      "td": (closes: cell, stopsAt: ["tr", "table", "template"]),
      "th": (closes: cell, stopsAt: ["tr", "table", "template"]),
      "tr": (closes: row.union(["caption", "colgroup"]), stopsAt: ["thead", "tbody", "tfoot", "table", "template"]),
      "thead": group, "tbody": group, "tfoot": group, "caption": group, "colgroup": group,
    ]
  }()

  /// Ruby annotation start tags close an open annotation up to the `<ruby>`.
  public static let rubyAnnotations: Set<String> = ["rt", "rp"]
}
