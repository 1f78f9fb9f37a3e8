import PMBoardCore
import PMBoardTestSupport
import Testing

/// `CardExcerpt` reads at most 201 characters of a body, with a byte path for ASCII; these tests hold it to the
/// plain rule it replaced, which counts and cuts whole strings.
@Suite struct CardExcerptTests {
  /// The rule as first written: every character of the body counted, then cut.
  static func reference(_ body: String) -> String? {
    let stops: [Character] = [".", "。", "．"]
    guard body.count > CardExcerpt.characterLimit else {
      // A short body loses its lines after the fourth line break, when they hold anything.
      let breaks = body.indices.filter { body[$0] == "\n" }
      guard breaks.count >= CardExcerpt.lineLimit else { return nil }
      let fourth = breaks[CardExcerpt.lineLimit - 1]
      guard body[body.index(after: fourth)...].contains(where: { !$0.isWhitespace }) else { return nil }
      var cut = body[..<fourth]
      while let last = cut.last, last.isWhitespace || stops.contains(last) { cut = cut.dropLast() }
      return cut + "…"
    }
    var cut = Substring(body.prefix(CardExcerpt.kept))
    if let lastLine = cut.indices.filter({ cut[$0] == "\n" }).dropFirst(CardExcerpt.lineLimit - 1).first {
      cut = cut[..<lastLine]
    }
    // White space and full stops: a cut never reads ".…" (issue 40).
    while let last = cut.last, last.isWhitespace || stops.contains(last) { cut = cut.dropLast() }
    return cut + "…"
  }

  static let pieces = [
    "a", "b ", "\n", "\r\n", "e\u{301}", "한", "글 ", "日本", "語", "👩‍👩‍👧", "🇰🇷", " ", "\u{301}", "\r", "x\t",
  ]

  @Test(arguments: [0, 150, 159, 160, 161, 199, 200, 201, 202, 203, 260, 1000])
  func asciiBodiesOfEveryLengthNearTheLimits(length: Int) {
    let body = String(repeating: "word ", count: length / 5 + 1).prefix(length)
    #expect(CardExcerpt.of(String(body)) == Self.reference(String(body)))
  }

