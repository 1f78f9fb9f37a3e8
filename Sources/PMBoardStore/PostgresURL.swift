import Foundation

/// A `postgres://` or `postgresql://` store URL, split into what libpq gets and what pmboard keeps for itself.
///
/// The URL is libpq's own (host, port, user, password, database, `sslmode` and every other parameter), plus one
/// parameter of pmboard's, `board`, which names the board in the database (default `default`) and is taken out
/// before libpq sees the URL: libpq refuses parameters it does not know.
public struct PostgresURL: Sendable, Equatable {
  public static let defaultBoard = "default"

  /// The board's name in the database.
  public let board: String
  /// The URL without the `board` parameter, for libpq.
  public let conninfo: String
  /// The URL as given, with any password replaced by `***`: what messages show.
  public let redacted: String
  /// The password given in the URL, to scrub from any message that might repeat it.
  private let password: String?

  /// Whether `text` names a PostgreSQL store rather than a file.
  public static func isPostgres(_ text: String) -> Bool {
    let lowered = text.lowercased()
    return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
  }

  public init(_ text: String) throws(StoreError) {
    let (base, query) = Self.split(text, at: "?")
    var board: String? = Self.defaultBoard
    var kept: [Substring] = []
    var redactedItems: [String] = []
    var queryPassword: String?
    for item in query?.split(separator: "&", omittingEmptySubsequences: false) ?? [] {
      let (key, value) = Self.split(item, at: "=")
      if key == "board" {
        board = value?.removingPercentEncoding
        redactedItems.append(String(item))
        continue
      }
      kept.append(item)
      if key == "password", let value {
        queryPassword = value.removingPercentEncoding ?? String(value)
        redactedItems.append("password=***")
      } else {
        redactedItems.append(String(item))
      }
    }
    let (redactedBase, userPassword) = Self.redactUserInfo(base)
    redacted = query == nil ? redactedBase : redactedBase + "?" + redactedItems.joined(separator: "&")
    guard let board, !board.isEmpty else {
      throw .notAStore(path: redacted, reason: "its board parameter names no board; try ?board=team")
    }
    self.board = board
    conninfo = kept.isEmpty ? String(base) : base + "?" + kept.joined(separator: "&")
    password = userPassword ?? queryPassword
  }

  /// `message` with the URL's password, should it appear, replaced by `***`.
  public func scrub(_ message: String) -> String {
    guard let password, !password.isEmpty else { return message }
    return message.replacingOccurrences(of: password, with: "***")
  }

  /// `scheme://user:password@host…` with the password replaced, and the password (percent-decoded).
  private static func redactUserInfo(_ base: Substring) -> (String, String?) {
    guard let schemeEnd = base.range(of: "://") else { return (String(base), nil) }
    let afterScheme = base[schemeEnd.upperBound...]
    let authority = afterScheme.prefix { $0 != "/" }
    // The user info ends at the last `@` of the authority (a password may hold a percent-encoded one only).
    guard let at = authority.lastIndex(of: "@") else { return (String(base), nil) }
    let userInfo = authority[..<at]
    guard let colon = userInfo.firstIndex(of: ":") else { return (String(base), nil) }
    let password = userInfo[userInfo.index(after: colon)...]
    let redacted = base[..<userInfo.index(after: colon)] + "***" + base[at...]
    return (String(redacted), password.removingPercentEncoding ?? String(password))
  }

  private static func split(_ text: some StringProtocol, at separator: Character) -> (Substring, Substring?) {
    let text = Substring(text)
    guard let index = text.firstIndex(of: separator) else { return (text, nil) }
    return (text[..<index], text[text.index(after: index)...])
  }
}
