import Foundation
import PMBoardSite

/// The oracle's theme override folders (`theme/` for `--templates`, `public/` for `--public`): each edit is the
/// built-in file with one marked change, so the templates stay valid and the site's own check passes them.
enum OracleTheme {
  /// Partials whose first tag may hold a marker: every page shows the footer and header, board and column pages
  /// the cards, history pages the entries.
  static let templates = ["footer", "header", "card", "entry"]

  static let builtIn: Theme = {
    // A folder that does not exist: the built-in theme alone, without this test's working directory's own.
    guard
      let theme = try? Theme.load(
        templatesDir: nil, publicDir: nil, workingDirectory: URL(fileURLWithPath: "/nonexistent-oracle"))
    else { preconditionFailure("the built-in theme does not load") }
    return theme
  }()

  /// The override's path under the working directory and its bytes; nil bytes for variant 0 (no override).
  static func template(_ name: String, variant: Int) -> (path: String, data: Data?) {
    let path = "theme/partials/\(name).mustache"
    guard variant != 0, let original = builtIn.templates[name]?.text else { return (path, nil) }
    return (path, Data(afterFirstTag(original, insert: "<span class=\"oracle\">oracle \(variant)</span>").utf8))
  }

  /// The locale's catalog with the board's "empty column" line changed.
  static func catalog(_ locale: String, variant: Int) -> (path: String, data: Data?) {
    let path = "theme/locales/\(locale).yml"
    guard variant != 0, let original = builtIn.catalogs[locale]?.text else { return (path, nil) }
    var lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if let line = lines.firstIndex(where: { $0.hasPrefix("  empty: ") }) {
      lines[line] += " (oracle \(variant))"
    }
    return (path, Data(lines.joined(separator: "\n").utf8))
  }

  static func asset(variant: Int) -> (path: String, data: Data?) {
    let path = "public/style.css"
    guard variant != 0, let original = builtIn.assets["style.css"]?.data else { return (path, nil) }
    return (path, original + Data("\n/* oracle \(variant) */\n".utf8))
  }

  /// `text` with `insert` right after its first tag's `>` (inside the partial's outer element).
  private static func afterFirstTag(_ text: String, insert: String) -> String {
    guard let end = text.firstIndex(of: ">") else { return insert + text }
    let after = text.index(after: end)
    return String(text[..<after]) + insert + String(text[after...])
  }
}
