import Foundation

/// The field rules every task obeys, wherever it comes from (command line, import, a store file).
public enum TaskRules {
  public static let titleLimit = 200
  public static let bodyLimit = 1000

  /// The title trimmed of surrounding whitespace, or the reason it is not acceptable.
  public static func checkTitle(_ raw: String) -> Result<String, RuleViolation> {
    let title = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    if title.isEmpty { return .failure(RuleViolation("the title is empty; give the task a title")) }
    if title.contains(where: \.isNewline) {
      return .failure(RuleViolation("the title has a line break; a title is one line (put details in the body)"))
    }
    if title.count > titleLimit {
      return .failure(
        RuleViolation("the title has \(title.count) characters; at most \(titleLimit) are allowed"))
    }
    return .success(title)
  }

  public static func checkBody(_ body: String) -> Result<String, RuleViolation> {
    if body.count > bodyLimit {
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
    return found
  }
}

/// Why a value breaks a field rule, worded for the person who typed it.
public struct RuleViolation: Error, Sendable, Hashable, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
