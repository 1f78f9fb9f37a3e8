import Foundation
import PMBoardBytes

/// The field rules every task obeys, wherever it comes from (command line, import, a store file).
///
/// Text is kept in NFC, so canonically equivalent titles are the same bytes and order the same way everywhere.
/// Control characters are refused (a body may hold newlines and tabs), and so is a title with nothing visible.
/// Limits count characters as a person sees them and, so that a few characters cannot carry megabytes of
/// combining marks, bytes too.
public enum TaskRules {
  public static let titleLimit = 200
  public static let bodyLimit = 1000
  /// UTF-8 bytes: room for any script at the character limits (Hangul is 3 bytes a character, most emoji 4–8).
  public static let titleByteLimit = 1000
  public static let bodyByteLimit = 8000

  /// The title trimmed of surrounding whitespace and in NFC, or the reason it is not acceptable.
  public static func checkTitle(_ raw: String) -> Result<String, RuleViolation> {
    isPlainTitle(raw) ? .success(raw) : checkTitleFully(raw)
  }

  /// ``checkTitle(_:)`` without its one-pass shortcut: the reference the shortcut is tested against.
  static func checkTitleFully(_ raw: String) -> Result<String, RuleViolation> {
    // Trimming goes through NSString; skip it for the usual title that has nothing to trim (import speed).
    let needsTrim = raw.unicodeScalars.first.map(isSpace) ?? false || raw.unicodeScalars.last.map(isSpace) ?? false
    let title = nfc(needsTrim ? raw.trimmingCharacters(in: .whitespacesAndNewlines) : raw)
    if title.isEmpty { return .failure(RuleViolation("the title is empty; give the task a title")) }
    if title.unicodeScalars.contains(where: isLineBreak) {
      return .failure(RuleViolation("the title has a line break; a title is one line (put details in the body)"))
    }
    if let control = title.unicodeScalars.first(where: isControl) {
      return .failure(RuleViolation("the title has the control character \(codePoint(control)); remove it"))
    }
    if title.unicodeScalars.allSatisfy(isInvisible) {
      return .failure(RuleViolation("the title has no visible character; give the task a title"))
    }
    if title.utf8.count > titleByteLimit {
      return .failure(
        RuleViolation("the title is \(title.utf8.count) bytes of UTF-8; at most \(titleByteLimit) are allowed"))
    }
    // A title of at most 200 UTF-8 bytes has at most 200 characters: skip the costly grapheme count.
    if title.utf8.count > titleLimit, title.count > titleLimit {
      return .failure(
        RuleViolation("the title has \(title.count) characters; at most \(titleLimit) are allowed"))
    }
    return .success(title)
  }

  /// Whether `raw` is a title as ``checkTitle(_:)`` would return it, told in one pass over its bytes (and its
  /// scalars when it is not ASCII): at most ``titleLimit`` bytes, nothing to trim, no line break or control
  /// character, made of scalars that are in NFC whatever surrounds them, something visible. An import checks every
  /// history line's title too (300,000 at 100,000 tasks), and the separate passes of the full check cost it 10 %.
  /// False sends the title through the full check, which gives the reason.
  static func isPlainTitle(_ raw: String) -> Bool {
    let bytes = raw.utf8.span
    guard bytes.count > 0, bytes.count <= titleLimit else { return false }
    // Scalars decoded from the bytes by hand (the text is valid UTF-8): the unicode-scalar view cost 190 ns a
    // title of Hangul, most of what the check costs an import.
    var index = 0
    var visible = false
    var first: Unicode.Scalar = " "
    var last: Unicode.Scalar = " "
    while index < bytes.count {
      // ASCII, most of most titles, needs no decoding: a control character fails, anything but a space is visible.
      let byte = bytes[index]
      if byte < 0x80 {
        if byte < 0x20 || byte == 0x7F { return false }
        if byte != 0x20 { visible = true }
        if index == 0 { first = Unicode.Scalar(byte) }
        last = Unicode.Scalar(byte)
        index += 1
        continue
      }
      let lead = UInt32(byte)
      var (value, length) = (lead & 0x1F, 2)
      if lead >= 0xF0 {
        (value, length) = (lead & 0x07, 4)
      } else if lead >= 0xE0 {
        (value, length) = (lead & 0x0F, 3)
      }
      for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
      guard let scalar = Unicode.Scalar(value) else { return false }
      if index == 0 { first = scalar }
      last = scalar
      index += length
      if isLineBreak(scalar) || isControl(scalar) || !isStableInNFC(scalar) { return false }
      if !visible, isSurelyVisible(scalar) || !isInvisible(scalar) { visible = true }
    }
    return visible && (isSurelyVisible(first) || !isSpace(first)) && (isSurelyVisible(last) || !isSpace(last))
  }

