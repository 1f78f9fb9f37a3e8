/// How much of a task's body a card shows: a long body is cut, and the card links to the task page, which shows it
/// whole. One rule for the build and the tests' reference model.
public enum CardExcerpt {
  /// A body longer than this many characters is cut, to at most ``kept`` characters and ``lineLimit`` lines.
  public static let characterLimit = 200
  public static let lineLimit = 4
  /// How many characters a cut body keeps before its "…".
  public static let kept = 160

  /// The start of `body` a card shows when the body is long, else nil. Cuts between characters as a person sees
  /// them, never inside one, keeping at most ``lineLimit`` lines.
  public static func of(_ body: String) -> String? {
    guard mayCut(utf8Count: body.utf8.count), let end = cutOffset(of: body) else { return nil }
    var cut = body[..<body.utf8.index(body.startIndex, offsetBy: end)]
    while let last = cut.last, last.isWhitespace { cut = cut.dropLast() }
    return cut + "…"
  }

  /// Whether ``of(_:)`` can cut a body of `utf8Count` bytes: a cheap test that skips most bodies.
  public static func mayCut(utf8Count: Int) -> Bool {
    utf8Count > characterLimit
  }

  /// The UTF-8 offset a long body is cut at (after ``kept`` characters, or before the line break that starts line
  /// ``lineLimit`` + 1 if that comes first); nil when the body has at most ``characterLimit`` characters. Reads at
  /// most ``characterLimit`` + 1 characters, since cards are made for every task of a board on every build.
  static func cutOffset(of body: String) -> Int? {
    if let plain = plainCutOffset(of: body) { return plain }
    var (count, lines, offset) = (0, 0, 0)
    var end: Int?
    for character in body {
      if count == kept, end == nil { end = offset }
      if count == characterLimit { return end }
      if end == nil, character == "\n" {
        lines += 1
        if lines == lineLimit { end = offset }
      }
      count += 1
      offset += character.utf8.count
    }
    return nil
  }

  /// ``cutOffset(of:)`` without walking characters, for a body whose first ``characterLimit`` + 2 bytes are ASCII
  /// other than CR: each such byte is one character, as the byte after it cannot join it (only a CR LF pair or a
  /// non-ASCII mark could). Nil for any other body.
  private static func plainCutOffset(of body: String) -> Int? {
    var lineBreaks: [Int] = []
    var count = 0
    for byte in body.utf8.prefix(characterLimit + 2) {
      guard byte < 0x80, byte != 0x0D else { return nil }
      if byte == 0x0A, count < kept { lineBreaks.append(count) }
      count += 1
    }
    guard count == characterLimit + 2 else { return nil }
    return lineBreaks.count >= lineLimit ? lineBreaks[lineLimit - 1] : kept
  }
}
