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
/// or every board of a PostgreSQL database, each in a folder named after it: `boards: postgres://db.example.org/team`,
/// or in a list `- database: postgres://db.example.org/team`, where an entry of its own for one of its boards (with
/// `path:`) stands for that board.
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

    /// `mobile` for `boards/mobile.sqlite`, `web` for `postgres://…?board=web` (`default` without one; a name that
    /// is no folder gets its ``folders(forBoards:reserved:)`` slug).
    static func defaultPath(of store: String) -> String {
      if store.hasPrefix("postgres://") || store.hasPrefix("postgresql://") {
        let board = URLComponents(string: store)?.queryItems?.first { $0.name == "board" }?.value ?? ""
        return board.isEmpty
          ? "default"
          : folders(
            forBoards: [board], reserved: BuildSettings.reservedBoardPaths.union(BuildSettings.reservedBoardFiles))[0]
      }
      let name = (store as NSString).lastPathComponent
      return ((name as NSString).deletingPathExtension).lowercased()
    }
  }

  /// The folders a board's path may not be: the root index's own (its assets) and the locales' (its pages).
  public static let reservedBoardPaths: Set<String> = ["assets"]
  /// The root index's own files: a board's folder by that name would be replaced by the file, or the file lost.
  public static let reservedBoardFiles: Set<String> = [SiteAddresses.rootIndex]

  /// Why `entries` cannot be the boards of one site, or nil: every path is lower-case letters, digits, `-`, `_`
  /// and `.` in `/`-separated parts (no `..`, nothing outside the site, no part starting with `.`: the site's
  /// `.pmboard-manifest` and other dot files are pmboard's), no path is a locale's folder, the root's `assets` or
  /// `index.html`, or inside another board's, and no two are the same.
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
      if let hidden = parts.first(where: { $0.hasPrefix(".") }) {
        return "board `\(entry.store)`: path `\(entry.path)` has the part `\(hidden)`, and names starting with `.` "
          + "are the site's own (`.pmboard-manifest`); choose a path without a leading `.`"
      }
      let first = String(parts[0])
      if reservedBoardFiles.contains(first) {
        return "board `\(entry.store)`: path `\(entry.path)` is the site's own `\(first)` (the index of the boards); "
          + "choose another"
      }
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
    let database = "a board is `store: FILE` with an optional `path: NAME`, or `database: postgres://…`"
    for item in items {
      let at = "\(place.split(separator: ":").first ?? ""):\(item.mark?.line ?? 1):\(item.mark?.column ?? 1)"
      if let store = item.string {
        entries.append(BoardEntry(store: store))
        continue
      }
      guard let mapping = item.mapping else { throw ConfigError(message: "\(at): \(database)") }
      var store: String?
      var path: String?
      var every: String?
      for (key, value) in mapping {
        switch key.string {
        case "store": store = value.string
        case "path": path = value.string
        case "database": every = value.string
        default:
          throw ConfigError(
            message: "\(at): a board takes `store` and `path` (or `database`), not `\(key.string ?? "")`")
        }
      }
      if let every {
        guard store == nil, path == nil, every.hasPrefix("postgres://") || every.hasPrefix("postgresql://") else {
          throw ConfigError(message: "\(at): \(database), alone: every board of it, each in a folder of its own")
        }
        entries.append(BoardEntry(everyBoardOf: every))
        continue
      }
      guard let store, !store.isEmpty else { throw ConfigError(message: "\(at): a board needs `store:`") }
      entries.append(BoardEntry(store: store, path: path))
    }
    return entries
  }
}
