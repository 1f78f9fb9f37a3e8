import Foundation

/// Picks the store for a path: a `postgres://` URL opens a PostgreSQL store, otherwise the file's extension decides.
public enum StoreLocator {
  /// Used when neither `--store` nor `PMBOARD_STORE` names a store.
  public static let defaultPath = "board.sqlite"

  /// `.sqlite` and `.db` open an SQLite store, `.json` a JSON file store; any other extension is refused
  /// (`StoreError.notAStore`) rather than guessed, so a typo cannot create a store of the wrong kind.
  public static func store(forPath path: String) throws -> any BoardStore {
    if PostgresURL.isPostgres(path) { return try PostgresBoardStore(url: path) }
    let fileExtension = (path as NSString).pathExtension.lowercased()
    switch fileExtension {
    case "sqlite", "db": return SQLiteBoardStore(path: path)
    case "json": return JSONBoardStore(path: path)
    default:
      let found = fileExtension.isEmpty ? "no extension" : "the extension .\(fileExtension)"
      throw StoreError.notAStore(
        path: path,
        reason: "\(found) is not a store's; use .sqlite or .db (SQLite), .json (a JSON file) or a postgres:// URL")
    }
  }

  /// The store path in force: the `--store` flag, else `PMBOARD_STORE`, else `defaultPath`; empty values count as unset.
  public static func resolvePath(flag: String?, environment: [String: String]) -> String {
    if let flag, !flag.isEmpty { return flag }
    if let variable = environment["PMBOARD_STORE"], !variable.isEmpty { return variable }
    return defaultPath
  }
}
