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
    guard mayCut(utf8Count: body.utf8.count), body.count > characterLimit else { return nil }
    var cut = Substring(body.prefix(kept))
    if let lastLine = cut.indices.filter({ cut[$0] == "\n" }).dropFirst(lineLimit - 1).first {
      cut = cut[..<lastLine]
    }
    while let last = cut.last, last.isWhitespace { cut = cut.dropLast() }
    return cut + "…"
  }

  /// Whether ``of(_:)`` can cut a body of `utf8Count` bytes: a cheap test that skips most bodies.
  public static func mayCut(utf8Count: Int) -> Bool {
    utf8Count > characterLimit
  }
}
