import Foundation
import PMBoardTestSupport
import Testing

/// A card's "more" link, its people and its source link are words apart, not glued (issue #57: a reader's text,
/// a copy and a screen reader's browse mode read "more@Ana María" and "더 보기#134").
@Suite("card link spacing")
struct CardLinkSpacingTests {
  static func board() -> String {
    let body = String(repeating: "긴 본문 ", count: 60)
    let tasks = [
      (1, "긴 카드", "", "https://github.com/o/r/issues/74"),
      (2, "Long card", "\"Ana María\"", "https://github.com/o/r/issues/134"),
    ].map { number, title, assignee, url in
      """
      { "id": "\(BoardFixture.id(number))", "title": "\(title)", "body": "\(body)", "state": "todo",
        "assignees": [\(assignee)], "url": "\(url)", "created": "2026-11-01T09:00:00Z",
        "updated": "2026-11-01T09:00:00Z" }
      """
    }
    return """
      { "format": "pmboard/1", "board": { "title": "Spacing", "timeZone": "UTC" },
        "tasks": [ \(tasks.joined(separator: ",\n")) ], "history": [] }
      """
  }

  @Test func moreLinkPeopleAndSourceAreSeparateWords() throws {
    let cli = try CLIRunner.importing(Self.board())
    defer { cli.remove() }
    let build = try cli.run("build", "--today", "2026-11-21")
    try #require(build.status == 0, "\(build.stderr)")
    for (code, more) in [("ko", "더 보기"), ("en", "more"), ("ja", "続きを読む")] {
      let page = try cli.read("_site/\(code)/index.html")
      let first = try #require(page.components(separatedBy: "id=\"t-\(BoardFixture.id(1))\"").dropFirst().first)
      let second = try #require(page.components(separatedBy: "id=\"t-\(BoardFixture.id(2))\"").dropFirst().first)
      #expect(first.contains(">\(more)</a> <div class=\"source\">"), "\(code): more, then the source link")
      #expect(second.contains(">\(more)</a> <div class=\"people\">"), "\(code): more, then the people")
      #expect(second.contains("Ana María</bdi></a> </div> <div class=\"source\">"), "\(code): people, then source")
    }
  }
}
