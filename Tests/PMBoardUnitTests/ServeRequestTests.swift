import Foundation
import PMBoardCLI
import Testing

/// What `serve` makes of a request's path, and what it adds to a page.
@Suite("serve: paths, types and the reload tag")
struct ServeRequestTests {
  @Test func pathsAreDecodedPerComponent() throws {
    let root = try SitePath(target: "/")
    #expect(root.components.isEmpty && root.endsWithSlash)
    let folder = try SitePath(target: "/en/tasks/?q=1")
    #expect(folder.components == ["en", "tasks"] && folder.endsWithSlash)
    let page = try SitePath(target: "/en//index.html?a/b")
    #expect(page.components == ["en", "index.html"] && !page.endsWithSlash)
    #expect(try SitePath(target: "/ko/%EB%B3%B4%EB%93%9C.html").components == ["ko", "보드.html"])
    #expect(try SitePath(target: "/a%20b").components == ["a b"])
  }

  @Test(arguments: [
    "", "en/index.html", "http://127.0.0.1/", "/..", "/../x", "/en/..", "/.", "/%2e%2e/x", "/%2E%2e", "/a%2fb",
    "/a%2Fb", "/a%5cb", "/a\\b", "/a%00b", "/%", "/%4", "/%zz", "/%ff", "/%c3",
  ])
  func malformedPathsAreRefused(target: String) {
    #expect(throws: SitePath.Refusal.malformed) { try SitePath(target: target) }
  }

  @Test(arguments: ["/.pmboard-manifest", "/en/.hidden/x.html", "/%2epmboard-stamps", "/..."])
  func hiddenNamesAreNotFound(target: String) {
    #expect(throws: SitePath.Refusal.hidden) { try SitePath(target: target) }
  }

  /// A request head with CR LF lines, as browsers send them, or LF alone.
  @Test(arguments: ["\r\n", "\n"])
  func theHostHeaderDecidesWhetherToAnswer(end: String) {
    let hosts = AllowedHosts(names: ["Board.Test"])
    func verdict(_ lines: String...) -> AllowedHosts.Verdict {
      hosts.verdict(head: Array((["GET / HTTP/1.1"] + lines).joined(separator: end).utf8 + Array((end + end).utf8)))
    }
    #expect(verdict("Host: localhost:8000", "Accept: */*") == .allowed)
    #expect(verdict("hOsT:127.0.0.1") == .allowed)
    #expect(verdict("Host: [::1]:8000") == .allowed)
    #expect(verdict("Host: board.test.") == .allowed)
    #expect(verdict("Host: evil.test:8000") == .refused("evil.test"))
    #expect(verdict("Host: 127.0.0.1.evil.test") == .refused("127.0.0.1.evil.test"))
    #expect(verdict("Accept: */*") == .malformed)
    #expect(verdict("Host: localhost", "Host: evil.test") == .malformed)
    #expect(verdict("Host: ") == .malformed)
    #expect(AllowedHosts.check("board.test") == nil)
    #expect(AllowedHosts.check("board.test:8000") != nil)
  }

  @Test func typesFollowTheExtension() {
    #expect(MediaType.of("index.html") == "text/html; charset=utf-8")
    #expect(MediaType.of("history.atom") == "application/atom+xml")
    #expect(MediaType.of("calendar.ics") == "text/calendar; charset=utf-8")
    #expect(MediaType.of("open.svg") == "image/svg+xml")
    #expect(MediaType.of("LOGO.PNG") == "image/png")
    #expect(MediaType.of("site.webmanifest") == "application/manifest+json")
    #expect(MediaType.of("README") == "application/octet-stream")
    #expect(MediaType.of(".hidden") == "application/octet-stream")
    #expect(MediaType.of("archive.tar.gz") == "application/octet-stream")
  }

  @Test func theReloadTagGoesBeforeTheHeadsEnd() {
    let tag = "<script src=\"/__pmboard/reload.js\" data-generation=\"7\" defer></script>"
    func injected(_ page: String) -> String {
      String(decoding: LiveReload.inject(into: Data(page.utf8), generation: 7), as: UTF8.self)
    }
    #expect(
      injected("<html><head><title>x</title></head><body></body></html>")
        == "<html><head><title>x</title>\(tag)</head><body></body></html>")
    #expect(injected("<HTML><HEAD></HEAD></HTML>") == "<HTML><HEAD>\(tag)</HEAD></HTML>")
    #expect(injected("<p>no head</p></body>") == "<p>no head</p>\(tag)</body>")
    #expect(injected("<p>neither</p>") == "<p>neither</p>\(tag)")
    #expect(injected("") == tag)
  }
}
