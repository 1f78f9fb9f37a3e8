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
  /// The URL as given without its password: what a replica keeps (a password belongs in `~/.pgpass` or
  /// `PGPASSWORD`, which libpq reads on every connection).
  public let withoutPassword: String
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
    var plainItems: [String] = []
    var queryPassword: String?
    for item in query?.split(separator: "&", omittingEmptySubsequences: false) ?? [] {
      let (key, value) = Self.split(item, at: "=")
      if key == "board" {
        board = value?.removingPercentEncoding
        redactedItems.append(String(item))
        plainItems.append(String(item))
        continue
      }
      kept.append(item)
      if key == "password", let value {
        queryPassword = value.removingPercentEncoding ?? String(value)
        redactedItems.append("password=***")
      } else {
        redactedItems.append(String(item))
        plainItems.append(String(item))
      }
    }
    let (redactedBase, userPassword) = Self.redactUserInfo(base)
    redacted = query == nil ? redactedBase : redactedBase + "?" + redactedItems.joined(separator: "&")
    let plainBase = redactedBase.replacingOccurrences(of: ":***@", with: "@")
    withoutPassword = plainItems.isEmpty ? plainBase : plainBase + "?" + plainItems.joined(separator: "&")
    guard let board, !board.isEmpty else {
      throw .notAStore(path: redacted, reason: "its board parameter names no board; try ?board=team")
    }
    self.board = board
    conninfo = kept.isEmpty ? String(base) : base + "?" + kept.joined(separator: "&")
    password = userPassword ?? queryPassword
  }

  /// What stands for a password in a masked argument: a fixed text, so that `ps` does not tell the password's
  /// length either.
  public static let passwordMask = "***"

  /// `text` (a command-line argument, or a message that quotes one) with any PostgreSQL URL's password, and the
  /// value of libpq's `password=` keyword form (`host=db password=secret`), replaced by ``passwordMask``, for `ps`
  /// and error lines to show; nil when there is no password in it.
  public static func maskingPassword(in text: String) -> String? {
    let bytes = Array(text.utf8)
    let lowered = Array(text.lowercased().utf8)
    var passwords: [Range<Int>] = []
    for scheme in ["postgres://", "postgresql://"] {
      let pattern = Array(scheme.utf8)
      var index = 0
      while index + pattern.count <= lowered.count {
        defer { index += 1 }
        guard Array(lowered[index..<index + pattern.count]) == pattern else { continue }
        passwords += passwordRanges(in: bytes, urlStart: index + pattern.count)
      }
    }
    passwords += keywordPasswordRanges(in: bytes, lowered: lowered)
    guard !passwords.isEmpty else { return nil }
    var masked: [UInt8] = []
    var copied = 0
    // In the order they come; a range that overlaps one already masked (a URL within a URL) is skipped.
    for range in passwords.sorted(by: { $0.lowerBound < $1.lowerBound }) where range.lowerBound >= copied {
      masked += bytes[copied..<range.lowerBound] + Array(passwordMask.utf8)
      copied = range.upperBound
    }
    masked += bytes[copied...]
    return String(decoding: masked, as: UTF8.self)
  }

  /// Where the values of libpq's `password = value` keyword form lie: the keyword at the start or after a space
  /// (a URL's `?password=` and `&password=` are the URL's), the value a run of non-spaces or a quoted `'…'` with
  /// `\'` escapes.
  private static func keywordPasswordRanges(in bytes: [UInt8], lowered: [UInt8]) -> [Range<Int>] {
    let keyword = Array("password".utf8)
    let (space, equals, quote, backslash) = (
      UInt8(ascii: " "), UInt8(ascii: "="), UInt8(ascii: "'"), UInt8(ascii: "\\")
    )
    var ranges: [Range<Int>] = []
    var index = 0
    while index + keyword.count <= lowered.count {
      defer { index += 1 }
      guard index == 0 || bytes[index - 1] == space || bytes[index - 1] == UInt8(ascii: "\t"),
        Array(lowered[index..<index + keyword.count]) == keyword
      else { continue }
      var at = index + keyword.count
      while at < bytes.count, bytes[at] == space { at += 1 }
      guard at < bytes.count, bytes[at] == equals else { continue }
      at += 1
      while at < bytes.count, bytes[at] == space { at += 1 }
      let start = at
      if at < bytes.count, bytes[at] == quote {
        at += 1
        while at < bytes.count, bytes[at] != quote { at += bytes[at] == backslash ? 2 : 1 }
        at = min(at + 1, bytes.count)
      } else {
        while at < bytes.count, bytes[at] != space, bytes[at] != UInt8(ascii: "\t") { at += 1 }
      }
      if at > start { ranges.append(start..<at) }
    }
    return ranges
  }

  /// Where the user-info password and any `password=` parameter of the URL whose authority starts at `start` lie
  /// (non-empty ones only).
  private static func passwordRanges(in bytes: [UInt8], urlStart start: Int) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    let end = bytes[start...].firstIndex { $0 == UInt8(ascii: " ") } ?? bytes.count
    let authorityEnd = bytes[start..<end].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? end
    if let at = bytes[start..<authorityEnd].lastIndex(of: UInt8(ascii: "@")),
      let colon = bytes[start..<at].firstIndex(of: UInt8(ascii: ":")), at > colon + 1
    {
      ranges.append(colon + 1..<at)
    }
    let key = Array("password=".utf8)
    var index = authorityEnd
    while index + key.count <= end {
      let before = index == authorityEnd ? nil : bytes[index - 1]
      if Array(bytes[index..<index + key.count]) == key,
        before == UInt8(ascii: "?") || before == UInt8(ascii: "&")
      {
        let value = index + key.count
        let valueEnd = bytes[value..<end].firstIndex(of: UInt8(ascii: "&")) ?? end
        if valueEnd > value { ranges.append(value..<valueEnd) }
        index = valueEnd
      } else {
        index += 1
      }
    }
    return ranges
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
