import CLibXML2
import Foundation

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
  public func validate(source: String, file: String, isPage: Bool) -> [Diagnostic] {
    let original = Array(source.utf8)
    let mask = HTMLMustacheMask(source)
    let positions = HTMLSourcePositions(original)
    let tokenizer = HTMLTokenizer(masked: mask.bytes, original: original)
    let tokens = tokenizer.tokens
    var tree = HTMLTreeChecker(positions: positions)
    tree.check(tokens)

    var issues = tokenizer.issues + tree.issues
    issues += referenceIssues(in: tokens, masked: mask.bytes)
    issues += attributeIssues(in: tokens, mask: mask, original: original, positions: positions)
    if isPage {
      issues += pageIssues(in: tokens, landmarks: tree.landmarks, mask: mask, original: original)
    }
    issues += libxml2Issues(masked: mask.bytes, tokens: tokens)

    let diagnostics = issues.map { issue in
      let position = positions.position(of: issue.offset)
      return Diagnostic(file: file, line: position.line, column: position.column, message: issue.message)
    }
    // libxml2 and the own checks may describe the same problem in the same words only by accident; keep one.
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

  // MARK: - Attributes

  /// Repeated attributes on one element and repeated `id` values in the template.
  ///
  /// Two occurrences in exclusive Mustache branches (`{{#x}}…{{/x}}` and `{{^x}}…{{/x}}`) never render together,
  /// so they are not duplicates.
  private func attributeIssues(
    in tokens: [HTMLToken], mask: HTMLMustacheMask, original: [UInt8], positions: HTMLSourcePositions
  ) -> [HTMLIssue] {
    var issues: [HTMLIssue] = []
    var ids: [String: Int] = [:]
    func firstAt(_ offset: Int) -> String {
      let position = positions.position(of: offset)
      return "first at \(position.line):\(position.column)"
    }
    for case .startTag(let tag) in tokens {
      var seen: [String: Int] = [:]
      for attribute in tag.attributes {
        if let first = seen[attribute.name] {
          if !mask.areExclusive(first, attribute.offset) {
            issues.append(
              HTMLIssue(
                offset: attribute.offset,
                message: "duplicate attribute \(attribute.name) on <\(tag.name)> (\(firstAt(first)))"))
          }
        } else {
          seen[attribute.name] = attribute.offset
        }
        guard attribute.name == "id", let range = attribute.value,
          mask.bytes[range].contains(where: { !HTMLBytes.isSpace($0) })
        else { continue }
        // Compare what the author wrote: `t-{{id}}` and `t-{{key}}` differ even though both mask to `t-` + spaces.
        let id = String(decoding: original[range], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if let first = ids[id] {
          if !mask.areExclusive(first, attribute.offset) {
            issues.append(HTMLIssue(offset: attribute.offset, message: "duplicate id \"\(id)\" (\(firstAt(first)))"))
          }
        } else {
          ids[id] = attribute.offset
        }
      }
    }
    return issues
  }

  // MARK: - Page templates

  /// A page needs `<!DOCTYPE html>`, `<html lang="…">` and a `<title>`.
  private func pageIssues(
    in tokens: [HTMLToken], landmarks: [String: HTMLStartTag], mask: HTMLMustacheMask, original: [UInt8]
  ) -> [HTMLIssue] {
    var issues: [HTMLIssue] = []
    let doctypes = tokens.compactMap { token -> (isHTML: Bool, offset: Int)? in
      guard case .doctype(let isHTML, let range) = token else { return nil }
      return (isHTML, range.lowerBound)
    }
    if let other = doctypes.first, !doctypes.contains(where: \.isHTML) {
      issues.append(HTMLIssue(offset: other.offset, message: "the doctype is not HTML5's <!DOCTYPE html>"))
    } else if doctypes.isEmpty {
      issues.append(HTMLIssue(offset: 0, message: "page template has no <!DOCTYPE html>"))
    }

    if let html = landmarks["html"] {
      if let lang = html.attributes.first(where: { $0.name == "lang" }) {
        // The original text decides: `lang="{{lang}}"` masks to spaces but is filled in when rendered.
        let value = lang.value.map { original[$0] } ?? []
        if !value.contains(where: { !HTMLBytes.isSpace($0) }) {
          issues.append(HTMLIssue(offset: lang.offset, message: "<html> has an empty lang attribute"))
        }
      } else {
        issues.append(HTMLIssue(offset: html.range.lowerBound, message: "<html> has no lang attribute"))
      }
    } else {
      issues.append(HTMLIssue(offset: 0, message: "page template has no <html lang=\"…\"> element"))
    }

    if landmarks["title"] == nil && !titleMayComeFromPartial(tokens: tokens, landmarks: landmarks, mask: mask) {
      let offset = landmarks["head"]?.range.lowerBound ?? 0
      issues.append(HTMLIssue(offset: offset, message: "page template has no <title> element"))
    }
    return issues
  }

  /// Whether a partial (`{{> head}}`) is included where the title belongs: inside `<head>`, or before `<body>` when
  /// the page has no `<head>` start tag. Its markup is not visible here, so it gets the benefit of the doubt.
  private func titleMayComeFromPartial(
    tokens: [HTMLToken], landmarks: [String: HTMLStartTag], mask: HTMLMustacheMask
  ) -> Bool {
    let start = landmarks["head"]?.range.lowerBound ?? 0
    let headEnd = tokens.first { token in
      guard case .endTag("head", let range) = token else { return false }
      return range.lowerBound >= start
    }
    let end = headEnd?.range.lowerBound ?? landmarks["body"]?.range.lowerBound ?? mask.bytes.count
    return mask.partials.contains { (start..<end).contains($0) }
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
  private func libxml2Issues(masked: [UInt8], tokens: [HTMLToken]) -> [HTMLIssue] {
    let markup = tokens.filter { if case .text = $0 { false } else { true } }.map(\.range)
    return HTMLLibXML2Parser.reports(for: masked).compactMap { report in
      guard !report.isWarning, !Self.codesCheckedElsewhere.contains(report.code),
        !report.message.hasPrefix("htmlParseEntityRef"), !report.message.hasPrefix("htmlParseCharRef")
      else { return nil }
      let construct = markup.first { $0.contains(report.offset) } ?? markup.first { $0.upperBound == report.offset }
      // Attribute names are checked by the tokenizer, which knows HTML5 allows `@click` and `:class`.
      if report.code == Int(XML_ERR_NAME_REQUIRED.rawValue), let construct, isStartTag(at: construct, masked) {
        return nil
      }
      return HTMLIssue(offset: construct?.lowerBound ?? report.offset, message: report.message)
    }
  }

  private func isStartTag(at range: Range<Int>, _ masked: [UInt8]) -> Bool {
    range.count > 1 && HTMLBytes.isLetter(masked[range.lowerBound + 1])
  }
}
