import PMBoardCore
import Testing

/// The host a card names for its link is the host a browser goes to (the WHATWG URL standard), not the one
/// `URLComponents` reads (RFC 3986): they differ where a `\` or an `@` can hide the real host.
@Suite("web addresses: the host a browser goes to")
struct WebAddressTests {
  @Test(arguments: [
    ("https://example.com/1", "example.com"),
    ("HTTPS://Example.COM:8443/a?b#c", "example.com"),
    ("http://user:pass@example.com/", "example.com"),
    // A browser reads `\` as `/` in http(s) addresses: the first host is the one it goes to.
    ("https://evil.test\\@github.com/", "evil.test"),
    ("https://evil.test\\\\@github.com/x", "evil.test"),
    ("https:\\\\evil.test\\x", "evil.test"),
    // The last `@` before the path ends the credentials.
    ("https://github.com@evil.test/", "evil.test"),
    ("https://a@b@evil.test/", "evil.test"),
    ("https://evil.test?@github.com/", "evil.test"),
    ("https://evil.test#@github.com/", "evil.test"),
    ("https://%65vil.test/", "evil.test"),
    ("http://[::1]:8000/", "[::1]"),
    ("http://127.0.0.1:8000/", "127.0.0.1"),
  ])
  func theHostIsTheBrowsers(url: String, host: String) {
    #expect(WebAddress.host(of: url) == host)
  }

  @Test(arguments: ["https://", "https://?q", "https://user@/", "ftp://example.com/", "example.com", ""])
  func anAddressWithoutAnHTTPHostHasNone(url: String) {
    #expect(WebAddress.host(of: url) == nil)
  }
}
