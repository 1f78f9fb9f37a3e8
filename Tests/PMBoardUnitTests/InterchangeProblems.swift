import Foundation
import PMBoardStore

/// The problems the interchange reader finds in `data`, or none: what the interchange and import-rule tests assert.
func interchangeProblems(_ data: Data) -> [String] {
  do {
    _ = try InterchangeReader().read(data, source: "in.json")
    return []
  } catch {
    return error.problems
  }
}
