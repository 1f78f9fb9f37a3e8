/// How much of a task's body a card shows: a long body is cut, and the card links to the task page, which shows it
/// whole. One rule for the build and the tests' reference model.
public enum CardExcerpt {
  /// A body longer than this many characters is cut, to at most ``kept`` characters and ``lineLimit`` lines; a
  /// shorter one is cut at its ``lineLimit``-th line break when anything but white space follows it.
  public static let characterLimit = 200
  public static let lineLimit = 4
  /// How many characters a cut body keeps before its "…".
  public static let kept = 160

  /// The start of `body` a card shows when the body is long, else nil. Cuts between characters as a person sees
  /// them, never inside one, keeping at most ``lineLimit`` lines.
  public static func of(_ body: String) -> String? {
    guard mayCut(utf8Count: body.utf8.count), let end = cutOffset(of: body) else { return nil }
    var cut = body[..<body.utf8.index(body.startIndex, offsetBy: end)]
    while let last = cut.last, trimmed(last) { cut = cut.dropLast() }
    return cut + "…"
  }

  /// What a cut drops before its "…": white space, and full stops, so that a cut never reads ".…".
  static func trimmed(_ character: Character) -> Bool {
    character.isWhitespace || character == "." || character == "。" || character == "．"
  }

  /// Whether ``of(_:)`` can cut a body of `utf8Count` bytes: one too short to hold ``lineLimit`` line breaks and a
  /// character after them cannot.
  public static func mayCut(utf8Count: Int) -> Bool {
    utf8Count > lineLimit
  }

  /// The UTF-8 offset a long body is cut at (after ``kept`` characters, or before the line break that starts line
  /// ``lineLimit`` + 1 if that comes first); nil when the body has at most ``characterLimit`` characters. Reads at
  /// most ``characterLimit`` + 1 characters, since cards are made for every task of a board on every build.
  static func cutOffset(of body: String) -> Int? {
    switch cut(utf8: body.utf8.span) {
    case .whole: return nil
    case .cut(let end): return end
    case .unknown: break
    }
    var (count, lines, offset) = (0, 0, 0)
    var end: Int?
    var fourth: Int?
    var textAfterFourth = false
    for character in body {
      if count == kept, end == nil { end = offset }
      if count == characterLimit { return end }
      if character == "\n" {
        lines += 1
        if lines == lineLimit {
          fourth = offset
          if end == nil { end = offset }
        }
      } else if fourth != nil, !character.isWhitespace {
        textAfterFourth = true
      }
      count += 1
      offset += character.utf8.count
    }
    // A short body: cut only when its fifth line holds something.
    return textAfterFourth ? fourth : nil
  }

  /// Scalars that never join a neighbour of this set into one character (Unicode's grapheme break property
  /// "Other", or a control other than CR): ASCII, Latin letters and modifiers, CJK punctuation, kana,
  /// ideographs, Hangul syllables, full-width forms. Combining marks, joiners, jamo, CR and emoji are not, and
  /// send a body to the character walk.
  static func isSeparate(value: UInt32) -> Bool {
    switch value {
    case 0x09, 0x0A, 0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF: true
    case 0x3000...0x3029, 0x3030...0x3096, 0x309B...0x30FF: true
    case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF9D: true
    default: false
    }
  }
}
