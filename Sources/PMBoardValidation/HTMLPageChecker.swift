/// Checks what every page template needs and a partial does not: `<!DOCTYPE html>`, `<html lang="…">`, `<title>`.
public enum HTMLPageChecker {
  /// The page-level problems of a template whose tokens and landmark start tags (`html`, `head`, `body`, `title`)
  /// are given.
  public static func issues(
    in tokens: [HTMLToken], landmarks: [String: HTMLStartTag], mask: HTMLMustacheMask, original: [UInt8]
  ) -> [HTMLIssue] {
    let start = contentStart(in: mask)
    return [
      doctypeIssue(in: tokens, contentStart: start),
      langIssue(html: landmarks["html"], original: original, contentStart: start),
      titleIssue(in: tokens, landmarks: landmarks, mask: mask, contentStart: start),
    ].compactMap { $0 }
  }

  /// Where the page's first markup or text is: past a byte-order mark, blank lines and Mustache tags (masked to
  /// blanks), such as a `{{! comment }}` heading the file. Missing page-level elements are reported there, the
  /// place they would go.
  private static func contentStart(in mask: HTMLMustacheMask) -> Int {
    let bytes = mask.bytes
    let afterMark = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    return bytes[afterMark...].firstIndex { !HTMLBytes.isSpace($0) } ?? afterMark
  }

  private static func doctypeIssue(in tokens: [HTMLToken], contentStart: Int) -> HTMLIssue? {
    let doctypes = tokens.compactMap { token -> (isHTML: Bool, offset: Int)? in
      guard case .doctype(let isHTML, let range) = token else { return nil }
      return (isHTML, range.lowerBound)
    }
    guard let first = doctypes.first else {
      return HTMLIssue(
        offset: contentStart, code: "html.no-doctype",
        message: "page template has no <!DOCTYPE html>; start the page with it")
    }
    if doctypes.contains(where: \.isHTML) { return nil }
    return HTMLIssue(offset: first.offset, code: "html.doctype", message: "the doctype is not HTML5's <!DOCTYPE html>")
  }

  private static func langIssue(html: HTMLStartTag?, original: [UInt8], contentStart: Int) -> HTMLIssue? {
    guard let html else {
      return HTMLIssue(
        offset: contentStart, code: "html.no-lang", message: "page template has no <html lang=\"…\"> element")
    }
    guard let lang = html.attributes.first(where: { $0.name == "lang" }) else {
      return HTMLIssue(offset: html.range.lowerBound, code: "html.no-lang", message: "<html> has no lang attribute")
    }
    // The original text decides: `lang="{{lang}}"` masks to spaces but is filled in when rendered.
    let value = lang.value.map { original[$0] } ?? []
    if value.contains(where: { !HTMLBytes.isSpace($0) }) { return nil }
    return HTMLIssue(
      offset: html.range.lowerBound, code: "html.empty-lang", message: "<html> has an empty lang attribute")
  }

  private static func titleIssue(
    in tokens: [HTMLToken], landmarks: [String: HTMLStartTag], mask: HTMLMustacheMask, contentStart: Int
  ) -> HTMLIssue? {
    if landmarks["title"] != nil || titleMayComeFromPartial(tokens: tokens, landmarks: landmarks, mask: mask) {
      return nil
    }
    return HTMLIssue(
      offset: landmarks["head"]?.range.lowerBound ?? contentStart, code: "html.no-title",
      message: "page template has no <title> element")
  }

  /// Whether a partial (`{{> head}}`) is included where the title belongs: inside `<head>`, or before `<body>` when
  /// the page has no `<head>` start tag. Its markup is not visible here, so it gets the benefit of the doubt.
  private static func titleMayComeFromPartial(
    tokens: [HTMLToken], landmarks: [String: HTMLStartTag], mask: HTMLMustacheMask
  ) -> Bool {
    let start = landmarks["head"]?.range.lowerBound ?? 0
    let headEnd = tokens.first { token in
      guard case .endTag("head", let range) = token else { return false }
      return range.lowerBound >= start
    }
    // A `<body>` before the `<head>` (a broken page the fuzzer found) does not end the head.
    let body = landmarks["body"].map(\.range.lowerBound).flatMap { $0 >= start ? $0 : nil }
    let end = headEnd?.range.lowerBound ?? body ?? mask.bytes.count
    return mask.partials.contains { (start..<end).contains($0) }
  }
}
