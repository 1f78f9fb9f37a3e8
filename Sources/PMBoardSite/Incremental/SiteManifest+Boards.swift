import Foundation
import PMBoardBytes

/// What a many-board site's manifest keeps of each board, on its heading after the build's key
/// (`<TAB>boards [{…}, …]`, one line of JSON): the board's own build key, its counts for the report, and its card
/// on the root index. A later build reads only the boards whose key changed; an unchanged board's files are kept as
/// they are (``SiteWriter/keep(folder:)``) and its card on the index comes from here.
extension SiteManifest {
  static let boardsMark = "boards "

  /// One board of a many-board site as its last build left it.
  struct BoardRecord: Codable, Equatable, Sendable {
    /// Its folder in the site ("" for a one-board site's root).
    var path: String
    /// ``SiteBuilder/buildKey(theme:settings:locales:defaultLocale:info:moment:revision:)`` of the board, with
    /// its store's revision; nil when its store cannot tell one (the board is then read on every build).
    var key: String?
    var tasks: Int
    var historyEntries: Int
    /// What its build said about it (``SiteBuilder/fieldSettingWarnings(_:fields:)``), said again when it is kept.
    var warnings: [String]
    /// Its card on the root index, whole: a property added to ``SiteIndexPage/Board`` is kept with it (none for a
    /// one-board site).
    var index: SiteIndexPage.Board?
    /// How many of the manifest's lines list its files, and the folders that hold them (its own and those below,
    /// sorted): with them a later build that keeps the board keeps its lines as bytes, unread
    /// (``SiteManifest/KeptRun``). Nil in a heading an older pmboard wrote, and for a one-board site.
    var files: Int?
    var folders: [String]?

    /// The records as the heading keeps them: one line of JSON, keys sorted (the same bytes on every build).
    static func text(of records: [BoardRecord]) -> String? {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      return (try? encoder.encode(records)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The records in a heading's text; nil when it is not what ``text(of:)`` writes.
    static func records(in text: Substring) -> [BoardRecord]? {
      try? JSONDecoder().decode([BoardRecord].self, from: Data(text.utf8))
    }
  }

  /// The lines whose paths are under `prefix` (a folder and "/"), in order: one run of lines in a sorted manifest,
  /// found by halving.
  func lines(under prefix: String) -> [Int] {
    let start = prefix.utf8
    guard isSorted else { return paths.indices.filter { paths[$0].utf8.starts(with: start) } }
    var end = firstLine(after: prefix)
    let first = end
    while end < count, paths[end].utf8.starts(with: start) { end += 1 }
    return Array(first..<end)
  }
}
