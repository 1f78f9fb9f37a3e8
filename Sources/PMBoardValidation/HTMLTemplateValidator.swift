internal import CLibXML2
import PMBoardBytes
import PMBoardCore
import PMBoardMustache

/// Checks a Mustache HTML template's markup with libxml2's HTML parser plus HTML5 rules libxml2 lacks.
///
/// Mustache tags are blanked out first (byte for byte, keeping line breaks), so positions stay those of the
/// template. Then:
/// - libxml2 parses the masked markup; its errors are reported, except those it makes because it only knows
///   HTML 4 (`<main>` "invalid") and those the checks below report more precisely;
/// - an HTML5 tokenizer and tree checker find mismatched, stray and unclosed tags (honouring HTML5's optional end
///   tags and void elements), unknown elements, duplicate attributes and ids, and invalid character references;
/// - page templates must have `<!DOCTYPE html>`, `<html lang="…">` and a `<title>`.
///
/// Every diagnostic points at the start of the construct (the `<` of a tag, an attribute's name, the `&`).
public struct HTMLTemplateValidator: Sendable {
  public init() {}

  /// Validates one template and returns its problems sorted by position.
  ///
  /// - Parameters:
  ///   - source: the template text.
  ///   - file: the name diagnostics carry.
  ///   - isPage: a full page template (board, history) rather than a partial.
  ///   - tags: the template's Mustache tags, if it was parsed already (``MustacheParser/parse(_:file:)``).
  public func validate(source: String, file: String, isPage: Bool, tags: [MustacheTag]? = nil) -> [Diagnostic] {
    let original = Array(source.utf8)
    let mask = HTMLMustacheMask(source, tags: tags ?? MustacheParser.tags(in: source))
    let positions = HTMLSourcePositions(original)
    let tokenizer = HTMLTokenizer(mask)
    let tokens = tokenizer.tokens
    var tree = HTMLTreeChecker(positions: positions)
    tree.check(tokens)

    var issues = tokenizer.issues + tree.issues
    issues += referenceIssues(in: tokens, masked: mask.bytes)
    issues += HTMLAttributeChecker(mask: mask, original: original, positions: positions).issues(in: tokens)
    if isPage {
      issues += HTMLPageChecker.issues(in: tokens, landmarks: tree.landmarks, mask: mask, original: original)
    }
    issues += libxml2Issues(masked: mask.bytes, tokens: tokens, treeIsTooDeep: tree.isTooDeep)

    let diagnostics = issues.map { issue in
      let position = positions.position(of: issue.offset)
      return Diagnostic(
        file: file, line: position.line, column: position.column, code: issue.code, message: issue.message)
    }
    // The same words at the same place add nothing (libxml2 can repeat itself); keep one.
    return Array(Set(diagnostics)).sorted()
  }

  // MARK: - Character references

  /// `&` problems in text (outside script and style) and in attribute values.
  private func referenceIssues(in tokens: [HTMLToken], masked: [UInt8]) -> [HTMLIssue] {
    tokens.flatMap { token -> [HTMLIssue] in
      switch token {
      case .text(let range):
        return HTMLReferenceChecker.issues(in: masked, range: range)
      case .startTag(let tag):
        return tag.attributes.compactMap(\.value).flatMap { HTMLReferenceChecker.issues(in: masked, range: $0) }
      default:
        return []
      }
    }
  }

  // MARK: - libxml2

  /// libxml2 codes for problems the own checks report with exact positions, or that are no errors in HTML5.
  private static let codesCheckedElsewhere = Set(
    [
      XML_HTML_UNKNOWN_TAG,  // libxml2 knows HTML 4 only; element names are checked against HTML5's list
      XML_ERR_TAG_NAME_MISMATCH,  // mismatched and stray end tags; also "script embeds close tag", fine in HTML5
      XML_ERR_ATTRIBUTE_REDEFINED,  // duplicate attributes
      XML_DTD_ID_REDEFINED,  // duplicate ids; libxml2 also compares ids that are only blanked-out Mustache
      XML_ERR_DOCUMENT_EMPTY,  // a partial may be nothing but Mustache tags
      XML_ERR_ENTITYREF_SEMICOL_MISSING, XML_ERR_INVALID_HEX_CHARREF, XML_ERR_INVALID_DEC_CHARREF,
      XML_ERR_INVALID_CHARREF,  // character references
    ].map { Int($0.rawValue) })

  /// libxml2's errors that the own checks do not cover, each moved to the start of the tag, comment or doctype it
  /// was found in (libxml2 notices problems at their end).
  private func libxml2Issues(masked: [UInt8], tokens: [HTMLToken], treeIsTooDeep: Bool) -> [HTMLIssue] {
    if let why = HTMLLibXML2Parser.unavailable {
      // The other checks ran; this one cannot, and a template is not called valid without it.
      return [
        HTMLIssue(
          offset: 0, code: "html.libxml2-missing",
          message: "libxml2, which checks a site's own templates, could not be loaded (\(why)); install it "
            + "(Debian and Ubuntu: apt-get install libxml2)")
      ]
    }
    let markup = tokens.filter { if case .text = $0 { false } else { true } }.map(\.range)
    return HTMLLibXML2Parser.reports(for: masked).compactMap { report in
      guard !report.isWarning, !Self.codesCheckedElsewhere.contains(report.code),
        !report.message.hasPrefix("htmlParseEntityRef"), !report.message.hasPrefix("htmlParseCharRef")
      else { return nil }
      let construct = markup.first { $0.contains(report.offset) } ?? markup.first { $0.upperBound == report.offset }
      // libxml2 stops at its depth limit and suggests an option of its API. The tree check reports the same limit
      // first, as its own HTML5 rules count; only where libxml2 counts deeper (elements HTML5 closes implicitly)
      // is libxml2's report the one to show, in the same words.
      if report.message.hasPrefix("Excessive depth in document") {
        if treeIsTooDeep { return nil }
        return HTMLIssue(
          offset: construct?.lowerBound ?? report.offset,
          code: "html.too-deep",
          message: "elements are nested more than \(HTMLTreeChecker.maximumDepth) deep here, counting those HTML5 "
            + "closes implicitly; close them (the rest of the template is not checked)")
      }
      // Attribute names are checked by the tokenizer, which knows HTML5 allows `@click` and `:class`.
      if report.code == Int(XML_ERR_NAME_REQUIRED.rawValue), let construct, isStartTag(at: construct, masked) {
        return nil
      }
      return HTMLIssue(offset: construct?.lowerBound ?? report.offset, code: "html.libxml2", message: report.message)
    }
  }

  private func isStartTag(at range: Range<Int>, _ masked: [UInt8]) -> Bool {
    range.count > 1 && HTMLBytes.isLetter(masked[range.lowerBound + 1])
  }
}