  /// Scalars that draw something, told by their range without a look at their Unicode properties: ASCII and
  /// Latin-1 letters and signs but the soft hyphen, kana, CJK ideographs, Hangul syllables, full-width forms.
  private static func isSurelyVisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x21...0x7E, 0xA1...0xAC, 0xAE...0x2FF, 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF, 0xAC00...0xD7A3,
      0xFF01...0xFF60:
      true
    default: false
    }
  }

  /// At most this many UTF-8 bytes name who made a change.
  public static let authorByteLimit = 200

  /// A change's author: one line, no control character, at most ``authorByteLimit`` bytes; empty is allowed (not
  /// known).
  public static func checkAuthor(_ raw: String) -> Result<String, RuleViolation> {
    let author = nfc(raw)
    if let control = author.unicodeScalars.first(where: { isControl($0) || isLineBreak($0) }) {
      return .failure(RuleViolation("the author has the control character \(codePoint(control)); remove it"))
    }
    if author.utf8.count > authorByteLimit {
      return .failure(
        RuleViolation("the author is \(author.utf8.count) bytes of UTF-8; at most \(authorByteLimit) are allowed"))
    }
    return .success(author)
  }

  /// A source's name or a task's id in it: one line of 1 to ``authorByteLimit`` bytes, no control character.
  public static func checkSourceText(_ text: String) -> RuleViolation? {
    if text.isEmpty { return RuleViolation("empty; a source and its ids need at least one character") }
    if let control = text.unicodeScalars.first(where: { isControl($0) || isLineBreak($0) }) {
      return RuleViolation("has the control character \(codePoint(control)); remove it")
    }
    if text.utf8.count > authorByteLimit {
      return RuleViolation("is \(text.utf8.count) bytes of UTF-8; at most \(authorByteLimit) are allowed")
    }
    return nil
  }

  /// The body in NFC, or the reason it is not acceptable.
  public static func checkBody(_ raw: String) -> Result<String, RuleViolation> {
    let body = nfc(raw)
    if let control = body.unicodeScalars.first(where: { isControl($0) && $0 != "\n" && $0 != "\t" }) {
      return .failure(
        RuleViolation("the body has the control character \(codePoint(control)); only newlines and tabs are kept"))
    }
    if body.utf8.count > bodyByteLimit {
      return .failure(
        RuleViolation("the body is \(body.utf8.count) bytes of UTF-8; at most \(bodyByteLimit) are allowed"))
    }
    if body.utf8.count > bodyLimit, body.count > bodyLimit {
      return .failure(RuleViolation("the body has \(body.count) characters; at most \(bodyLimit) are allowed"))
    }
    return .success(body)
  }

  /// `text` in Unicode Normalization Form C; ASCII (most text) is already, and so is text made only of scalars that
  /// are in NFC whatever surrounds them (``isStableInNFC(_:)``), such as most Korean, Japanese, Chinese and
  /// precomposed Latin text: Foundation's normalizer was a tenth of re-importing 10,000 GitHub issues.
  public static func nfc(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 >= 0x80 }) else { return text }
    if text.unicodeScalars.allSatisfy(isStableInNFC) { return text }
    return text.precomposedStringWithCanonicalMapping
  }

  /// Scalars whose NFC quick check is Yes and canonical combining class 0, and that are never the second of a
  /// canonical composition: a string of them only is in NFC. Ranges: Latin-1 and Latin Extended up to the combining
  /// diacritics (U+0300), general punctuation but the two spaces that decompose (U+2000, U+2001), CJK symbols, Hiragana and Katakana without the combining sound marks U+3099 and U+309A,
  /// CJK unified ideographs, Hangul syllables (a trailing jamo after one is outside, so it takes the slow path),
  /// and half- and full-width forms.
  static func isStableInNFC(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x300, 0x2002..<0x2070, 0x3000..<0x3099, 0x309B..<0x3100, 0x4E00..<0xA000, 0xAC00..<0xD7A4,
      0xFF00..<0xFFF0:
      true
    default: false
    }
  }

  static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": true
    default: false
    }
  }

  /// C0 controls, DEL and C1 controls.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// Whitespace, and characters that draw nothing (zero-width spaces and joiners, bidi marks, the BOM).
  static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isWhitespace || scalar.properties.isDefaultIgnorableCodePoint
      || scalar.properties.generalCategory == .format
  }

  static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isWhitespace || scalar == "\n" || scalar == "\r"
  }

  static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// Checks a whole task; returns every problem, each naming the field.
  public static func problems(in task: BoardTask) -> [(field: String, problem: RuleViolation)] {
    var found: [(String, RuleViolation)] = []
    switch checkTitle(task.title) {
    case .failure(let violation): found.append(("title", violation))
    case .success(let checked) where checked != task.title || !checked.utf8.elementsEqual(task.title.utf8):
      found.append(("title", RuleViolation("the title has leading or trailing whitespace or is not in NFC")))
    case .success: break
    }
    switch checkBody(task.body) {
    case .failure(let violation): found.append(("body", violation))
    case .success(let checked) where !checked.utf8.elementsEqual(task.body.utf8):
      found.append(("body", RuleViolation("the body is not in NFC")))
    case .success: break
    }
    found += nameAndLinkProblems(in: task)
    if let source = task.source {
      for (field, text) in [("source", source.name), ("sourceId", source.id)] {
        if let problem = checkSourceText(text) { found.append((field, problem)) }
      }
    }
    // The interchange format writes four-digit years; a task outside them could not be exported and read back.
    let utc = TimeZone.utc
    let days: [(String, CalendarDate?)] = [
      ("due", task.due), ("created", CalendarDate(task.created, in: utc)),
      ("updated", CalendarDate(task.updated, in: utc)),
    ]
    for case (let field, let day?) in days where !(0...9999).contains(day.year) {
      found.append((field, RuleViolation("the year \(day.year) is outside 0000–9999")))
    }
    return found
  }
}

/// Why a value breaks a field rule, worded for the person who typed it.
public struct RuleViolation: Error, Sendable, Hashable, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
