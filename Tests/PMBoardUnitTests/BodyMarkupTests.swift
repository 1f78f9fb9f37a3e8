import PMBoardCore
import PMBoardSite
import Testing

/// A body's links and checklist boxes (`BodyMarkup`), as a reader sees them on a card and a task page.
@Suite struct BodyMarkupTests {
  static func link(_ address: String) -> String {
    "<a href=\"\(address)\" rel=\"nofollow noopener\">\(address)</a>"
  }

  @Test func aBodyWithoutAddressesOrBoxesHasNoMarkup() {
    for body in ["", "plain", "see http:/x", "http://", "a [ ] b", "xhttp://a.b", "ftp://a.b", "- [y] no"] {
      #expect(BodyMarkup.pieces(utf8: body.utf8.span) == nil, "\(body)")
    }
  }

  @Test func addressesBecomeLinksAndTheirSentenceKeepsItsPunctuation() {
    #expect(BodyMarkup.html(of: "See https://a.org/x.") == "See \(Self.link("https://a.org/x")).")
    #expect(BodyMarkup.html(of: "(http://a.org/p)") == "(\(Self.link("http://a.org/p")))")
    #expect(
      BodyMarkup.html(of: "https://en.wikipedia.org/wiki/Swift_(language), ok")
        == "\(Self.link("https://en.wikipedia.org/wiki/Swift_(language)")), ok")
    #expect(BodyMarkup.html(of: "HTTPS://A.ORG") == Self.link("HTTPS://A.ORG"))
    #expect(BodyMarkup.html(of: "a\nhttp://x.y\nb") == "a\n\(Self.link("http://x.y"))\nb")
  }

  @Test func koreanAndJapaneseTextMayRunIntoAnAddress() {
    #expect(BodyMarkup.html(of: "詳細はhttps://a.jp/x。") == "詳細は\(Self.link("https://a.jp/x"))。")
    #expect(BodyMarkup.html(of: "https://a.kr/x에서 확인") == "\(Self.link("https://a.kr/x"))에서 확인")
  }

  @Test func whatAnAddressHoldsIsEscapedAndItCannotBreakOutOfItsAttribute() {
    #expect(BodyMarkup.html(of: "http://a.b/?x=1&y=2") == Self.link("http://a.b/?x=1&amp;y=2"))
    #expect(BodyMarkup.html(of: "http://a.b/\"onclick=x") == "\(Self.link("http://a.b/"))&quot;onclick=x")
    #expect(BodyMarkup.html(of: "<b>http://a.b</b>") == "&lt;b&gt;\(Self.link("http://a.b"))&lt;/b&gt;")
    #expect(BodyMarkup.html(of: "javascript:alert(1) http://_x") == "javascript:alert(1) http://_x")
  }

  /// A checklist quoted in a code fence stays text, as its count leaves it out (``Checklist``).
  @Test func checklistLinesInACodeFenceShowNoBoxes() {
    let body = "```\n- [ ] quoted: http://a.b\n```\n- [x] real"
    #expect(
      BodyMarkup.html(of: body)
        == "```\n- [ ] quoted: \(Self.link("http://a.b"))\n```\n<span class=\"box done\">☑</span> real")
    #expect(BodyMarkup.html(of: "~~~\n- [ ] open fence") == "~~~\n- [ ] open fence")
  }

  @Test func checklistLinesShowBoxes() {
    let body = "Steps:\n- [ ] one\n  * [x] two & more\n- [X]\n-[ ] not\nx - [ ] not"
    #expect(
      BodyMarkup.html(of: body)
        == "Steps:\n<span class=\"box\">☐</span> one\n  <span class=\"box done\">☑</span> two &amp; more\n"
        + "<span class=\"box done\">☑</span>\n-[ ] not\nx - [ ] not")
  }

  @Test func aCutBodyLeavesAnAddressAtItsCutAsTextAndEndsInAnEllipsis() {
    #expect(BodyMarkup.html(of: "see http://a.b/long", isCut: true) == "see http://a.b/long…")
    #expect(BodyMarkup.html(of: "http://a.b and", isCut: true) == "\(Self.link("http://a.b")) and…")
    #expect(BodyMarkup.html(of: "a & b", isCut: true) == "a &amp; b…")
  }

  @Test func theWorstCaseHoldsForBodiesMadeOfAddressesAndAmpersands() {
    for body in [
      String(repeating: "http://a ", count: 50), String(repeating: "http://&&&&&&&& ", count: 20),
      String(repeating: "- [ ]\n", count: 40), String(repeating: "&", count: 100),
    ] {
      #expect(BodyMarkup.html(of: body).utf8.count <= BodyMarkup.worstCase(rawCount: body.utf8.count))
      #expect(BodyMarkup.html(of: body, isCut: true).utf8.count <= BodyMarkup.worstCase(rawCount: body.utf8.count))
    }
  }

  /// The build reads a body once for its language and for whether it can hold markup at all; the one pass must
  /// answer as the two plain questions do, whatever comes before or after the first kana.
  @Test func oneScanTellsTheLanguageAndWhetherABodyMayHoldMarkup() {
    let pieces = ["a", ":", "[", "한", "か", "漢", " ", "\n", "é", "👍", "ｶ"]
    var seed: UInt64 = 7
    for _ in 0..<2000 {
      var body = ""
      for _ in 0..<Int(seed % 9) {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        body += pieces[Int(seed >> 33) % pieces.count]
      }
      let scan = ScriptGuess.langAndMarks(utf8: body.utf8.span)
      #expect(scan.lang == ScriptGuess.lang(of: body), "\(body)")
      #expect(scan.hasMarks == (body.contains(":") || body.contains("[")), "\(body)")
    }
  }
}
