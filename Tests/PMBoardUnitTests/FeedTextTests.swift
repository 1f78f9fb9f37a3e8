import Foundation
import PMBoardCore
import Testing

@testable import PMBoardSite

/// The byte-level rules of the feeds, at their edges: folding, escaping, name-based ids, the 09:00 reminder.
@Suite struct FeedTextTests {
  @Test func foldsAt75OctetsBetweenUTF8Sequences() {
    for title in [
      String(repeating: "가", count: 40), String(repeating: "a", count: 200), "x" + String(repeating: "😀", count: 30),
    ] {
      var lines = ICalendarLines()
      lines.text("SUMMARY", title)
      let physical = lines.bytes.split(separator: 0x0A, omittingEmptySubsequences: true)
      for line in physical {
        #expect(line.last == 0x0D)
        #expect(line.count - 1 <= 75)
        #expect(String(validating: Array(line.dropLast()), as: UTF8.self) != nil, "a fold split a sequence")
      }
      // Unfolding (drop CRLF + space) gives the line back.
      let unfolded = String(decoding: lines.bytes, as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "")
      #expect(unfolded == "SUMMARY:\(title)\r\n")
    }
  }

  @Test func escapesTextValues() {
    var out: [UInt8] = []
    ICalendarLines.escapeText("a\\b;c,d\ne\r\nf\rg\u{7}h\ti", into: &out)
    #expect(String(decoding: out, as: UTF8.self) == #"a\\b\;c\,d\ne\nf\ng"# + "h\ti")
  }

  @Test func jsonStringsRoundTrip() throws {
    let text = "plain 한글 \"quoted\" back\\slash\nline\r\u{1}\ttab \u{2028}"
    var out: [UInt8] = []
    MarkupText.json(text, into: &out)
    #expect(String(decoding: out, as: UTF8.self).contains(#"\u0001"#))
    let parsed = try JSONSerialization.jsonObject(with: Data(out), options: .fragmentsAllowed) as? String
    #expect(parsed == text)
  }

  @Test func nameBasedUUIDsFollowRFC9562() {
    // RFC 9562 appendix A.4: the version-5 UUID of "www.example.com" in the DNS namespace.
    let dns: [UInt8] = [
      0x6B, 0xA7, 0xB8, 0x10, 0x9D, 0xAD, 0x11, 0xD1, 0x80, 0xB4, 0x00, 0xC0, 0x4F, 0xD4, 0x30, 0xC8,
    ]
    #expect(
      NameUUID.text(NameUUID.v5(namespace: dns, name: "www.example.com")) == "2ed6657d-e927-568b-95e1-2665a8aea6a2")
    #expect(
      SHA1.digest(Array("abc".utf8)).map { String(format: "%02x", $0) }.joined()
        == "a9993e364706816aba3e25717850c26c9cd0d89d")
    #expect(NameUUID.urn("x") == NameUUID.urn("x"))
  }

  @Test func remindersRingAtNineOnTheBoardsClock() throws {
    let day = try #require(CalendarDate(iso: "2026-11-21"))
    func alarm(_ zone: String) throws -> String {
      CalendarFeed.utc(CalendarFeed.nineOClock(on: day, in: try #require(TimeZone(identifier: zone))))
    }
    #expect(try alarm("Pacific/Kiritimati") == "20261120T190000Z")
    #expect(try alarm("Asia/Seoul") == "20261121T000000Z")
    #expect(try alarm("Pacific/Pago_Pago") == "20261121T200000Z")
    // The day New York leaves daylight time (2026-11-01, at 02:00): 09:00 is already EST.
    let fallBack = try #require(CalendarDate(iso: "2026-11-01"))
    let newYork = try #require(TimeZone(identifier: "America/New_York"))
    #expect(CalendarFeed.utc(CalendarFeed.nineOClock(on: fallBack, in: newYork)) == "20261101T140000Z")
  }

  @Test func publishSettingsReadTheirWords() throws {
    var policy = PublishPolicy.everything
    try policy.set("bodies", "hide")
    try policy.set("states", "todo, DOING")
    try policy.set("history", "titles")
    try policy.set("feeds", "off")
    #expect(!policy.bodies && policy.stateList == [.todo, .doing] && policy.history == .titles && !policy.feeds)
    #expect(throws: PublishPolicyError.self) { try policy.set("states", "") }
    #expect(throws: PublishPolicyError.self) { try policy.set("colour", "red") }
  }
}
