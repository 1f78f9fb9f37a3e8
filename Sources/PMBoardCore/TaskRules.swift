import Foundation
import PMBoardBytes

/// The field rules every task obeys, wherever it comes from (command line, import, a store file).
public enum TaskRules {
  public static let titleLimit = 200
  public static let bodyLimit = 1000

  /// The title trimmed of surrounding whitespace, or the reason it is not acceptable.
  public static func checkTitle(_ raw: String) -> Result<String, RuleViolation> {
    // Trimming goes through NSString; skip it for the usual title that has nothing to trim (import speed).
    let needsTrim = raw.unicodeScalars.first.map(isSpace) ?? false || raw.unicodeScalars.last.map(isSpace) ?? false
    let title = needsTrim ? raw.trimmingCharacters(in: .whitespacesAndNewlines) : raw
    if title.isEmpty { return .failure(RuleViolation("the title is empty; give the task a title")) }
    if title.unicodeScalars.contains(where: isLineBreak) {
      return .failure(RuleViolation("the title has a line break; a title is one line (put details in the body)"))
    }
    // A title of at most 200 UTF-8 bytes has at most 200 characters: skip the costly grapheme count.
    if title.utf8.count > titleLimit, title.count > titleLimit {
      return .failure(
        RuleViolation("the title has \(title.count) characters; at most \(titleLimit) are allowed"))
    }
    return .success(title)
  }

  private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": true
    default: false
    }
  }

  private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isWhitespace || scalar == "\n" || scalar == "\r"
  }

  public static func checkBody(_ body: String) -> Result<String, RuleViolation> {
    if body.utf8.count > bodyLimit, body.count > bodyLimit {
      return .failure(RuleViolation("the body has \(body.count) characters; at most \(bodyLimit) are allowed"))
    }
    return .success(body)
  }

  /// Checks a whole task; returns every problem, each naming the field.
  public static func problems(in task: BoardTask) -> [(field: String, problem: RuleViolation)] {
    var found: [(String, RuleViolation)] = []
    switch checkTitle(task.title) {
    case .failure(let violation): found.append(("title", violation))
    case .success(let trimmed) where trimmed != task.title:
      found.append(("title", RuleViolation("the title has leading or trailing whitespace")))
    case .success: break
    }
    if case .failure(let violation) = checkBody(task.body) { found.append(("body", violation)) }
    // The interchange format writes four-digit years; a task outside them could not be exported and read back.
    let utc = TimeZone.utc
    let days: [(String, CalendarDate?)] = [
      ("due", task.due), ("created", CalendarDate(task.created, in: utc)),
      ("updated", CalendarDate(task.updated, in: utc)),
    ]
    for case (let field, let day?) in days where !(0...9999).contains(day.year) {
      found.append((field, RuleViolation("the year \(day.year) is outside 0000–9999")))
    }
    return found
  }
}

/// Why a value breaks a field rule, worded for the person who typed it.
public struct RuleViolation: Error, Sendable, Hashable, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