  @Test func aMarkOrCRLFRightAfterTheLimitIsOneCharacterWithTheByteBeforeIt() {
    for tail in ["e\u{301}", "\r\n", "\u{301}\u{302}", "👍🏽", "\n"] {
      for length in 198...203 {
        let body = String(repeating: "x", count: length) + tail + String(repeating: "y", count: 5)
        #expect(
          CardExcerpt.of(body) == Self.reference(body), "length \(length), tail \(tail.unicodeScalars.map(\.value))")
      }
    }
  }

  @Test func lineBreaksBeforeTheCutEndTheExcerptAtTheFourthLine() {
    let body = (1...8).map { "line \($0)" }.joined(separator: "\n") + String(repeating: "z", count: 200)
    #expect(CardExcerpt.of(body) == "line 1\nline 2\nline 3\nline 4…")
    #expect(CardExcerpt.of(body) == Self.reference(body))
  }

  /// Mostly scalars of the fast path, with now and then one that joins its neighbour, near the limits.
  @Test func randomKoreanAndJapaneseBodiesAgreeWithTheReference() {
    let separate = ["한", "글", "日", "本", "カ", "タ", "。", "、", " ", "\n", "Ａ", "é", "x", "ｶ"]
    let joining = ["\u{3099}", "\u{301}", "\u{11A8}", "\u{1100}", "\u{FF9E}", "\u{200D}", "\r", "🇰", "\u{302A}"]
    var generator = SplitMix64(seed: 16)
    for _ in 0..<3000 {
      var body = (0..<(150 + Int(generator.next() % 120))).map { _ in
        separate[Int(generator.next() % UInt64(separate.count))]
      }
      if generator.next() % 2 == 0 {
        let at = Int(generator.next() % UInt64(body.count))
        body[at] += joining[Int(generator.next() % UInt64(joining.count))]
      }
      let text = body.joined()
      #expect(CardExcerpt.of(text) == Self.reference(text), "\(text.unicodeScalars.map(\.value))")
    }
  }

  @Test func randomMixedBodiesAgreeWithTheReference() {
    var generator = SplitMix64(seed: 18)
    for _ in 0..<3000 {
      let count = Int(generator.next() % 260)
      let body = (0..<count).map { _ in Self.pieces[Int(generator.next() % UInt64(Self.pieces.count))] }.joined()
      #expect(CardExcerpt.of(body) == Self.reference(body), "\(body.unicodeScalars.map(\.value))")
    }
  }

  /// What `cut(utf8:)` says of `body`, as the text a card shows (nil: the whole body), or "unknown".
  static func byteAnswer(_ body: String) -> String?? {
    var body = body
    let bytes = Array(body.withUTF8 { Array($0) })
    switch CardExcerpt.cut(utf8: bytes.span) {
    case .whole: return .some(nil)
    case .cut(let end): return .some(String(decoding: bytes[..<end], as: UTF8.self) + "…")
    case .unknown: return nil
    }
  }

  /// The byte path answers as the reference wherever it answers, and answers for every body of separate scalars.
  @Test func theBytePathAgreesWithTheReference() {
    let separate = ["한", "글", "日", "本", "カ", "。", " ", "\n", "\t", "Ａ", "é", "x", "\u{A0}", "\u{3000}", "<"]
    let joining = ["\u{3099}", "\u{301}", "\u{1100}", "\r", "👍", "\u{200D}"]
    var generator = SplitMix64(seed: 21)
    for round in 0..<4000 {
      var body = (0..<(Int(generator.next() % 260))).map { _ in
        separate[Int(generator.next() % UInt64(separate.count))]
      }
      let joins = round % 3 == 0 && !body.isEmpty
      if joins {
        body[Int(generator.next() % UInt64(body.count))] += joining[Int(generator.next() % UInt64(joining.count))]
      }
      let text = body.joined()
      let answer = Self.byteAnswer(text)
      if let answer {
        #expect(answer == Self.reference(text), "\(text.unicodeScalars.map(\.value))")
      } else {
        #expect(joins, "no answer for separate scalars: \(text.unicodeScalars.map(\.value))")
      }
    }
  }

  @Test func whiteSpaceBeforeTheCutIsLeftOut() {
    for space in [" ", "\t", "\n", "\u{A0}", "\u{3000}", " \u{3000}\u{A0}"] {
      let body = String(repeating: "가", count: 150) + space + String(repeating: "나", count: 100)
      let padded = String(repeating: "가", count: 160 - space.count) + space + String(repeating: "나", count: 100)
      #expect(Self.byteAnswer(body) == .some(Self.reference(body)))
      #expect(Self.byteAnswer(padded) == .some(String(repeating: "가", count: 160 - space.count) + "…"))
    }
  }

  /// A cut that falls after a sentence's full stop (or its spaces) leaves it out: "…", never ".…" or "。…".
  @Test func aCutNeverEndsWithAFullStopBeforeItsEllipsis() {
    for stop in [".", "。", "．", ". ", "。 ", "...", ".\u{3000}"] {
      let head = String(repeating: "x", count: CardExcerpt.kept - stop.count) + stop
      let body = head + String(repeating: "y", count: 100)
      let excerpt = CardExcerpt.of(body)
      #expect(excerpt == String(repeating: "x", count: CardExcerpt.kept - stop.count) + "…", "\(stop.debugDescription)")
      #expect(excerpt == Self.reference(body))
    }
  }

  /// A short body of five lines shows four, cut after the fourth; one whose fifth line is empty or white space
  /// shows whole.
  @Test func aShortBodyOfFiveLinesShowsFour() {
    #expect(CardExcerpt.of("one\ntwo\nthree\nfour\nfive") == "one\ntwo\nthree\nfour…")
    #expect(CardExcerpt.of("one\ntwo\nthree\nfour.\nfive\nsix") == "one\ntwo\nthree\nfour…")
    #expect(CardExcerpt.of("one\ntwo\nthree\nfour\n  \n") == nil)
    #expect(CardExcerpt.of("one\ntwo\nthree\nfour") == nil)
    for body in ["a\nb\nc\nd\ne", "가\n나\n다\n라\n마", "\n\n\n\nx", "a\nb\nc\nd\n\u{3000}\u{A0}"] {
      #expect(Self.byteAnswer(body) == .some(Self.reference(body)), "\(body.debugDescription)")
      #expect(CardExcerpt.of(body) == Self.reference(body))
    }
  }
}
