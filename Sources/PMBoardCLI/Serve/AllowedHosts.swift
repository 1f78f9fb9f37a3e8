import Foundation

/// The names `serve` answers to in a request's `Host:` header. A web page can make its own name resolve to
/// 127.0.0.1 (DNS rebinding) and then read the preview as its own origin; the `Host:` it sends still names it,
/// so only `localhost`, IP addresses and the names given with `--allow-host` are answered.
package struct AllowedHosts: Sendable {
  /// The names given with `--allow-host`, in lower case, without a trailing dot.
  package let names: Set<String>

  /// What a request's `Host:` headers come to.
  package enum Verdict: Equatable, Sendable {
    case allowed
    /// None, or more than one: HTTP/1.1 answers 400.
    case malformed
    /// A name this server was not told to answer to: 403.
    case refused(String)
  }

  package init(names: [String]) {
    self.names = Set(names.map(Self.normalized))
  }

  /// Checks a name given with `--allow-host`: a host name, without a scheme, port or path.
  package static func check(_ name: String) -> String? {
    let allowed = name.unicodeScalars.allSatisfy {
      $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "."
    }
    guard !name.isEmpty, allowed else {
      return "--allow-host takes a host name such as board.example (no scheme, port or path), not \(name)"
    }
    return nil
  }

  /// The verdict on the request head `head` (its bytes up to the blank line).
  package func verdict(head: [UInt8]) -> Verdict {
    let values = Self.hostValues(in: head)
    guard values.count == 1, let value = values.first else { return .malformed }
    guard let host = Self.host(ofHeader: value) else { return .malformed }
    return allows(host) ? .allowed : .refused(host)
  }

  /// Whether `host` (a `Host:` header's host, without its port) is answered.
  package func allows(_ host: String) -> Bool {
    let name = Self.normalized(host)
    return name == "localhost" || names.contains(name) || Self.isIPv4(name) || Self.isIPv6Literal(name)
  }

  /// The values of the `Host:` header lines of `head`, whatever their case, trimmed. Split as bytes: as a
  /// `String`, CR LF is one character, and no line would end at LF.
  static func hostValues(in head: [UInt8]) -> [String] {
    head.split(separator: UInt8(ascii: "\n")).dropFirst().compactMap { line in
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")),
        String(decoding: line[..<colon], as: UTF8.self).lowercased() == "host"
      else { return nil }
      let value = String(decoding: line[(colon + 1)...], as: UTF8.self)
      return value.trimmingCharacters(in: [" ", "\t", "\r"])
    }
  }

  /// The host of a `Host:` value: without its port, a bracketed IPv6 address with its brackets; nil when empty.
  static func host(ofHeader value: String) -> String? {
    if value.hasPrefix("[") {
      guard let close = value.firstIndex(of: "]") else { return nil }
      let rest = value[value.index(after: close)...]
      guard rest.isEmpty || rest.hasPrefix(":") else { return nil }
      return String(value[...close])
    }
    let host = value.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)[0]
    return host.isEmpty ? nil : String(host)
  }

  private static func normalized(_ name: String) -> String {
    let lower = name.lowercased()
    return lower.hasSuffix(".") ? String(lower.dropLast()) : lower
  }

  /// Dotted-quad IPv4, as a browser sends it (it writes other forms, `0x7f.1`, this way first).
  private static func isIPv4(_ text: String) -> Bool {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4
      && parts.allSatisfy { part in
        !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber)
          && Int(part).map { $0 <= 255 } == true
      }
  }

  /// `[…]` holding hex digits, colons and dots (an embedded IPv4 address): no name can look like this.
  private static func isIPv6Literal(_ text: String) -> Bool {
    guard text.hasPrefix("["), text.hasSuffix("]"), text.count > 2 else { return false }
    return text.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
      && text.contains(":")
  }
}
