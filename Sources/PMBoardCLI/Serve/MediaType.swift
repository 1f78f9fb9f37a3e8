/// The `Content-Type` of a served file, from its name's extension: what a site's pages, feeds and badges are,
/// and what a `Public/` folder commonly holds.
package enum MediaType {
  /// What a name with no extension listed here is served as: bytes to save, never to sniff.
  static let fallback = "application/octet-stream"

  static let html = "text/html; charset=utf-8"

  private static let byExtension: [String: String] = [
    "html": html,
    "css": "text/css; charset=utf-8",
    "js": "text/javascript; charset=utf-8",
    "mjs": "text/javascript; charset=utf-8",
    "json": "application/json",
    // The site's feeds are Atom documents (`history.atom`, a name's `.atom`); any other XML is plain XML.
    "atom": "application/atom+xml",
    "xml": "application/xml",
    "ics": "text/calendar; charset=utf-8",
    "svg": "image/svg+xml",
    "png": "image/png",
    "jpg": "image/jpeg",
    "jpeg": "image/jpeg",
    "gif": "image/gif",
    "webp": "image/webp",
    "avif": "image/avif",
    "ico": "image/vnd.microsoft.icon",
    "webmanifest": "application/manifest+json",
    "txt": "text/plain; charset=utf-8",
    "md": "text/markdown; charset=utf-8",
    "csv": "text/csv; charset=utf-8",
    "pdf": "application/pdf",
    "woff": "font/woff",
    "woff2": "font/woff2",
    "ttf": "font/ttf",
    "otf": "font/otf",
    "wasm": "application/wasm",
    "map": "application/json",
  ]

  /// The type of the file `name` (its last component).
  package static func of(_ name: String) -> String {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return fallback }
    return byExtension[name[name.index(after: dot)...].lowercased()] ?? fallback
  }
}
