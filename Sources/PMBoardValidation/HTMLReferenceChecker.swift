/// Finds `&` in text and attribute values that does not start a valid character reference.
///
/// libxml2 reports a bare `&` after the fact and cannot judge HTML5-only names (`&check;`) or unknown ones (`&foo;`,
/// which it keeps silently), so references are checked here: `&name;` must be an HTML5 named reference, `&#123;` and
/// `&#x7B;` must be terminated and name a valid character. Anything else should be written `&amp;`.
public enum HTMLReferenceChecker {
  /// Problems with the references in `range` of `bytes`, each at its `&`.
  public static func issues(in bytes: [UInt8], range: Range<Int>) -> [HTMLIssue] {
    var issues: [HTMLIssue] = []
    var index = range.lowerBound
    while index < range.upperBound {
      if bytes[index] == UInt8(ascii: "&"), let message = problem(in: bytes, at: index, end: range.upperBound) {
        issues.append(HTMLIssue(offset: index, code: "html.character-reference", message: message))
      }
      index += 1
    }
    return issues
  }

  /// What is wrong with the reference starting at the `&` at `start`, or `nil` when it is valid.
  private static func problem(in bytes: [UInt8], at start: Int, end: Int) -> String? {
    let next = start + 1
    if next < end && bytes[next] == UInt8(ascii: "#") {
      return numericProblem(in: bytes, at: start, end: end)
    }
    var nameEnd = next
    while nameEnd < end, HTMLBytes.isLetter(bytes[nameEnd]) || HTMLBytes.isDigit(bytes[nameEnd]) {
      nameEnd += 1
    }
    let name = String(decoding: bytes[next..<nameEnd], as: UTF8.self)
    let hasSemicolon = nameEnd < end && bytes[nameEnd] == UInt8(ascii: ";")
    switch (name.isEmpty, hasSemicolon, HTMLEntityNames.contains(name)) {
    case (false, true, true): return nil
    case (false, true, false): return "unknown character reference &\(name);"
    case (false, false, true): return "character reference &\(name) is missing its ';'"
    default: return "'&' does not start a character reference; write &amp;"
    }
  }

  /// Checks `&#digits;` and `&#xhex;`: digits, a `;`, and a code point HTML allows.
  private static func numericProblem(in bytes: [UInt8], at start: Int, end: Int) -> String? {
    var index = start + 2
    let isHex = index < end && (bytes[index] | 0x20) == UInt8(ascii: "x")
    if isHex { index += 1 }
    let digitsStart = index
    var value = 0
    while index < end, let digit = digitValue(bytes[index], hex: isHex) {
      // Saturate: only "too large" matters, not the exact value.
      value = min(value * (isHex ? 16 : 10) + digit, 0x11_0000)
      index += 1
    }
    let written = String(decoding: bytes[start..<index], as: UTF8.self)
    guard index > digitsStart else { return "character reference \(written) has no digits; write &amp; for a '&'" }
    guard index < end && bytes[index] == UInt8(ascii: ";") else {
      return "character reference \(written) is missing its ';'"
    }
    if value == 0 || value > 0x10_FFFF || (0xD800...0xDFFF).contains(value) {
      return "character reference \(written); is not a valid character"
    }
    return nil
  }

  private static func digitValue(_ byte: UInt8, hex: Bool) -> Int? {
    if HTMLBytes.isDigit(byte) { return Int(byte - UInt8(ascii: "0")) }
    let lower = byte | 0x20
    guard hex, lower >= UInt8(ascii: "a"), lower <= UInt8(ascii: "f") else { return nil }
    return Int(lower - UInt8(ascii: "a")) + 10
  }
}
