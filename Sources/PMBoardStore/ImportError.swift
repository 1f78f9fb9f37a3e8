import Foundation
import PMBoardBytes
import PMBoardCore

/// Everything wrong with an import file; nothing was imported.
public struct ImportError: Error, Sendable, PMBoardFailure {
  public var source: String
  public var problems: [String]

  public var description: String {
    let shown = problems.prefix(50).map { "\(source): \($0)" }
    let more = problems.count > 50 ? ["… and \(problems.count - 50) more problems"] : []
    return (shown + more + ["nothing was imported; fix the file and run the command again"])
      .joined(separator: "\n")
  }
}
