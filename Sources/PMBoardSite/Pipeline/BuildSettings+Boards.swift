import Foundation
import Yams

/// `boards:` in `pmboard.yml`: the boards of a many-board site, each a store and the folder its site goes in.
///
/// ```yaml
/// boards:
///   - store: mobile.sqlite          # path: mobile
///   - store: postgres://db.example.org/team?board=web
///     path: teams/web
/// ```
///
/// or every board of a PostgreSQL database, each in a folder named after it: `boards: postgres://db.example.org/team`.
extension BuildSettings {
  /// One board of a many-board site.
  public struct BoardEntry: Sendable, Equatable {
    /// The board's store, as `--store` takes it.
    public var store: String
    /// Its folder under the site: `path:`, else the store's file name without its extension, or a PostgreSQL
    /// URL's `board`.
    public var path: String
    /// `store` is a PostgreSQL database whose every board is one of the site's (`boards: postgres://…`).
    public var everyBoard = false

    public init(store: String, path: String? = nil) {
      self.store = store
      self.path = path ?? Self.defaultPath(of: store)
    }

    /// Every board of the database `url`.
    public init(everyBoardOf url: String) {
      (store, path, everyBoard) = (url, "", true)
    }

    /// `mobile` for `boards/mobile.sqlite`, `web` for `postgres://…?board=web` (`default` without one).
    static func defaultPath(of store: String) -> String {
      if store.hasPrefix("postgres://") || store.hasPrefix("postgresql://") {
        let board = URLComponents(string: store)?.queryItems?.first { $0.name == "board" }?.value ?? ""
        return board.isEmpty ? "default" : board.lowercased()
      }
      let name = (store as NSString).lastPathComponent
      return ((name as NSString).deletingPathExtension).lowercased()
    }
  }

  /// The folders a board's path may not be: the root index's own (its assets) and the locales' (its pages).
  public static let reservedBoardPaths: Set<String> = ["assets"]

  /// Why `entries` cannot be the boards of one site, or nil: every path is lower-case letters, digits, `-`, `_`
  /// and `.` in `/`-separated parts (no `..`, nothing outside the site), no path is a locale's folder, the root's
  /// `assets`, or inside another board's, and no two are the same.
  public static func problem(ofBoards entries: [BoardEntry], locales: [String]) -> String? {
    var seen: [String] = []
    for entry in entries {
      let parts = entry.path.split(separator: "/", omittingEmptySubsequences: false)
      let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-_.")
      guard !entry.path.isEmpty,
        parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && $0.allSatisfy(allowed.contains) })
      else {
        return "board `\(entry.store)`: path `\(entry.path)` must be lower-case letters, digits, `-`, `_` and `.`, "
          + "in parts separated by `/` (e.g. `mobile` or `teams/web`)"
      }
      let first = String(parts[0])
      if reservedBoardPaths.contains(first) || locales.contains(first) {
        return "board `\(entry.store)`: path `\(entry.path)` is taken by the site's own `\(first)/`; choose another"
      }
      if let other = seen.first(where: {
        $0 == entry.path || $0.hasPrefix(entry.path + "/") || entry.path.hasPrefix($0 + "/")
      }) {
        return
          "boards `\(other)` and `\(entry.path)`: one board's folder would hold the other's; give each its own path"
      }
      seen.append(entry.path)
    }
    return nil
  }

  /// `boards:` as a list of `{store, path}` mappings (a bare text item is a store).
  static func boardEntries(_ node: Node, place: String) throws(ConfigError) -> [BoardEntry] {
    if let url = node.string, url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") {
      return [BoardEntry(everyBoardOf: url)]
    }
    guard let items = node.sequence, !items.isEmpty else {
      throw ConfigError(message: "\(place): `boards` takes a list of boards, each `- store: FILE` (and `path: NAME`)")
    }
    var entries: [BoardEntry] = []
    for item in items {
      let at = "\(place.split(separator: ":").first ?? ""):\(item.mark?.line ?? 1):\(item.mark?.column ?? 1)"
      if let store = item.string {
        entries.append(BoardEntry(store: store))
        continue
      }
      guard let mapping = item.mapping else {
        throw ConfigError(message: "\(at): a board is `store: FILE` with an optional `path: NAME`")
      }
      var store: String?
      var path: String?
      for (key, value) in mapping {
        switch key.string {
        case "store": store = value.string
        case "path": path = value.string
        default:
          throw ConfigError(message: "\(at): a board takes `store` and `path`, not `\(key.string ?? "")`")
        }
      }
      guard let store, !store.isEmpty else { throw ConfigError(message: "\(at): a board needs `store:`") }
      entries.append(BoardEntry(store: store, path: path))
    }
    return entries
  }
}
