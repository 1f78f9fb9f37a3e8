import PMBoardCore

/// A problem found by the validator's own HTML checks, at a UTF-8 byte offset of the template.
public struct HTMLIssue: Equatable {
  public var offset: Int
  /// What kind of problem, stable across wordings (see ``Diagnostic/code``).
  public var code: String
  public var message: String
}

/// One attribute of a start tag. Offsets are UTF-8 byte offsets into the template.
public struct HTMLAttribute: Equatable {
  /// The name, lowercased (HTML attribute names are case-insensitive).
  public var name: String
  public var offset: Int
  /// The value without its quotes; `nil` for an attribute written without `=` (`hidden`).
  public var value: Range<Int>?
}

/// A start tag such as `<li class="card">`, from its `<` up to and including its `>`.
public struct HTMLStartTag: Equatable {
  /// The name, lowercased.
  public var name: String
  public var range: Range<Int>
  public var attributes: [HTMLAttribute]
  /// Written as `<x … />`.
  public var isSelfClosing: Bool
  /// `false` when the file ends before the tag's `>` (libxml2 reports that).
  public var isComplete: Bool
}

/// A piece of markup, as the HTML5 tokenizer would see it.
public enum HTMLToken: Equatable {
  case startTag(HTMLStartTag)
  /// An end tag such as `</li>`; `name` is lowercased.
  case endTag(name: String, range: Range<Int>)
  /// `<!DOCTYPE …>`; `isHTML` when it is the HTML5 doctype `<!DOCTYPE html>` (any case).
  case doctype(isHTML: Bool, range: Range<Int>)
  /// A comment, CDATA section, processing instruction or other markup that is not an element.
  case comment(range: Range<Int>)
  /// Text in which character references count, outside tags and raw-text elements.
  case text(range: Range<Int>)

  /// Where the token starts and ends in the template.
  public var range: Range<Int> {
    switch self {
    case .startTag(let tag): tag.range
    case .endTag(_, let range), .doctype(_, let range), .comment(let range), .text(let range): range
    }
  }
}
