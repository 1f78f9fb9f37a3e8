/// The file a request asks for in the site folder, read from the request's path as sent (still percent-encoded):
/// one name per component, none of which can leave the folder or name pmboard's own files in it.
package struct SitePath: Equatable, Sendable {
  /// The names from the site folder down, decoded; empty for the site's root.
  package var components: [String]
  /// Whether the path ended with `/` (a folder's URL), so that its `index.html` is served.
  package var endsWithSlash: Bool

  /// Why a path is not served.
  package enum Refusal: Error, Equatable {
    /// Not a path the site could hold: not absolute, `.` or `..`, a NUL, an encoded `/` or `\`, bad UTF-8 or
    /// a bad escape (400).
    case malformed
    /// A component starting with `.`: pmboard's side files (the manifest, the stamps) and anything hidden (404).
    case hidden
  }

  /// The path of `target` (`/en/tasks/?x=1` without its query), percent-decoded component by component, so an
  /// encoded `/` cannot join two components, nor `%2e%2e` pass for a name.
  package init(target: String) throws(Refusal) {
    let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    guard path.hasPrefix("/") else { throw .malformed }
    var names: [String] = []
    for raw in path.split(separator: "/") {
      guard let name = Self.decoded(raw) else { throw .malformed }
      guard name != ".", name != "..", !name.contains("/"), !name.contains("\\"), !name.contains("\0") else {
        throw .malformed
      }
      names.append(name)
    }
    if names.contains(where: { $0.hasPrefix(".") }) { throw .hidden }
    components = names
    endsWithSlash = path.hasSuffix("/")
  }

  /// `text` with its `%XX` escapes decoded, or nil when one is malformed or the bytes are not UTF-8.
  static func decoded(_ text: Substring) -> String? {
    var bytes: [UInt8] = []
    var utf8 = text.utf8[...]
    while let byte = utf8.popFirst() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard let high = utf8.popFirst().flatMap(hexValue), let low = utf8.popFirst().flatMap(hexValue) else {
        return nil
      }
      bytes.append(high << 4 | low)
    }
    return String(validating: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
