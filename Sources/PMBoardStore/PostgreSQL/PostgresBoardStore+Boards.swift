import Foundation
import PMBoardCore

extension PostgresBoardStore {
  /// The names of every board in the database the URL names (its `board` aside), in the order they were made, for
  /// `boards:` that names a database rather than a list (the order decides which of two names that differ only in
  /// case keeps the folder both would have).
  public static func boardNames(in url: String) async throws -> [String] {
    let store = try PostgresBoardStore(url: url)
    return try await store.run(writing: false) { connection, url in
      try PostgresSchema.prepare(connection, url: url, creating: false)
      let rows = try connection.execute("SELECT name FROM pmboard.board ORDER BY made")
      return (0..<rows.count).compactMap { rows.text($0, 0) }
    }
  }

  /// `url` naming board `name` instead of the one it names (or the default).
  public static func url(_ url: String, board name: String) -> String {
    let (base, query) = url.firstIndex(of: "?").map { (url[..<$0], url[url.index(after: $0)...]) } ?? (url[...], "")
    let kept = query.split(separator: "&").filter { !$0.hasPrefix("board=") }
    let encoded = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name
    return base + "?" + (kept + ["board=" + encoded[...]]).joined(separator: "&")
  }
}
