import Foundation

/// What a browser makes of a task's link: the host it goes to, which a card shows as the link's text.
public enum WebAddress {
  /// The host a browser goes to for the `http` or `https` address `url`, in lower case, or nil when it has none.
  ///
  /// It follows the WHATWG URL standard that browsers implement, not RFC 3986 as `URLComponents` does: for these
  /// schemes a `\` ends the authority as `/` does, so `https://evil.test\@github.com/` goes to `evil.test`, where
  /// `URLComponents` reads a user `evil.test\` and the host `github.com`. A card must not name a host its link
  /// does not go to.
  public static func host(of url: String) -> String? {
    let scalars = url.unicodeScalars
    guard let colon = scalars.firstIndex(of: ":") else { return nil }
    let scheme = String(scalars[..<colon]).lowercased()
    guard scheme == "http" || scheme == "https" else { return nil }
    let rest = scalars[scalars.index(after: colon)...].drop { $0 == "/" || $0 == "\\" }
    let authority = rest.prefix { !["/", "\\", "?", "#"].contains($0) }
    // The credentials end at the last `@`: the host is what follows it.
    let hostAndPort = authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
    // An IPv6 literal keeps its brackets and colons; a port follows the host's first colon otherwise.
    let text =
      hostAndPort.first == "["
      ? String(hostAndPort.prefix { $0 != "]" }) + (hostAndPort.contains("]") ? "]" : "")
      : String(hostAndPort.prefix { $0 != ":" })
    guard !text.isEmpty else { return nil }
    // A browser decodes `%65` in a host before it looks the name up.
    return (text.removingPercentEncoding ?? text).lowercased()
  }
}
