import Foundation
import PMBoardCore

/// Everything wrong with an import file; nothing was imported.
public struct ImportError: Error, Sendable, PMBoardFailure {
  public var source: String
  public var problems: [String]

  public init(source: String, problems: [String]) {
    self.source = source
    self.problems = problems
  }

  public var description: String { lines.joined(separator: "\n") }

  public var lines: [String] {
    // One line a problem, the last saying that nothing was imported: no summary line of its own.
    var lines = problems.prefix(50).map { "\(source): \($0)" }
    if problems.count > 50 { lines.append("… and \(problems.count - 50) more problems") }
    lines[lines.count - 1] += "; nothing was imported"
    return lines
  }
}
